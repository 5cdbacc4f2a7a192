// `cardsize text` and `cardsize fonts`, run as a user runs them.
import CatalogIO
import Foundation
import JSON
import TextBatch
import Testing

@Suite struct TextCommandTests {
    /// A result's members, read from its JSON.
    static func members(bytes json: some Sequence<UInt8>) throws -> [String: JSONValue] {
        guard case .object(let members) = try JSONParser.value(of: Array(json)) else { return [:] }
        return members
    }

    static func members(_ line: some StringProtocol) throws -> [String: JSONValue] { try members(bytes: line.utf8) }

    @Test func fontsJSONListsTheBundledChainInOrder() throws {
        let result = try CommandRunner.run(["fonts", "--json"])
        #expect(result.status == 0)
        let fonts = try #require(try JSONSerialization.jsonObject(with: result.standardOutput) as? [[String: Any]])
        #expect(fonts.map { $0["family"] as? String } == ["DejaVu Sans", "Noto Sans CJK JP", "Symbola"])
        #expect(fonts.allSatisfy { FileManager.default.fileExists(atPath: $0["path"] as? String ?? "") })
    }

    @Test func oneMeasurementAsJSONMatchesTheFontTables() throws {
        // "Hello" in DejaVu Sans: 5191 font units (of 2048) at 16 px = 40.5546875 px.
        let result = try CommandRunner.run(["text", "Hello", "--size", "16", "--profile", "pango", "--json"])
        #expect(result.status == 0)
        let measurement = try Self.members(bytes: result.standardOutput)
        #expect(measurement["natural_width"] == .number(40.5546875))
        #expect(measurement["height"] == .number(18.625))
        #expect(measurement["starts"] == .array([.number(0)]))
    }

    @Test func aClampedTitleIsPrintedForPeople() throws {
        let result = try CommandRunner.run([
            "text", "The Hunger Games (The Hunger Games, #1)", "--width", "120", "--size", "15", "--max-lines", "2",
        ])
        #expect(result.status == 0)
        let lines = result.outputLines
        #expect(lines.count == 4)
        #expect(lines.last?.contains("2 line(s)") == true)
        #expect(lines.last?.contains("truncated: yes") == true)
    }

    @Test func aBatchAnswersEveryLineAndNamesTheBadField() throws {
        var input = Data()
        let lines: [String] = [
            #"{"id": 1, "text": "Hello", "size": 16, "width": 100}"#,
            #"not json"#,
            #"{"id": "missing-size", "text": "Hello"}"#,
            #"{"id": 4, "text": "Hello", "size": 16, "width": -5}"#,
            #"{"id": 5, "text": "Hello", "size": 0}"#,
            #"{"id": 6, "text": "Hello", "size": 16, "fonts": ["/no/such/font.ttf"]}"#,
            #"{"id": 7, "text": 12, "size": 16}"#,
            #"{"id": [1, "x"], "text": "日本語の題名", "size": 15, "width": 40, "language": "ja"}"#,
            #"{"id": 11, "text": "日本語の題名", "size": 15, "lang": "ja"}"#,
        ]
        for line in lines { input.append(Data(line.utf8) + [0x0A]) }
        input.append(Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D, 0x0A]))  // {"\xFF\xFE"}: invalid UTF-8
        input.append(Data(#"{"id": 10, "text": "\#(String(repeating: "a", count: 300_000))", "size": 16}"#.utf8) + [0x0A])

        let result = try CommandRunner.run(["text", "--jsonl"], input: input)
        #expect(result.status == 2)
        let results = try result.outputLines.map { try Self.members($0) }
        try #require(results.count == 11)
        func error(_ index: Int) -> String? { if case .string(let text)? = results[index]["error"] { text } else { nil } }
        #expect(error(0) == nil && results[0]["lines"] == .number(1))
        #expect(error(1)?.contains("JSON") == true)
        #expect(results[2]["id"] == .string("missing-size") && error(2)?.hasPrefix("size") == true)
        #expect(error(3)?.hasPrefix("width") == true)
        #expect(error(4)?.hasPrefix("size") == true)
        #expect(error(5)?.contains("/no/such/font.ttf") == true && error(5)?.hasPrefix("fonts") == true)
        #expect(error(6)?.hasPrefix("text") == true)
        #expect(results[7]["id"] == .array([.number(1), .string("x")]) && error(7) == nil)
        #expect(results[7]["lines"].map { $0 != .number(1) && $0 != .number(0) } == true)
        // A member outside the schema: its error record names it, and the name to use.
        #expect(results[8]["id"] == .number(11) && results[8]["field"] == .string("lang"))
        #expect(error(8) == "lang: unknown field; did you mean language?")
        #expect(error(9)?.contains("UTF-8") == true)
        #expect(results[10]["id"] == .number(10) && error(10)?.hasPrefix("text") == true)
        #expect(result.standardError.contains("11 requests, 9 failed"))
        #expect(result.standardError.contains("request 9: lang: unknown field"))
    }

    @Test func theSameBatchGivesTheSameBytes() throws {
        let titles = ["Twilight (Twilight, #1)", "吾輩は猫である", "The Great Gatsby", "Hello\nWorld", ""]
        var input = Data()
        for (index, title) in titles.enumerated() {
            let request = TextRequest(id: .number(JSONNumber(Int64(index))), text: title, size: 15, width: 90, maxLines: 2, language: "ja")
            input.append(contentsOf: request.jsonLine)
        }
        let first = try CommandRunner.run(["text", "--jsonl"], input: input)
        let second = try CommandRunner.run(["text", "--jsonl"], input: input)
        #expect(first.status == 0)
        #expect(first.outputLines.count == titles.count)
        #expect(first.standardOutput == second.standardOutput)
    }

    @Test func aCatalogGivesOneRecordPerRowAndErrorRecordsNamingLineAndField() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cardsize-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let catalog = directory.appendingPathComponent("books.csv")
        try Data("id,title,author\n1,\"Short, with comma\",A\n,No id,B\n3,\"Multi\nline title\",C\n4\n".utf8).write(to: catalog)

        let result = try CommandRunner.run(["text", "--catalog", catalog.path, "--width", "100", "--size", "15"])
        #expect(result.status == 2)
        let records = try result.outputLines.map { try Self.members($0) }
        try #require(records.count == 4)
        #expect(records[0]["id"] == .string("1") && records[0]["error"] == nil)
        #expect(records[1]["field"] == .string("id") && records[1]["line"] == .number(3))
        #expect(records[2]["id"] == .string("3") && records[2]["lines"] == .number(2))
        #expect(records[3]["line"] == .number(6) && records[3]["field"] != nil)
        #expect(result.standardError.contains("4 records"))
    }

    /// The flags' old spellings are usage errors (exit 64) that name the flag.
    @Test func retiredFlagsAreUsageErrors() throws {
        for flag in ["--lang", "--font-size"] {
            let result = try CommandRunner.run(["text", "Hello", flag, "15"])
            #expect(result.status == 64, "\(flag)")
            #expect(result.standardError.contains(flag), "\(flag)")
        }
    }

    @Test func conflictingInputsAreRejectedWithAUsageError() throws {
        let result = try CommandRunner.run(["text", "Hello", "--jsonl"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("exactly one of"))
    }
}
