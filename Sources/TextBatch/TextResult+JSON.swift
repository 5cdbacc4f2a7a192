// A result as one JSON line, through the JSON module's byte-level encoder.
import JSON
import TextEngine

extension TextResult {
    /// Appends the result as a JSON object: keys sorted, absent fields left out, so equal
    /// results are equal bytes — the bytes `JSONEncoder` with `.sortedKeys` and
    /// `.withoutEscapingSlashes` wrote, at a fraction of its cost.
    public func appendJSON(to bytes: inout [UInt8]) {
        Self.appendObject(self, starts: starts, widths: widths, heights: heights, slack: slack, to: &bytes)
    }

    /// Appends `TextResult(id: id, measurement: measurement)` as a line of JSON Lines (see
    /// ``appendJSONLine(to:)``), its per-line arrays read from the measurement's lines
    /// instead of made.
    public static func appendJSONLine(id: JSONValue?, measurement: borrowing TextMeasurement, to bytes: inout [UInt8]) {
        let lines = measurement.lines.lazy
        appendObject(
            TextResult(id: id, membersOf: measurement), starts: lines.map(\.scalarOffset), widths: lines.map(\.width),
            heights: lines.map(\.height), slack: lines.map(slack(of:)), to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// The one writer of a result: `result`'s members, but the per-line arrays given apart,
    /// so that they can be read from a measurement.
    private static func appendObject<
        Starts: Collection<Int>, Widths: Collection<Double>, Heights: Collection<Double>, Slack: Collection<Double?>
    >(
        _ result: borrowing TextResult, starts: Starts?, widths: Widths?, heights: Heights?, slack: Slack?,
        to bytes: inout [UInt8]
    ) {
        var separator = UInt8(ascii: "{")
        func key(_ name: StaticString) {
            bytes.append(separator)
            separator = UInt8(ascii: ",")
            JSONBytes.appendKey(name, to: &bytes)
        }
        func integer(_ value: Int, _ bytes: inout [UInt8]) { JSONBytes.appendInteger(Int64(value), to: &bytes) }
        // In sorted order of the keys.
        if let error = result.error { key("error"); JSONBytes.appendString(error, to: &bytes) }
        if let field = result.field { key("field"); JSONBytes.appendString(field, to: &bytes) }
        if let firstMissingGlyph = result.firstMissingGlyph {
            key("first_missing_glyph")
            JSONBytes.appendString(firstMissingGlyph, to: &bytes)
        }
        if let height = result.height { key("height"); JSONBytes.appendNumber(height, to: &bytes) }
        if let heights { key("heights"); JSONBytes.appendArray(heights, to: &bytes, JSONBytes.appendNumber) }
        if let id = result.id { key("id"); id.appendJSON(to: &bytes) }
        if let line = result.line { key("line"); integer(line, &bytes) }
        if let lines = result.lines { key("lines"); integer(lines, &bytes) }
        if let missingGlyphs = result.missingGlyphs { key("missing_glyphs"); integer(missingGlyphs, &bytes) }
        if let naturalWidth = result.naturalWidth {
            key("natural_width")
            JSONBytes.appendNumber(naturalWidth, to: &bytes)
        }
        if let slack {
            key("slack")
            JSONBytes.appendArray(slack, to: &bytes) { value, bytes in
                if let value { JSONBytes.appendNumber(value, to: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
            }
        }
        if let starts { key("starts"); JSONBytes.appendArray(starts, to: &bytes, integer) }
        if let truncated = result.truncated {
            key("truncated")
            bytes.append(contentsOf: (truncated ? "true" : "false").utf8)
        }
        if let widths { key("widths"); JSONBytes.appendArray(widths, to: &bytes, JSONBytes.appendNumber) }
        if separator == UInt8(ascii: "{") { bytes.append(separator) }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends the result as a line of JSON Lines: the object and a line feed.
    public func appendJSONLine(to bytes: inout [UInt8]) {
        appendJSON(to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// The result as a JSON object in a string (see ``appendJSON(to:)``).
    public var json: String {
        var bytes: [UInt8] = []
        appendJSON(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
