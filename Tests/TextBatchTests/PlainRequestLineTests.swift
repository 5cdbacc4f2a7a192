// The one-pass reader of plain request lines against the general reader: what it reads is
// the request the general reader reads; what it does not read is left to that reader.
import CatalogGenerator
import Foundation
import JSON
@testable import TextBatch
import Testing

@Suite struct PlainRequestLineTests {
    static let fonts = "[\"Fonts/DejaVuSans.ttf\",\"Fonts/NotoSansCJK-Regular.ttc\"]"

    /// A memo that has read `fonts`, as a thread has after the first line naming them.
    static func memo() throws -> TextRequest.LineMemo {
        var memo = TextRequest.LineMemo()
        let line = Array("{\"text\":\"a\",\"size\":1,\"fonts\":\(fonts)}".utf8)
        _ = try TextRequest(jsonLine: line[...], memo: &memo)
        return memo
    }

    static func plain(_ line: [UInt8], _ memo: TextRequest.LineMemo) -> TextRequest? {
        line.withUnsafeBufferPointer { TextRequest.plainLine($0, fontsMemo: memo.fonts) }
    }

    /// The general reader alone: the line parsed as a value and read from it.
    static func general(_ line: [UInt8]) -> TextRequest? {
        guard let value = try? JSONParser.value(of: line) else { return nil }
        return try? TextRequest(value: value)
    }

    /// Lines as `text --jsonl` users write them (README, the Pango differential requests):
    /// read in one pass, to the general reader's request.
    @Test func plainLinesAreReadToTheGeneralReadersRequest() throws {
        let memo = try Self.memo()
        let lines = [
            "{\"id\": 0, \"text\": \"The Hunger Games (The Hunger Games, #1)\", \"fonts\": \(Self.fonts), \"size\": 13, \"width\": 100, \"max_lines\": 2, \"language\": \"en\"}",
            "{\"id\":\"r-1\",\"text\":\"吾輩は猫である\",\"size\":15.5,\"width\":127,\"ellipsize\":false,\"language\":\"ja\",\"profile\":\"pango\"}",
            "  {\"text\":\"\",\"size\":1e1,\"line_spacing\":1.25,\"reserve_lines\":2,\"scale\":3,\"line_break\":\"strict\",\"ellipsize\":true}\r",
            "{\"size\":-0,\"text\":\"a/b 👩‍💻\",\"max_lines\":20e-1,\"id\":-12.50}",
        ]
        for line in lines.map({ Array($0.utf8) }) {
            let plain = try #require(Self.plain(line, memo), "\(String(decoding: line, as: UTF8.self))")
            #expect(plain == Self.general(line))
        }
    }

    /// Random lines of the schema's keys and others, escaped keys, values of every type,
    /// repeated keys, then bytes replaced or dropped: wherever the one-pass reader gives a
    /// request, the general reader gives the same; and it gives one for many of them.
    @Test func whatThePlainReaderReadsTheGeneralReaderReadsAlike() throws {
        let memo = try Self.memo()
        var random = SplitMix64(seed: 41)
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        let keys = ["id", "text", "fonts", "size", "width", "max_lines", "ellipsize", "language", "line_spacing", "reserve_lines",
                    "scale", "profile", "line_break", "te\\u0078t", "unknown", "Size", "lang"]
        let values = ["1", "-0", "2.50", "15", "1e2", "null", "true", "false", "\"a\"", "\"吾輩\\n\"", Self.fonts,
                      "[\"Fonts/DejaVuSans.ttf\"]", "[]", "{\"b\":[1.0]}", "2.0", "0.1", "\"pango\"", "1e999", "-1.5e-3",
                      "9223372036854775808", "-9223372036854775808", "4.0e0", " 3 ", "01", "tru", "\"\\u00e9\"", "\"é\"",
                      "\"a\u{1}b\"", "\"x\"y\""]
        let noise: [UInt8] = Array("\"\\,:{}[] 0e.-".utf8) + [0xFF, 0xC3, 0x09, 0x0D]
        var (agreed, left) = (0, 0)
        for _ in 0..<30_000 {
            var members = ["\"text\":\"The Hunger Games\"", "\"size\":13"].filter { _ in random.next() % 5 != 0 }
            for _ in 0..<random.next() % 6 { members.append("\"\(pick(keys))\":\(pick(values))") }
            members.shuffle(using: &random)
            var line = Array(("{" + members.joined(separator: pick([",", " , ", ",\t"])) + pick(["}", "}", "}", "} ", "}x", "},"])).utf8)
            if random.next() % 4 == 0 {
                let index = Int(random.next() % UInt64(line.count))
                if random.next() % 2 == 0 { line.remove(at: index) } else { line[index] = pick(noise) }
            }
            guard let plain = Self.plain(line, memo) else {
                left += 1
                continue
            }
            #expect(plain == Self.general(line), "\(String(decoding: line, as: UTF8.self))")
            agreed += 1
        }
        #expect(agreed > 2_000 && left > 2_000, "\(agreed) read in one pass, \(left) left to the general reader")
    }

