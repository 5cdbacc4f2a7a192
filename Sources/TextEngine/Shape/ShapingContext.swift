// Per-thread scratch state for preparing texts: a HarfBuzz buffer and ICU line breakers.
import Synchronization

/// The objects that preparing a text needs and that are not thread-safe: a HarfBuzz
/// buffer and one ICU line breaker per locale. A context is used by one thread at a time,
/// lent by a ``ScratchPool``; that is why it may be `@unchecked Sendable`.
final class ShapingContext: @unchecked Sendable {
    let buffer = HarfBuzzBuffer()
    private var breakers: [String: ICULineBreaker] = [:]

    /// The line breaker for an ICU locale, opened on first use (about 3 µs) and then reused.
    func breaker(locale: String) throws(TextEngineError) -> ICULineBreaker {
        if let breaker = breakers[locale] { return breaker }
        let breaker = try ICULineBreaker(locale: locale)
        breakers[locale] = breaker
        return breaker
    }
}

/// Lends reusable scratch objects to one thread at a time; as many exist as threads have
/// used the pool at once.
final class ScratchPool<Item: Sendable>: Sendable {
    private let idle = Mutex<[Item]>([])
    private let make: @Sendable () -> Item

    init(make: @escaping @Sendable () -> Item) { self.make = make }

    func withItem<Result, Failure: Error>(_ body: (Item) throws(Failure) -> Result) throws(Failure) -> Result {
        let item = idle.withLock { $0.popLast() } ?? make()
        defer { idle.withLock { $0.append(item) } }
        return try body(item)
    }
}
