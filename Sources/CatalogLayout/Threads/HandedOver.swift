// A value one thread hands to another, checked by the compiler instead of promised.
import Locked

/// A value that is not `Sendable` (a catalog reader, a record writer) carried into a
/// `@Sendable` closure: the lock makes the hand-over checked, and costs one uncontended
/// lock per use, since one thread uses the value from then on.
final class HandedOver<Value>: Sendable {
    private let value: Locked<Value>

    init(_ value: sending Value) { self.value = Locked(value) }

    /// Runs `body` with the value.
    func use<Result: Sendable, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> Result {
        try value.withLock(body)
    }
}
