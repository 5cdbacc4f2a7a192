// A value one thread hands to another, checked by the compiler instead of promised.
import Synchronization

/// A value that is not `Sendable` (a catalog reader, a record writer) carried into a
/// `@Sendable` closure: the mutex makes the hand-over checked, and costs one uncontended
/// lock per use, since one thread uses the value from then on.
final class HandedOver<Value>: Sendable {
    private let value: Mutex<Value>

    init(_ value: sending Value) { self.value = Mutex(value) }

    /// Runs `body` with the value.
    func use<Result: Sendable, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> Result {
        try value.withLock(body)
    }
}
