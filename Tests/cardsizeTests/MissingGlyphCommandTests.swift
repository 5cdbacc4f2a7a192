// Characters no font has, as `text`, `text --catalog` and `measure` report them.
import Foundation
import Testing

@Suite struct MissingGlyphCommandTests {
    @Test func textJSONHasTheFieldsOnlyWhenAGlyphIsMissing() throws {
        let missing = try CommandRunner.run(["text", "a\u{E000}b\u{E001}", "--json"])
        #expect(missing.status == 0)
        let json = String(decoding: missing.standardOutput, as: UTF8.self)
        #expect(json.contains(#""first_missing_glyph":"U+E000","height""#), "\(json)")
        #expect(json.contains(#""missing_glyphs":2,"#), "\(json)")

        let covered = try CommandRunner.run(["text", "ab", "--json"])
        #expect(!String(decoding: covered.standardOutput, as: UTF8.self).contains("missing"))
    }

    @Test func textSaysSoToPeople() throws {
        let result = try CommandRunner.run(["text", "a\u{E000}"])
        #expect(result.outputLines.last == "missing glyphs: 1 character(s) no font has, measured as empty boxes; the first is U+E000")
        #expect(try !CommandRunner.run(["text", "ab"]).outputLines.contains { $0.contains("missing") })
    }

    @Test func catalogRunsCountTheRecordsWithMissingGlyphs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cardsize-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appendingPathComponent("books.csv")
        try Data("id,title,author\n1,Boxed \u{E000},A\n2,Plain,B\n3,Also \u{F8FF}\u{E001},C\n".utf8).write(to: catalog)

        let measured = try CommandRunner.run(["measure", catalog.path])
        #expect(measured.status == 0)
        #expect(measured.standardError.contains("missing glyphs: 2 card(s) with characters no font has"), "\(measured.standardError)")

        let titles = try CommandRunner.run(["text", "--catalog", catalog.path, "--width", "100"])
        #expect(titles.status == 0)
        #expect(titles.standardError.contains("missing glyphs: 2 title(s) with characters no font has"))
        #expect(titles.outputLines.map { $0.contains(#""missing_glyphs""#) } == [true, false, true])

        let plain = folder.appendingPathComponent("plain.csv")
        try Data("id,title,author\n1,Plain,A\n".utf8).write(to: plain)
        #expect(try !CommandRunner.run(["measure", plain.path]).standardError.contains("missing"))
    }
}
