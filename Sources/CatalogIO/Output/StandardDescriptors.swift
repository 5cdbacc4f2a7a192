// Descriptors 0–2 held open, so that no file the process opens is taken for standard output.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Guards a process started with standard input, output or error closed (`2>&-`).
public enum StandardDescriptors {
    /// Opens `/dev/null` read-only onto each of descriptors 0, 1 and 2 that is closed. Call
    /// it first thing: otherwise the first file the process opens gets the lowest free
    /// descriptor, say 2, and every message meant for stderr lands in that file (a run's
    /// summary inside its `-o` output). Read-only, so that a write to a stream that was
    /// closed still fails (EBADF) and the run can say so by its exit status.
    public static func reserveClosed() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) < 0 {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}
