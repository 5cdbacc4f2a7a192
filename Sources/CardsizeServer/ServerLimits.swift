// What one request may ask of the server.
import NIOPosix

/// Bounds on a request: its body's size and the time its measurements may take, so that no
/// client can hold the server's cores or memory.
public struct ServerLimits: Sendable, Hashable {
    /// The largest request body read, in bytes; a larger one is answered 413.
    public var maximumBodyBytes: Int
    /// The most items (texts, records, heights) one request may hold.
    public var maximumItems: Int
    /// How long a request may take from its arrival; past it the request is answered 503,
    /// checked between items (one text is bounded by the engine's own limits on its size).
    public var requestTimeLimit: Duration
    /// How long a connection may take to send a whole request (its headers and body) once
    /// it is open or its last answer was sent; past it the connection is closed, so that a
    /// client sending nothing, or a byte at a time, holds no connection for long.
    public var requestReadTimeLimit: Duration

    public init(
        maximumBodyBytes: Int = 8 << 20, maximumItems: Int = 100_000, requestTimeLimit: Duration = .seconds(10),
        requestReadTimeLimit: Duration = .seconds(10)
    ) {
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumItems = maximumItems
        self.requestTimeLimit = requestTimeLimit
        self.requestReadTimeLimit = requestReadTimeLimit
    }

    /// When the time of a request that arrives now runs out.
    func deadline() -> ContinuousClock.Instant {
        ContinuousClock.now + requestTimeLimit
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

    /// Refuses more items than the limit (413); `deadline` is the request's
    /// (``ServerLimits/deadline()`` when it arrived).
    init(limits: ServerLimits, count: Int, what: String, deadline: ContinuousClock.Instant) throws {
        guard count <= limits.maximumItems else {
            throw ErrorBody(.contentTooLarge, "\(count) \(what) are over the limit of \(limits.maximumItems)")
        }
        self.limits = limits
        self.count = count
        self.what = what
        self.deadline = deadline
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

/// Runs a request's measuring on NIO's blocking thread pool, so that the threads reading and
/// answering requests (a health check's among them) never wait behind a long measurement.
func measuring<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await NIOThreadPool.singleton.runIfActive(work)
}
