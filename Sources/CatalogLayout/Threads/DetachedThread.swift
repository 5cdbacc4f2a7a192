// A thread of its own for a catalog run's reader or writer.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts threads that run one closure and end, unjoined: a pthread rather than a task,
/// since the work blocks on file reads and writes, and rather than Foundation's `Thread`,
/// which would link Foundation (and ICU's data) into every program for this alone.
enum DetachedThread {
    /// Runs `body` on a new thread with a stack of `stackSize` bytes.
    static func start(stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let result = pthread_create(&thread, &attributes, { context in
            let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
            body.run()
            return nil
        }, context)
        precondition(result == 0, "pthread_create failed: \(String(cString: strerror(result)))")
    }

    /// The closure, as a reference that crosses into the new thread.
    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
