// `--font` with a damaged font file and `--system-font` with a family not installed.
import Foundation
import JSON
import Testing
import TextBatch

@Suite struct DamagedFontCommandTests {
    /// Copies of each bundled font cut to `fraction` of its bytes, in a folder of their own.
    private static func cutCopies(to fraction: Double, in folder: URL) throws -> [String] {
        try ["DejaVuSans.ttf", "NotoSansCJK-Regular.ttc", "Symbola_hint.ttf"].map { file in
            let bytes = try Data(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("Fonts/\(file)"))
            let copy = folder.appendingPathComponent("cut-\(file)")
            try bytes.prefix(Int(Double(bytes.count) * fraction)).write(to: copy)
            return copy.path
        }
    }

    private static func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardsize-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    @Test(arguments: [0.1, 0.5, 0.9])
    func aBundledFontCutShortIsAnErrorNamingTheFile(fraction: Double) throws {
        try Self.withFolder { folder in
            for path in try Self.cutCopies(to: fraction, in: folder) {
                let result = try CommandRunner.run(["text", "日本語 abc", "--font", path, "--json"])
                #expect(result.status != 0)
                #expect(result.standardOutput.isEmpty)
                #expect(result.standardError.contains("font file '\(path)': table '"), "\(result.standardError)")
                #expect(result.standardError.contains("runs past the end of the file"), "\(result.standardError)")
            }
        }
    }

    @Test func aDamagedFallbackAfterAGoodFontIsNamed() throws {
        try Self.withFolder { folder in
            let damaged = try Self.cutCopies(to: 0.5, in: folder)[2]
            let result = try CommandRunner.run(["text", "abc", "--font", "Fonts/DejaVuSans.ttf", "--font", damaged])
            #expect(result.status != 0)
            #expect(result.standardError.contains("font file '\(damaged)'"))
        }
    }

    @Test func aDamagedFontInABatchRequestIsThatRequestsError() throws {
        try Self.withFolder { folder in
            let damaged = try Self.cutCopies(to: 0.9, in: folder)[1]
            let input = Data(
                (#"{"id": 1, "text": "日本語", "size": 16, "fonts": ["\#(damaged)"]}"# + "\n"
                    + #"{"id": 2, "text": "日本語", "size": 16}"# + "\n").utf8)
            let result = try CommandRunner.run(["text", "--jsonl"], input: input)
            #expect(result.status == 2)
            let results = try result.outputLines.map { try TextCommandTests.members($0) }
            try #require(results.count == 2)
            guard case .string(let error)? = results[0]["error"], case .number(let height)? = results[1]["height"] else {
                Issue.record("\(results)")
                return
            }
            #expect(error.hasPrefix("fonts: font file '\(damaged)': table "), "\(results[0])")
            #expect(results[1]["error"] == nil && height.doubleValue > 0)
        }
    }

    @Test func aMissingFontIsNamedWithFreeTypesMessage() throws {
        let result = try CommandRunner.run(["text", "abc", "--font", "/no/such/font.ttf"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("font file '/no/such/font.ttf': cannot open resource (FreeType error 1)"))
    }
}

@Suite struct SystemFontCommandTests {
    @Test func aFamilyNotInstalledIsMeasuredWithASubstituteAndAWarningNamingBoth() throws {
        let result = try CommandRunner.run(["text", "Hello", "--system-font", "NoSuchFamily", "--json"])
        #expect(result.status == 0)
        #expect(result.standardError.hasPrefix("cardsize text: warning: no installed font family is named 'NoSuchFamily'; fontconfig substituted '"))
        #expect(result.standardError.contains("DejaVu Sans"))
        #expect(!result.standardOutput.isEmpty)
    }

    @Test func anInstalledFamilyGivesNoWarning() throws {
        let result = try CommandRunner.run(["text", "Hello", "--system-font", "DejaVu Sans", "--json"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
    }
}
