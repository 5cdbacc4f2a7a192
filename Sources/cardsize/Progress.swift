// Progress on standard error for long runs, only when a person is watching.
import Foundation

/// Counts records and, when standard error is a terminal, rewrites one status line every
/// 50,000 of them; silent in pipes and logs, so output stays byte-for-byte reproducible.
struct Progress {
    let label: String
    private var count = 0
    private let enabled = isatty(STDERR_FILENO) != 0

    init(label: String) { self.label = label }

    mutating func tick(by done: Int = 1) {
        let before = count
        count += done
        if enabled, count / 50_000 > before / 50_000 { StandardError.write("\r\(count / 50_000 * 50_000) \(label)…") }
    }

    func finish() {
        if enabled, count >= 50_000 { StandardError.write("\r") }
    }
}
