// A temporary folder that goes away with its owner: a suite's instance lives for one test.
import Foundation

/// A new folder under the system's temporary directory, removed with everything in it when
/// the last reference to it goes, so that running the suite leaves nothing behind.
final class TemporaryFolder: Sendable {
    let url: URL

    init(prefix: String = "cardsize") {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        // A failure shows as the first file written into it failing.
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
