// Numbers at the edge of what a Double holds, given as a user would: refused by name, never a crash.
import Foundation
import Testing

@Suite struct ExtremeValueTests {
    static let catalog = "Catalogs/goodbooks-10k.csv"

    /// The options of issue 11 that reached a trapping integer conversion: each is now
    /// refused before any record is read, with the option named (exit 64, usage error).
    @Test(arguments: [
        (["measure", catalog, "--width", "1e19"], "--width"),
        (["measure", catalog, "--scale", "1e308"], "--scale"),
        (["layout", "grid", catalog, "--row-gap", "1e308"], "--row-gap"),
        (["layout", "grid", catalog, "--header-height", "1e308"], "--header-height"),
        (["layout", "waterfall", catalog, "--row-gap", "1e308"], "--row-gap"),
        (["layout", "waterfall", catalog, "--header-height", "1e308"], "--header-height"),
        (["layout", "waterfall", catalog, "--min-content-height", "1e300"], "--min-content-height"),
        (["layout", "tag-flow", catalog, "--max-tag-width", "1e308"], "--max-tag-width"),
        (["layout", "compositional", catalog, "--width", "1e308"], "--width"),
        (["layout", "grid", catalog, "--insets", "0,0,0,1e300"], "--insets"),
        (["layout", "grid", catalog, "--query", "0,0,1e300,10"], "--query"),
        (["layout", "grid", catalog, "--threads", "0"], "--threads"),
        (["text", "hello", "--width", "1e19"], "--width"),
        (["text", "hello", "--size", "1e308"], "--size"),
        (["render", "--layout", "grid", "-o", "/dev/null", "--format", "png", "--viewport", "0,0,1e300,10", catalog], "--viewport"),
        // A negative number is the option's value, not another option ("Missing value" before).
        (["measure", catalog, "--width", "-5"], "--width"),
        (["layout", "waterfall", catalog, "--row-gap", "-1"], "--row-gap"),
        (["text", "hello", "--max-lines", "-2"], "--max-lines"),
        (["layout", "grid", catalog, "--threads", "-3"], "--threads"),
        // Lists of numbers in one option are decimal, as single numbers are (below).
        (["layout", "grid", catalog, "--insets", "0x8,8,8,8"], "--insets"),
        (["layout", "grid", catalog, "--query", "0,0,0x10,10"], "--query"),
    ])
    func hugeOptionsAreRefusedByName(arguments: [String], option: String) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains("Error: \(option)"))
        #expect(result.standardOutput.isEmpty)
    }

    /// Numbers are decimal: `Double` alone reads `0x10` as 16 and takes `inf` and `nan`. Each
    /// option refuses them by name, before any record is read (exit 64, usage error).
    @Test(arguments: [
        (["measure", catalog, "--width", "0x10"], "--width", "0x10"),
        (["measure", catalog, "--width", "inf"], "--width", "inf"),
        (["layout", "waterfall", catalog, "--row-gap", "0x1p3"], "--row-gap", "0x1p3"),
        (["text", "hello", "--size", "nan"], "--size", "nan"),
        (["text", "hello", "--width", "0X10"], "--width", "0X10"),
    ])
    func numbersThatAreNotDecimalAreRefusedByName(arguments: [String], option: String, value: String) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains("The value '\(value)' is invalid for '\(option) "))
        #expect(result.standardError.contains("not a decimal number"))
        #expect(result.standardOutput.isEmpty)
    }

    /// A display scale so small that every height rounded to 0 (`--scale 1e-300`) is refused
    /// by name, on the command line and in a request, where the error names the request.
    @Test func degenerateScalesAreRefusedByName() throws {
        let option = try CommandRunner.run(["measure", Self.catalog, "--width", "300", "--scale", "1e-300"])
        #expect(option.status == 64)
        #expect(option.standardError.contains("Error: --scale must be in [0.1, 16], got 1e-300"))
        let request = try CommandRunner.run(
            ["text", "--jsonl"], input: Data((#"{"id":"r1","text":"hello","size":15,"width":100,"scale":1e-300}"# + "\n").utf8))
        #expect(request.status == 2)
        #expect(request.outputLines == [#"{"error":"scale: must be in [0.1, 16], got 1e-300","id":"r1"}"#])
    }

    /// A record whose cover is `1,1e300` is an error record naming its height column; the
    /// others are laid out (before, CHT-compatible mode trapped on an infinite content size).
    @Test func aHugeCoverIsTheRecordsError() throws {
        let catalog = try TemporaryCatalog("id,title,author,w,h\n1,Hello,A,1,1e300\n2,World,B,100,150\n", extension: "csv")
        let result = try CommandRunner.run([
            "layout", "waterfall", catalog.path, "--image-size", "w,h", "--cht-compatible",
        ])
        #expect(result.status == 2)
        #expect(result.outputLines.count == 3)
        #expect(result.outputLines.first?.contains(#""id":"1","line":2,"field":"h","error":"must be a number"#) == true)
        #expect(!result.outputLines.contains { $0.contains("null}") && $0.contains(#""kind":"item""#) })
    }

    /// `--preset cards` measures while it lays out; a title over the engine's 256 KiB limit
    /// is that record's error record, as in every other command, not a failed run.
    @Test func compositionalCardsGiveATooLongTitleItsErrorRecord() throws {
        let title = String(repeating: "x", count: 300_000)
        let catalog = try TemporaryCatalog("id,title,author\n1,Hello,A\n2,\(title),B\n3,World,C\n", extension: "csv")
        let result = try CommandRunner.run(["layout", "compositional", catalog.path, "--preset", "cards"])
        #expect(result.status == 2)
        let lines = result.outputLines
        try #require(lines.count == 4)
        #expect(lines[0].contains(#""id":"1","kind":"item""#))
        #expect(lines[1].hasPrefix(#"{"id":"2","line":3,"field":"title","error":"#))
        #expect(lines[1].contains("over the limit"))
        #expect(lines[2].contains(#""id":"3","kind":"item""#))
        #expect(lines[3].contains(#""kind":"content""#))
        #expect(result.standardError.contains("3 records: 2 items, 1 errors"))
    }
}

/// A catalog file in the temporary folder, removed when the value goes.
final class TemporaryCatalog {
    let path: String

    convenience init(_ text: String, extension fileExtension: String) throws {
        try self.init(bytes: Array(text.utf8), extension: fileExtension)
    }

    init(bytes: [UInt8], extension fileExtension: String) throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("cardsize-\(UUID().uuidString).\(fileExtension)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
