// Running a command as a child process and reading what the kernel counted for it.
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What one finished child process cost, from `wait4`'s resource usage and a clock.
struct ChildUsage {
    var wallSeconds: Double
    /// User plus system CPU time of the child (all its threads).
    var cpuSeconds: Double
    /// The child's peak resident set (`ru_maxrss`), in bytes.
    var peakBytes: Int
    /// The exit status, or 128 + the signal that ended it.
    var status: Int32
}

/// A command to run, with its standard output and error sent to files and extra
/// environment variables (the allocation counter's).
struct ChildProcess {
    var arguments: [String]
    var environment: [String: String] = [:]
    var standardOutput = "/dev/null"
    var standardError = "/dev/null"

    /// The command as a person would type it.
    var commandLine: String { arguments.map(Self.quoted).joined(separator: " ") }

    /// Runs the command to its end. Not Foundation's `Process`: it does not hand back the
    /// child's `rusage`, and `getrusage(RUSAGE_CHILDREN)` would mix all children's peaks.
    func run() throws -> ChildUsage {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        let started = ContinuousClock.now
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw BenchmarkFailure("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkFailure("wait4: \(String(cString: strerror(errno)))") }
        }
        let wall = ContinuousClock.now - started
        // The macros WIFEXITED and friends are not visible to Swift: low 7 bits are the
        // signal, the next byte the exit code.
        let signal = status & 0x7F
        return ChildUsage(
            wallSeconds: wall.seconds,
            cpuSeconds: usage.ru_utime.seconds + usage.ru_stime.seconds,
            peakBytes: usage.ru_maxrss * 1024,
            status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal)
    }

    private static func quoted(_ argument: String) -> String {
        argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./,:=@".contains($0) }
            ? argument : "'" + argument.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

extension timeval {
    var seconds: Double { Double(tv_sec) + Double(tv_usec) / 1e6 }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// A failure that stops the benchmark, with the reason to print.
struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
