// Progress on standard error for long runs, only when a person is watching.
import CatalogIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts records and, when standard error is a terminal, redraws one status line a few
/// times a second: for a file, a bar of the share read, records per second and the time
/// left; for standard input, the count and the rate. Silent in pipes and logs, so output
/// stays byte-for-byte reproducible.
struct Progress: Sendable {
    let label: String
    /// The file being read, whose offset says how much of it is read; `nil` for a pipe.
    private let input: InputFile?
    private let inputSize: UInt64
    private let enabled = isatty(STDERR_FILENO) != 0
    private let started = ContinuousClock.now
    private var count = 0
    private var lastDrawn: ContinuousClock.Instant?

    init(label: String, input: InputFile?) {
        self.label = label
        self.input = input
        var status = stat()
        inputSize = input.map { fstat($0.descriptor.rawValue, &status) == 0 ? UInt64(max(0, status.st_size)) : 0 } ?? 0
    }

    mutating func tick(by done: Int = 1) {
        count += done
        guard enabled else { return }
        let now = ContinuousClock.now
        if let lastDrawn, now - lastDrawn < .milliseconds(200) { return }
        lastDrawn = now
        StandardError.write("\r" + line(at: now) + "\u{1B}[K")
    }

    /// Clears the status line.
    func finish() {
        if enabled, lastDrawn != nil { StandardError.write("\r\u{1B}[K") }
    }

    private func line(at now: ContinuousClock.Instant) -> String {
        let elapsed = now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Double(count) / seconds : 0
        let counts = "\(count) \(label), \(Int(rate))/s"
        guard let input, inputSize > 0 else { return counts }
        let offset = UInt64(max(0, lseek(input.descriptor.rawValue, 0, SEEK_CUR)))
        let share = min(1, Double(offset) / Double(inputSize))
        let width = 30
        let filled = Int(share * Double(width))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let left = share > 0 ? seconds * (1 - share) / share : 0
        return "\(bar) \(Int(share * 100))% \(counts), \(Self.duration(left)) left"
    }

    /// `42s` or `3m 05s`.
    private static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole < 60 ? "\(whole)s" : "\(whole / 60)m \(whole % 60 < 10 ? "0" : "")\(whole % 60)s"
    }
}
