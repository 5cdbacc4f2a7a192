// Which generated catalogs a run uses, and their files, generated once and kept.
import ArgumentParser
import Foundation

/// A generated catalog: `realistic:1M`, `unique:100k`, `realistic:2500`.
struct CatalogSpec: ExpressibleByArgument, CustomStringConvertible {
    var mode: String
    var records: Int

    init?(argument: String) {
        let parts = argument.split(separator: ":")
        guard parts.count == 2, ["realistic", "unique"].contains(parts[0]) else { return nil }
        let suffixes: [Character: Int] = ["k": 1_000, "K": 1_000, "M": 1_000_000]
        var digits = Substring(parts[1])
        var multiplier = 1
        if let last = digits.last, let factor = suffixes[last] {
            multiplier = factor
            digits = digits.dropLast()
        }
        guard let count = Int(digits), count > 0 else { return nil }
        mode = String(parts[0])
        records = count * multiplier
    }

    /// `realistic 1M`, as the table shows it.
    var description: String { "\(mode) \(Self.short(records))" }

    static func short(_ count: Int) -> String {
        if count % 1_000_000 == 0 { return "\(count / 1_000_000)M" }
        if count % 1_000 == 0 { return "\(count / 1_000)k" }
        return "\(count)"
    }

    /// The catalog's file in `directory`, named by mode, size and seed; written with
    /// `cardsize generate` unless a previous run left it there. Returns the seconds spent
    /// generating, nil when the file was already there.
    func file(in directory: String, seed: UInt64, cardsize: String, regenerate: Bool) throws -> (path: String, generatedIn: Double?) {
        let path = "\(directory)/catalog-\(mode)-\(records)-seed\(seed).csv"
        if !regenerate, FileManager.default.fileExists(atPath: path) { return (path, nil) }
        // Written under a temporary name and renamed, so an interrupted run leaves no
        // truncated catalog to be reused.
        let partial = path + ".partial"
        let generate = ChildProcess(
            arguments: [cardsize, "generate", "--records", "\(records)", "--mode", mode, "--seed", "\(seed)", "-o", partial],
            standardError: partial + ".stderr")
        let usage = try generate.run()
        guard usage.status == 0 else {
            throw BenchmarkFailure("\(generate.commandLine) failed (status \(usage.status)); see \(partial).stderr")
        }
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: partial, toPath: path)
        try? FileManager.default.removeItem(atPath: partial + ".stderr")
        return (path, usage.wallSeconds)
    }
}
