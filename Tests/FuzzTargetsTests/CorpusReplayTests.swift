// Every committed fuzz input — the seed corpora and each input a fuzzer once failed on —
// replayed through its target in the ordinary suite: a fix that comes undone fails here.
import Foundation
import Testing

@testable import FuzzTargets

@Suite struct CorpusReplayTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz")

    /// The files under `Fuzz/<kind>/<target>/`, sorted.
    static func inputs(_ kind: String, of target: String) -> [URL] {
        let folder = fuzzFolder.appendingPathComponent(kind).appendingPathComponent(target)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0 != "README.md" }.sorted().map { folder.appendingPathComponent($0) }
    }

    @Test(arguments: FuzzTargets.names)
    func seedCorpusKeepsEveryInvariant(target name: String) throws {
        let seeds = Self.inputs("Corpus", of: name)
        #expect(seeds.count >= 3, "the seed corpus of \(name) is too small to start a fuzzer from")
        try Self.replay(seeds, through: name)
    }

    @Test(arguments: FuzzTargets.names)
    func everyInputAFuzzerFailedOnNowPasses(target name: String) throws {
        try Self.replay(Self.inputs("Regressions", of: name), through: name)
    }

    /// A folder named for no target would be replayed by nothing: its inputs would pass
    /// silently whatever the code did.
    @Test(arguments: ["Corpus", "Regressions"])
    func everyFolderNamesATarget(kind: String) throws {
        let folder = Self.fuzzFolder.appendingPathComponent(kind)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }
        #expect(!names.isEmpty, "Fuzz/\(kind) holds no target's folder")
        for name in names.sorted() {
            #expect(FuzzTargets.names.contains(name), "Fuzz/\(kind)/\(name) names no fuzz target (FuzzTargets.names)")
        }
    }

    static func replay(_ files: [URL], through name: String) throws {
        let target = try #require(try FuzzTargets.make(name))
        for file in files {
            do {
                try target.check([UInt8](try Data(contentsOf: file)))
            } catch {
                Issue.record("\(name)/\(file.lastPathComponent): \(error)")
            }
        }
    }
}
