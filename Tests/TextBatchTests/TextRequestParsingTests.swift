// Request lines read by the byte-level parser: every field read back as the request writer
// wrote it, errors that name the field (a member outside the schema among them), ids as written.
import CatalogGenerator
import CatalogIO
import Foundation
import JSON
import TextBatch
import Testing

@Suite struct TextRequestParsingTests {
    /// Random requests with every field, present or not, written by the request's writer:
    /// read back to the same request from the line and from its parsed value; a request
    /// with every field names every member of the schema.
    @Test func everyFieldRoundTrips() throws {
        var random = SplitMix64(seed: 3)
        func maybe<T>(_ value: T) -> T? { random.next() % 2 == 0 ? value : nil }
        let texts = ["The Hunger Games (Book 1)", "吾輩は猫である", "", "tab\tquote\" slash/ \\ é 👩‍💻", "a\u{2028}b"]
        for index in 0..<2_000 {
            let request = TextRequest(
                id: maybe(.number(JSONNumber(Int64(index)))) ?? maybe(.string("r\(index)")),
                text: texts[index % texts.count], fonts: maybe(["Fonts/DejaVuSans.ttf", "x.ttc#1"]),
                size: Double(random.next() % 4000) / 100, width: maybe(Double(random.next() % 40000) / 128),
                maxLines: maybe(Int(random.next() % 5)), ellipsize: maybe(random.next() % 2 == 0),
                language: maybe("ja"), lineSpacing: maybe(1.5), reserveLines: maybe(2), scale: maybe(3),
                profile: maybe("pango"), lineBreak: maybe("loose"), lineHeight: maybe("1.5"), whiteSpace: maybe("pre-wrap"),
                wordBreak: maybe("keep-all"), overflowWrap: maybe("anywhere"), letterSpacing: maybe("1.5px"),
                lineClamp: maybe(Int(random.next() % 4) + 1))
            let line = request.jsonLine.dropLast()
            #expect(try TextRequest(jsonLine: line) == request, "\(String(decoding: line, as: UTF8.self))")
            #expect(try TextRequest(value: JSONParser.value(of: line)) == request)
        }
        let full = TextRequest(
            id: .string("all"), text: "a", fonts: ["f.ttf"], size: 15, width: 100, maxLines: 2, ellipsize: false,
            language: "ja", lineSpacing: 1.25, reserveLines: 1, scale: 2, profile: "browser", lineBreak: "strict",
            lineHeight: "20px", whiteSpace: "nowrap", wordBreak: "break-all", overflowWrap: "break-word",
            letterSpacing: "normal", lineClamp: 3)
        let members = try #require(try JSONParser.members(ofObject: full.jsonLine.dropLast()))
        #expect(members.map(\.key) == TextRequest.Field.allCases.map(\.rawValue))
        #expect(try TextRequest(jsonLine: full.jsonLine.dropLast()) == full)
    }

