// What one request may ask of the server.

/// Bounds on a request: its body's size and the time its measurements may take, so that no
/// client can hold the server's cores or memory.
public struct ServerLimits: Sendable, Hashable {
    /// The largest request body read, in bytes; a larger one is answered 413.
    public var maximumBodyBytes: Int
    /// The most items (texts, records, heights) one request may hold.
    public var maximumItems: Int
    /// How long a request's measurements may run; past it the request is answered 503,
    /// checked between items (a single item is never cut).
    public var requestTimeLimit: Duration

    public init(maximumBodyBytes: Int = 8 << 20, maximumItems: Int = 100_000, requestTimeLimit: Duration = .seconds(10)) {
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumItems = maximumItems
        self.requestTimeLimit = requestTimeLimit
    }
}
