// A value behind a lock that ThreadSanitizer can see.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value that one thread at a time reads or changes, in ``withLock(_:)``.
///
/// The lock is a ``ThreadLock`` (a pthread mutex) rather than the standard library's `Mutex`:
/// on Linux `Mutex` waits on a futex inside a module built without ThreadSanitizer's
/// instrumentation, so every access it guards is reported as a race (checked: two threads
/// appending under a `Mutex` give "Swift access race"), and `scripts/sanitize.sh` could
/// tell nothing apart. Like `Mutex`, the value goes in and out as `sending`, so a value
/// that is not `Sendable` is handed over, never shared.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = ThreadLock()
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

/// A pthread mutex, which ThreadSanitizer intercepts (see ``Locked``), for state that a
/// ``Locked`` value cannot hold: a lock whose critical sections client modules inline.
public final class ThreadLock: @unchecked Sendable {
    /// On the heap, where it stays: a pthread mutex must not move.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inlinable public func lock() { pthread_mutex_lock(mutex) }

    @inlinable public func unlock() { pthread_mutex_unlock(mutex) }
}