    /// A request line read by key slots (``TextRequest/init(jsonLine:)-([UInt8])``) against
    /// the same line parsed as a whole value and read from it (``TextRequest/init(value:)``,
    /// the server's path): the same request or the same error, on random requests with every
    /// field in any type, repeated and escaped keys, then bytes replaced or dropped.
    @Test func requestLinesReadAsTheirParsedValues() {
        var random = SplitMix64(seed: 21)
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        let keys = ["id", "text", "fonts", "size", "width", "max_lines", "ellipsize", "language", "line_spacing", "reserve_lines",
                    "scale", "profile", "line_break", "line_clamp", "letter_spacing", "te\\u0078t", "unknown", "lang", "device"]
        let values = ["1", "-0", "2.50", "15", "1e2", "null", "true", "\"a\"", "\"吾輩\\n\"", "[\"Fonts/DejaVuSans.ttf\"]",
                      "[\"a\",1]", "[]", "{\"b\":[1.0]}", "2.0", "0.1", "\"pango\"", "\"loose\"", "1e999", "-1.5e-3",
                      "9223372036854775808", "-9223372036854775808", "4.0e0", " 3 ", "[ \"a\" , \"b\\u0041\" ]", "[[\"a\"]]",
                      "false", "nul", "-", "\"\\u00e9\""]
        let noise: [UInt8] = Array("\"\\,:{}[] 0".utf8) + [0xFF, 0xC3]
        var (read, refused) = (0, 0)
        for _ in 0..<20_000 {
            var members = ["\"text\":\"The Hunger Games\"", "\"size\":13"].filter { _ in random.next() % 4 != 0 }
            for _ in 0..<random.next() % 6 { members.append("\"\(pick(keys))\":\(pick(values))") }
            members.shuffle(using: &random)
            var line = Array(("{" + members.joined(separator: ",") + "}").utf8)
            if random.next() % 4 == 0 {
                let index = Int(random.next() % UInt64(line.count))
                if random.next() % 2 == 0 { line.remove(at: index) } else { line[index] = pick(noise) }
            }
            // What each path gives: the request, or the error's id and message.
            typealias Outcome = Result<TextRequest, TextRequestError>
            func described(_ outcome: Outcome) -> String {
                switch outcome {
                case .success(let request): "\(request)"
                case .failure(let error): "\(String(describing: error.id)): \(error.message) (\(error.field ?? "-"))"
                }
            }
            let byLine = Outcome { () throws(TextRequestError) in try TextRequest(jsonLine: line) }
            let byValue: String
            do {
                let value = try JSONParser.value(of: line)
                byValue = described(Outcome { () throws(TextRequestError) in try TextRequest(value: value) })
            } catch {
                let utf8 = String(validating: line, as: UTF8.self) != nil
                byValue = "nil: " + (utf8 ? "the line is not valid JSON: \(error)" : "the line is not valid UTF-8") + " (-)"
            }
            #expect(described(byLine) == byValue, "\(String(decoding: line, as: UTF8.self))")
            if case .success = byLine { read += 1 } else { refused += 1 }
        }
        #expect(read > 2_000 && refused > 2_000, "\(read) read, \(refused) refused")
    }

