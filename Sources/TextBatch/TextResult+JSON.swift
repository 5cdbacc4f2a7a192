// A result as one JSON line, through the JSON module's byte-level encoder.
import JSON

extension TextResult {
    /// Appends the result as a JSON object: keys sorted, absent fields left out, so equal
    /// results are equal bytes — the bytes `JSONEncoder` with `.sortedKeys` and
    /// `.withoutEscapingSlashes` wrote, at a fraction of its cost.
    public func appendJSON(to bytes: inout [UInt8]) {
        var separator = UInt8(ascii: "{")
        func key(_ name: StaticString) {
            bytes.append(separator)
            separator = UInt8(ascii: ",")
            JSONBytes.appendKey(name, to: &bytes)
        }
        func integer(_ value: Int, _ bytes: inout [UInt8]) { JSONBytes.appendInteger(Int64(value), to: &bytes) }
        // In sorted order of the keys.
        if let error { key("error"); JSONBytes.appendString(error, to: &bytes) }
        if let field { key("field"); JSONBytes.appendString(field, to: &bytes) }
        if let firstMissingGlyph { key("first_missing_glyph"); JSONBytes.appendString(firstMissingGlyph, to: &bytes) }
        if let height { key("height"); JSONBytes.appendNumber(height, to: &bytes) }
        if let heights { key("heights"); JSONBytes.appendArray(heights, to: &bytes, JSONBytes.appendNumber) }
        if let id { key("id"); id.appendJSON(to: &bytes) }
        if let line { key("line"); integer(line, &bytes) }
        if let lines { key("lines"); integer(lines, &bytes) }
        if let missingGlyphs { key("missing_glyphs"); integer(missingGlyphs, &bytes) }
        if let naturalWidth { key("natural_width"); JSONBytes.appendNumber(naturalWidth, to: &bytes) }
        if let slack {
            key("slack")
            JSONBytes.appendArray(slack, to: &bytes) { value, bytes in
                if let value { JSONBytes.appendNumber(value, to: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
            }
        }
        if let starts { key("starts"); JSONBytes.appendArray(starts, to: &bytes, integer) }
        if let truncated { key("truncated"); bytes.append(contentsOf: (truncated ? "true" : "false").utf8) }
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
