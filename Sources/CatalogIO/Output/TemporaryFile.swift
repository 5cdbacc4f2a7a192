// The temporary file an output is written to, removed when the run fails or is interrupted.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locked
import Synchronization

/// A new file beside an output's target, `.NAME.cardsize-PID-N.tmp`, that ``OutputFile``
/// renames over the target when the run succeeds. Until then it is listed for removal on
/// every signal that ends the process and can be caught (see ``InterruptCleanup``).
final class TemporaryFile: Sendable {
    let path: String
    let descriptor: Int32
    private let slot: Int?

    private static let counter = Atomic(0)

    /// Creates the file, with `mode` (the target's, when it exists) or 0644 less the umask.
    init(beside target: String, mode: mode_t?) throws(OutputError) {
        let url = URL(fileURLWithPath: target)
        let prefix = url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".cardsize-\(getpid())-"
        while true {
            let candidate = prefix + "\(Self.counter.add(1, ordering: .relaxed).newValue).tmp"
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 {
                if let mode { fchmod(descriptor, mode) }
                path = candidate
                self.descriptor = descriptor
                slot = InterruptCleanup.register(candidate)
                return
            }
            guard errno == EEXIST else { throw .cannotCreate(path: target, reason: OutputFile.lastError()) }
        }
    }

    /// Deletes the file.
    func remove() {
        forget()
        unlink(path)
    }

    /// Stops listing the file for removal: it has become the target.
    func forget() {
        if let slot { InterruptCleanup.unregister(slot) }
    }
}

/// Removes the temporary files of outputs not yet in place when the process is told to stop
/// (by any signal that ends a process and can be caught: SIGINT, SIGTERM, SIGHUP, SIGQUIT,
/// SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE), then lets the signal take its usual effect, so an interrupted
/// run leaves the targets as they were and no litter; and when it exits without committing
/// them (an error thrown past the output, `exit`). Signals the process ignores (`nohup`)
/// stay ignored.
enum InterruptCleanup {
    static let capacity = 16
    /// The signals whose default is to end the process and that a handler can catch.
    static let stoppingSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE]
    /// The listed paths as C strings, read by the signal handler (which may not allocate or lock).
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let paths = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        paths.initialize(repeating: nil, count: capacity)
        return paths
    }()
    private static let lock = Locked(false)  // whether the handlers are installed

    /// Lists `path` for removal; its slot, or `nil` when the table is full (the file is then
    /// still removed when the run fails, only not on a signal).
    static func register(_ path: String) -> Int? {
        lock.withLock { installed in
            if !installed {
                for signalNumber in stoppingSignals { install(signalNumber) }
                // A process may start with these blocked (Foundation's `Process` passes its
                // thread's mask on): they would then wait forever instead of stopping the run.
                var unblocked = sigset_t()
                sigemptyset(&unblocked)
                for signalNumber in stoppingSignals { sigaddset(&unblocked, signalNumber) }
                pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
                atexit { InterruptCleanup.removeListed() }
                installed = true
            }
            guard let slot = (0..<capacity).first(where: { paths[$0] == nil }) else { return nil }
            paths[slot] = strdup(path)
            return slot
        }
    }

    static func unregister(_ slot: Int) {
        lock.withLock { _ in
            let path = paths[slot]
            paths[slot] = nil
            free(path)
        }
    }

    /// Unlinks every listed file; only async-signal-safe calls.
    private static func removeListed() {
        for slot in 0..<capacity {
            if let path = paths[slot] { unlink(path) }
        }
    }

    private static func install(_ signalNumber: Int32) {
        let previous = signal(signalNumber) { signalNumber in
            InterruptCleanup.removeListed()
            signal(signalNumber, SIG_DFL)
            raise(signalNumber)
        }
        if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
            signal(signalNumber, SIG_IGN)
        }
    }
}
