// `cardsize text --jsonl` writes results with CatalogIO's byte-level JSON encoder: the same
// bytes Foundation's JSONEncoder wrote before, on every kind of value.
import BundledFonts
import CatalogIO
import CatalogGenerator
import Foundation
import JSON
import TextBatch
import TextEngine
import Testing

@Suite struct TextResultJSONTests {
    /// Foundation's encoder, whose bytes the results keep, on the result's members under
    /// the keys the results were encoded with.
    static func foundationJSON(_ result: TextResult) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(FoundationResult(result)), as: UTF8.self)
    }

    /// A result's members as Foundation encodes them.
    struct FoundationResult: Encodable {
        let id: JSONValue?, lines: Int?, starts: [Int]?, widths: [Double]?, heights: [Double]?, height: Double?
        let truncated: Bool?, naturalWidth: Double?, slack: [Double?]?, missingGlyphs: Int?, firstMissingGlyph: String?
        let error: String?, line: Int?, field: String?

        init(_ result: TextResult) {
            (id, lines, starts, widths, heights, height) =
                (result.id, result.lines, result.starts, result.widths, result.heights, result.height)
            (truncated, naturalWidth, slack, missingGlyphs, firstMissingGlyph) =
                (result.truncated, result.naturalWidth, result.slack, result.missingGlyphs, result.firstMissingGlyph)
            (error, line, field) = (result.error, result.line, result.field)
        }

        enum CodingKeys: String, CodingKey {
            case id, lines, starts, widths, heights, height, truncated, slack, error, line, field
            case naturalWidth = "natural_width"
            case missingGlyphs = "missing_glyphs"
            case firstMissingGlyph = "first_missing_glyph"
        }
    }

    @Test func measurementsAndErrorsAreTheBytesJSONEncoderWrote() throws {
        var measured = TextResult(id: .number(7), error: "")
        measured.error = nil
        measured.lines = 2
        measured.starts = [0, 16]
        measured.widths = [124.5302734375, 97.0283203125]
        measured.heights = [17.4609375, 17.4609375]
        measured.height = 35
        measured.truncated = true
        measured.naturalWidth = 226.3271484375
        measured.slack = [2.4697265625, nil]
        var empty = TextResult(id: nil, error: "")
        empty.error = nil  // no member at all: `{}`
        let results = [
            empty,
            measured,
            TextResult(id: nil, error: "the line is not valid UTF-8"),
            TextResult(id: .null, error: "size: missing"),
            TextResult(id: .string("g/1 \"quoted\" \\ tab\t\u{8}\u{C}\u{1}\u{7F}\u{2028} 日本"), error: "x", line: 3, field: "id"),
            TextResult(
                id: .object(["b": .array([.number(-1), .number(1.5), .bool(false), .null]), "a10": .number(-0.0), "a2": .object([:])]),
                error: "y"),
            TextResult(id: .array([]), error: "z", line: 0, field: ""),
        ]
        for result in results {
            #expect(result.json == (try Self.foundationJSON(result)))
        }
    }

    /// A measurement written without making its result (as `text --jsonl` answers) is the
    /// result's bytes: wrapped and unwrapped (slack `null`), clamped, reserved lines, a
    /// character no font has, no text.
    @Test func measurementsWrittenDirectlyAreTheirResultsBytes() throws {
        let measurer = TextMeasurer()
        let style = TextStyle(fonts: try BundledFonts.chain(), size: 15)
        let cases: [(text: String, width: Double, maxLines: Int, reserveLines: Int)] = [
            ("The Hunger Games (The Hunger Games, #1)", 127, 2, 0), ("吾輩は猫である", .infinity, 0, 0),
            ("Harry Potter and the Sorcerer's Stone", 90, 0, 3), ("missing \u{10FFFD} glyph", 100, 1, 0), ("", 100, 2, 0),
        ]
        for (index, item) in cases.enumerated() {
            let measurement = try measurer.measure(
                item.text, style: style, width: item.width, maxLines: item.maxLines, reserveLines: item.reserveLines)
            var direct: [UInt8] = [], viaResult: [UInt8] = []
            TextResult.appendJSONLine(id: .number(JSONNumber(Int64(index))), measurement: measurement, to: &direct)
            TextResult(id: .number(JSONNumber(Int64(index))), measurement: measurement).appendJSONLine(to: &viaResult)
            #expect(String(decoding: direct, as: UTF8.self) == String(decoding: viaResult, as: UTF8.self))
        }
    }

    @Test func numbersAreTheBytesJSONEncoderWrote() throws {
        var random = SplitMix64(seed: 5)
        var numbers: [Double] = [0, -0.0, 1, -1, 127, 1e15, 1e15 + 1, 9_007_199_254_740_992, 1e16, 1e21, 1e-7, 0.1, 1.0 / 3]
        numbers += (-30...30).map { pow(10, Double($0)) * 1.25 }
        numbers += (0..<20_000).map { _ in Double(bitPattern: random.next()) }.filter(\.isFinite)
        numbers += (0..<20_000).map { _ in Double(random.next() % 100_000) / 1024 }
        // Layout frames: sums of thirds and sevenths (covers at 7:10), long decimals.
        numbers += (0..<20_000).map { _ in Double(random.next() % 10_000_000) / Double(3 + random.next() % 5) }
        var result = TextResult(id: nil, error: "")
        result.error = nil
        result.widths = numbers
        #expect(result.json == (try Self.foundationJSON(result)))
    }
}
