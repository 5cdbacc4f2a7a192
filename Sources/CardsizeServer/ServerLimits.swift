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

/// A request's items checked against the limits: their number at the start, the time
/// between items.
struct ItemBudget {
    let limits: ServerLimits
    let count: Int
    /// "requests", "records", "heights": what the items are, for the messages.
    let what: String
    private let deadline: ContinuousClock.Instant

    /// Refuses more items than the limit (413).
    init(limits: ServerLimits, count: Int, what: String) throws {
        guard count <= limits.maximumItems else {
            throw ErrorBody(.contentTooLarge, "\(count) \(what) are over the limit of \(limits.maximumItems)")
        }
        self.limits = limits
        self.count = count
        self.what = what
        deadline = ContinuousClock.now + limits.requestTimeLimit
    }

    /// Throws a 503 once the request's time is up, before item `index`.
    func checkTime(before index: Int) throws {
        guard ContinuousClock.now < deadline else {
            throw ErrorBody(
                .serviceUnavailable,
                "the request time limit (\(limits.requestTimeLimit)) ran out after \(index) of \(count) \(what)")
        }
    }
}
