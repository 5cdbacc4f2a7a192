// Byte-for-byte comparison of two output files of any size.
import Foundation

enum FileComparison {
    /// Whether the two files hold the same bytes; streams through 1 MiB blocks, so it works
    /// on outputs larger than memory.
    static func identical(_ first: String, _ second: String) throws -> Bool {
        let sizes = try [first, second].map { try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int }
        guard sizes[0] == sizes[1] else { return false }
        guard let a = FileHandle(forReadingAtPath: first), let b = FileHandle(forReadingAtPath: second) else {
            throw BenchmarkFailure("cannot open \(first) or \(second)")
        }
        defer { try? a.close(); try? b.close() }
        while true {
            let blockA = try a.read(upToCount: 1 << 20) ?? Data()
            let blockB = try b.read(upToCount: 1 << 20) ?? Data()
            guard blockA == blockB else { return false }
            if blockA.isEmpty { return true }
        }
    }
}