    /// Every line of the fuzz corpus's requests, request lines of every catalog title as
    /// programs write them, and each of those broken (cut short, a byte replaced, a member
    /// renamed or added): read through the one-pass reader first, as `text --jsonl` reads
    /// them, each gives the request or the error the general reader alone gives; and the
    /// one-pass reader reads nearly all the catalog's lines, so that it is the path they take.
    @Test func everyLineReadsAsTheGeneralReaderReadsIt() throws {
        let memo = try Self.memo()
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/text-request")
        var lines: [[UInt8]] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: corpus.path).sorted() {
            let bytes = Array(try Data(contentsOf: corpus.appendingPathComponent(file)))
            lines += bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        }
        #expect(lines.count > 10)
        let catalogs = try SourceCatalogs()
        let titles = (catalogs.englishBooks + catalogs.japaneseBooks).map(\.title)
        var catalogLines: [[UInt8]] = []
        for (index, title) in titles.enumerated() {
            var quoted: [UInt8] = []
            JSONBytes.appendString(title, to: &quoted)
            let text = String(decoding: quoted, as: UTF8.self)
            let fonts = index % 3 == 0 ? ",\"fonts\":\(Self.fonts)" : ""
            catalogLines.append(Array(
                "{\"id\":\(index),\"text\":\(text),\"size\":\(12 + index % 8),\"width\":\(80 + index % 200),\"max_lines\":2\(fonts)}".utf8))
        }
        var random = SplitMix64(seed: 77)
        let noise: [UInt8] = Array("\"\\,:{}[] 0e.-".utf8) + [0xFF, 0xC3]
        var broken: [[UInt8]] = []
        for line in (lines + catalogLines.prefix(5_000)) where !line.isEmpty {
            let index = Int(random.next() % UInt64(line.count))
            broken.append(Array(line[..<index]))
            var replaced = line
            replaced[index] = noise[Int(random.next() % UInt64(noise.count))]
            broken.append(replaced)
            let text = String(decoding: line, as: UTF8.self)
            broken.append(Array(text.replacingOccurrences(of: "\"size\"", with: "\"font_size\"").utf8))
            broken.append(Array(text.replacingOccurrences(of: "{", with: "{\"lang\":\"ja\",").utf8))
        }
        var plainCatalogLines = 0
        for line in lines + catalogLines + broken {
            var lineMemo = memo
            let read = Self.outcome { () throws(TextRequestError) in try TextRequest(jsonLine: line[...], memo: &lineMemo) }
            #expect(read == Self.generalOutcome(line), "\(String(decoding: line, as: UTF8.self))")
            if let plain = Self.plain(line, memo) {
                #expect(Self.outcome { () throws(TextRequestError) in plain } == Self.generalOutcome(line))
            }
        }
        for line in catalogLines where Self.plain(line, memo) != nil { plainCatalogLines += 1 }
        // All but the titles with a character JSON escapes (a quote, a backslash).
        #expect(plainCatalogLines > catalogLines.count * 95 / 100, "\(plainCatalogLines) of \(catalogLines.count)")
    }

    /// A request, or its error's id, message and field.
    static func outcome(_ read: () throws(TextRequestError) -> TextRequest) -> String {
        do { return "\(try read())" } catch { return "\(String(describing: error.id)) \(error.message) \(error.field ?? "-")" }
    }

    /// What the general reader alone gives for a line: the line parsed as a value and read
    /// from it, or the line's syntax error as the reader words it.
    static func generalOutcome(_ line: [UInt8]) -> String {
        do {
            let value = try JSONParser.value(of: line)
            return outcome { () throws(TextRequestError) in try TextRequest(value: value) }
        } catch {
            let utf8 = String(validating: line, as: UTF8.self) != nil
            return "nil " + (utf8 ? "the line is not valid JSON: \(error)" : "the line is not valid UTF-8") + " -"
        }
    }
}
