// The allocation counts of a child process, through Tools/malloc-count.
import Foundation

/// Heap allocations a child made: calls to malloc, calloc, realloc and the aligned
/// allocators, and the bytes they asked for (Tools/malloc-count/README.md).
struct AllocationCount {
    var allocations: Int
    var bytes: Int
}

/// Preloads the counting library into a child and reads its totals back after the child ends.
struct AllocationCounter {
    /// The built library (make -C Tools/malloc-count).
    let library: String

    init(library: String) throws {
        guard FileManager.default.fileExists(atPath: library) else {
            throw BenchmarkFailure("no allocation counter at \(library): run make -C Tools/malloc-count")
        }
        self.library = URL(fileURLWithPath: library).standardizedFileURL.path
    }

    /// The environment that makes a child count its allocations into `report`.
    func environment(report: String) -> [String: String] {
        ["LD_PRELOAD": library, "MALLOC_COUNT_FILE": report]
    }

    /// The totals the child wrote at exit: "allocations N\nbytes B\n".
    func read(report: String) throws -> AllocationCount {
        let text = try String(contentsOfFile: report, encoding: .utf8)
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        guard let allocations = values["allocations"], let bytes = values["bytes"] else {
            throw BenchmarkFailure("unreadable allocation report \(report): \(text)")
        }
        return AllocationCount(allocations: allocations, bytes: bytes)
    }
}
