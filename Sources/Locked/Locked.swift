// A value behind a lock that ThreadSanitizer can see.
import Foundation

/// A value that one thread at a time reads or changes, in ``withLock(_:)``.
///
/// The lock is an `NSLock` (a pthread mutex) rather than the standard library's `Mutex`:
/// on Linux `Mutex` waits on a futex inside a module built without ThreadSanitizer's
/// instrumentation, so every access it guards is reported as a race (checked: two threads
/// appending under a `Mutex` give "Swift access race"), and `scripts/sanitize.sh` could
/// tell nothing apart. Like `Mutex`, the value goes in and out as `sending`, so a value
/// that is not `Sendable` is handed over, never shared.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value  // guarded by `lock`

    public init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    public func withLock<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
