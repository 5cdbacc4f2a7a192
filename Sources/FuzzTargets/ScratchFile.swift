// Fuzz inputs that the product reads from files, written where the product can open them.
import Foundation

/// A file in the temporary folder for the product to read an input from: the catalog
/// readers and font loading take paths. Each scratch file has a name of its own, so that
/// fuzzers run in parallel, and tests replaying inputs at once, keep apart.
final class ScratchFile {
    let path: String

    init(suffix: String) {
        path = NSTemporaryDirectory() + "cardsize-fuzz-\(UUID().uuidString)\(suffix)"
    }

    init(path: String) {
        self.path = path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Replaces the file's contents with `bytes`.
    func write(_ bytes: [UInt8]) throws(InvariantViolation) {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw InvariantViolation("cannot write the scratch file \(path)")
        }
    }
}