    /// Requests naming different font lists in turn each measure with their own fonts, as
    /// a measurer given only that request measures it (the batch remembers the last list).
    @Test func alternatingFontListsMeasureWithTheirOwnFonts() throws {
        let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts").path
        let lists = [#"["\#(fonts)/DejaVuSans.ttf"]"#, #"["\#(fonts)/NotoSansCJK-Regular.ttc#0","\#(fonts)/DejaVuSans.ttf"]"#]
        let batch = BatchMeasurer()
        var distinct: Set<String> = []
        for index in 0..<6 {
            let line = Array(#"{"id":\#(index),"text":"Hunger 吾輩 Games","size":15,"fonts":\#(lists[index % 2])}"#.utf8)
            let result = batch.result(forLine: line)
            #expect(result.error == nil)
            #expect(result.json == BatchMeasurer().result(forLine: line).json)
            distinct.insert(result.json.replacingOccurrences(of: "\"id\":\(index),", with: ""))
        }
        #expect(distinct.count == 2)
    }

    /// Lines read in a row, the `fonts` of each compared with the bytes of the last read
    /// (``BatchMeasurer/answers(to:threads:)`` on one thread reads them all with one memo):
    /// each gets the answer it gets read alone, where the same bytes start another value
    /// (`12` then `123`, `null` then `nullx`), an array is followed by more bytes, or the
    /// same list is spelled otherwise.
    @Test func fontListsReadInARowAnswerAsReadAlone() throws {
        let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts").path
        let values = [
            #"["\#(fonts)/DejaVuSans.ttf"]"#, #"["\#(fonts)/DejaVuSans.ttf"]]"#, #"["\#(fonts)/DejaVuSans.ttf"] "#,
            #"[ "\#(fonts)/DejaVuSans.ttf"]"#, #"["\#(fonts)/DejaVuSans.ttf","\#(fonts)/NotoSansCJK-Regular.ttc"]"#,
            #"["\#(fonts)/DejaVuSans.ttf"],"fonts":[]"#, #"["\#(fonts)/DejaVuSans.ttf""#, "[]", "[1]", "[1]x", "12", "123",
            "null", "nullx", #""a""#, #""ab""#, "[[]]", #"["missing.ttf"]"#,
        ]
        var random = SplitMix64(seed: 5)
        let lines = (0..<400).map { index in
            let value = values[Int(random.next() % UInt64(values.count))]
            return #"{"id":\#(index),"text":"Hunger 吾輩","fonts":\#(value),"size":15}"#
        }
        let answers = BatchMeasurer().answers(to: try Self.read(lines), threads: 1)
        for (line, answer) in zip(lines, answers) {
            let alone = BatchMeasurer().result(forLine: Array(line.utf8)).json + "\n"
            #expect(String(decoding: answer.jsonLine, as: UTF8.self) == alone, "\(line)")
        }
        #expect(Set(answers.map { $0.error ?? "" }).count > 5)
    }

    /// The lines as a line reader delivers them from a file.
    static func read(_ lines: [String], maximumLineBytes: Int = 1 << 20) throws -> [Result<InputLine, LineFailure>] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("requests-\(UUID().uuidString).jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return Array(BoundedLineReader(input: try InputFile(path: url.path), maximumLineBytes: maximumLineBytes))
    }

    /// What a bad line gets, and the id it keeps.
    static let badLines: [(line: String, id: JSONValue?, message: String)] = [
        // A member outside the schema is named, before any other error; the least in name order.
        (#"{"id":4,"text":"a","size":15,"lang":"ja"}"#, .number(4), "lang: unknown field; did you mean language?"),
        (#"{"text":"a","size":15,"zeta":1,"device":"iphone-11"}"#, nil, "device: unknown field"),
        (#"{"id":"u","colour":"red"}"#, .string("u"), "colour: unknown field"),
        (#"{"id":1,"text":"a","size":15,"max_lines":2.5}"#, .number(1), "max_lines: expected a whole number"),
        (#"{"id":"x","size":15}"#, .string("x"), "text: missing"),
        (#"{"id":"x","text":"a"}"#, .string("x"), "size: missing"),
        (#"{"id":2,"text":null,"size":15}"#, .number(2), "text: expected a string"),
        (#"{"text":"a","size":"15"}"#, nil, "size: expected a number"),
        (#"{"text":"a","size":15,"fonts":["a",1]}"#, nil, "fonts: expected an array of strings"),
        (#"{"text":"a","size":15,"ellipsize":"yes"}"#, nil, "ellipsize: expected true or false"),
        // Values the engine refuses are named by the request's keys, not the Swift API's.
        (#"{"text":"a","size":15,"line_spacing":-1}"#, nil, "line_spacing: must be in (0, 100], got -1.0"),
        (#"{"text":"a","size":15,"scale":0}"#, nil, "scale: must be in [0.1, 16], got 0.0"),
        // A degenerate scale: every height rounded to 0 before.
        (#"{"id":"r7","text":"a","size":15,"scale":1e-300}"#, .string("r7"), "scale: must be in [0.1, 16], got 1e-300"),
        (#"{"text":"a","size":15,"max_lines":-1}"#, nil, "max_lines: must be ≥ 0, got -1"),
        (#"{"id":3,"text":"a","size":15,"reserve_lines":-1}"#, .number(3), "reserve_lines: must be in 0...100000, got -1"),
        (#"{"text":"a","size":15,"width":-3}"#, nil, "width: must be a finite number ≥ 0, got -3.0"),
        (#"{"text":"a","size":15,}"#, nil, "the line is not valid JSON: expected a key in quotes at byte 23"),
        (#"{"text":"a","size":015}"#, nil, "the line is not valid JSON: expected a value at byte 20"),
        (#"{"text":"a","size":15,"size":16}"#, nil, #"the line is not valid JSON: key "size" given twice at byte 23"#),
        ("[1]", nil, "the line is not a JSON object"),
        ("", nil, "the line is not valid JSON: a value is missing at byte 1"),
    ]

    @Test func badLinesNameTheFieldAndKeepTheId() {
        let batch = BatchMeasurer()
        for (line, id, message) in Self.badLines {
            let result = batch.result(forLine: Array(line.utf8))
            #expect(result.error == message, "\(line)")
            #expect(result.id == id, "\(line)")
            // Only a member outside the schema is named apart: the other errors keep their bytes.
            let unknown = message.contains("unknown field") ? String(message.prefix { $0 != ":" }) : nil
            #expect(result.field == unknown, "\(line)")
            // The same from the line's parsed value, as the server reads a request.
            if let value = try? JSONParser.value(of: Array(line.utf8)) {
                #expect(batch.result(forValue: value) == result, "\(line)")
            }
        }
        var invalid = Array(#"{"text":"a"#.utf8) + [0xFF] + Array(#"","size":15}"#.utf8)
        #expect(batch.result(forLine: invalid).error == "the line is not valid UTF-8")
        invalid = Array(#"{"text":"a","size":15}"#.utf8) + [0xC3]
        #expect(batch.result(forLine: invalid).error == "the line is not valid UTF-8")
    }

    /// Ids JSONDecoder could not keep: out of Double's range, beyond Int64, negative zero,
    /// trailing zeros; and a null id, which is no id.
    @Test func idsAreEchoedAsWritten() {
        let batch = BatchMeasurer()
        for id in ["1e999", "1" + String(repeating: "7", count: 400), "-0", "2.50"] {
            let json = batch.result(forLine: Array(#"{"id":\#(id),"text":"Hi","size":15}"#.utf8)).json
            #expect(json.contains(#""id":\#(id)"#), "\(json)")
            #expect(!json.contains("error"), "\(json)")
        }
        // An object id keeps its numbers as written; its keys come out sorted.
        let object = batch.result(forLine: Array(#"{"id":{"b":[1.0],"a":"x"},"text":"Hi","size":15}"#.utf8)).json
        #expect(object.contains(#""id":{"a":"x","b":[1.0]}"#) && !object.contains("error"))
        #expect(!batch.result(forLine: Array(#"{"id":null,"text":"Hi","size":15}"#.utf8)).json.contains("\"id\""))
    }
}

/// Request lines answered on several threads: the same bytes and errors as one request at
/// a time, for any number of threads.
@Suite struct BatchAnswerTests {
    @Test func answersAreTheSameOnAnyNumberOfThreads() throws {
        var random = SplitMix64(seed: 8)
        let catalogs = try SourceCatalogs()
        let titles = (catalogs.englishBooks.prefix(300) + catalogs.japaneseBooks.prefix(300)).map(\.title)
        var lines = titles.enumerated().map { index, title in
            let quoted = String(decoding: { var bytes: [UInt8] = []; JSONBytes.appendString(title, to: &bytes); return bytes }(), as: UTF8.self)
            return #"{"id":\#(index),"text":\#(quoted),"size":\#(12 + random.next() % 8),"width":\#(80 + random.next() % 200),"max_lines":2}"#
        }
        lines.insert(#"{"id":"bad","text":"a","size":"15"}"#, at: 17)
        lines.insert(String(repeating: "x", count: 5_000), at: 99)  // longer than the reader's limit below
        let read = try TextRequestParsingTests.read(lines, maximumLineBytes: 4_096)
        #expect(read.count == lines.count)

        let batch = BatchMeasurer()
        let oneAtATime = read.map { line in
            switch line {
            case .success(let line): batch.result(forLine: line.bytes).json + "\n"
            case .failure(let failure): TextResult(id: nil, error: failure.message, line: failure.number).json + "\n"
            }
        }
        for threads in [1, 2, 3] {
            let answers = BatchMeasurer().answers(to: read, threads: threads)
            #expect(answers.map { String(decoding: $0.jsonLine, as: UTF8.self) } == oneAtATime, "\(threads) threads")
            #expect(answers.compactMap(\.error).count == 2)
            #expect(answers[17].error == "size: expected a number" && answers[99].error?.hasPrefix("line longer") == true)
            // The same answers in blocks: the same bytes joined, the same errors at the same lines.
            let blocks = BatchMeasurer().answerBlocks(to: read, threads: threads)
            #expect(blocks.flatMap(\.jsonLines) == answers.flatMap(\.jsonLine), "\(threads) threads")
            #expect(blocks.flatMap { Array($0.range) } == Array(read.indices))
            let errors = blocks.flatMap(\.errors)
            #expect(errors.map(\.index) == answers.indices.filter { answers[$0].error != nil })
            #expect(errors.map(\.message) == answers.compactMap(\.error))
        }
    }
}
