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
    /// so that they can be read from a measurement. The members before the id and those
    /// after it are each written into room reserved once for their longest spelling.
    private static func appendObject<
        Starts: Collection<Int>, Widths: Collection<Double>, Heights: Collection<Double>, Slack: Collection<Double?>
    >(
        _ result: borrowing TextResult, starts: Starts?, widths: Widths?, heights: Heights?, slack: Slack?,
        to bytes: inout [UInt8]
    ) {
        var members = JSONMembers()
        func integer(_ value: Int, _ span: inout OutputSpan<UInt8>) { JSONBytes.writeInteger(Int64(value), to: &span) }
        // Room for a member when present: a separator, the longest key ("first_missing_glyph")
        // with its quotes and colon, and `length` for its value.
        func member<Value>(_ value: Value?, _ length: Int) -> Int { value == nil ? 0 : 24 + length }
        func array<Values: Collection>(_ values: Values?, each: Int) -> Int {
            member(values, values.map { 2 + $0.count * (each + 1) } ?? 0)
        }
        func string(_ text: String?) -> Int { member(text, text.map(JSONBytes.maximumStringLength) ?? 0) }
        let number = JSONBytes.maximumNumberLength, digits = JSONBytes.maximumIntegerLength
        // In sorted order of the keys.
        let beforeID = string(result.error) + string(result.field) + string(result.firstMissingGlyph)
            + member(result.height, number) + array(heights, each: number)
        bytes.append(addingCapacity: beforeID) { span in
            if let error = result.error { members.key("error", &span); JSONBytes.writeString(error, to: &span) }
            if let field = result.field { members.key("field", &span); JSONBytes.writeString(field, to: &span) }
            if let firstMissingGlyph = result.firstMissingGlyph {
                members.key("first_missing_glyph", &span)
                JSONBytes.writeString(firstMissingGlyph, to: &span)
            }
            if let height = result.height { members.key("height", &span); JSONBytes.writeNumber(height, to: &span) }
            if let heights { members.key("heights", &span); JSONBytes.writeArray(heights, to: &span, JSONBytes.writeNumber) }
        }
        if let id = result.id {
            bytes.append(addingCapacity: member(id, 0)) { members.key("id", &$0) }
            id.appendJSON(to: &bytes)
        }
        let afterID = member(result.line, digits) + member(result.lines, digits) + member(result.missingGlyphs, digits)
            + member(result.naturalWidth, number) + array(slack, each: number) + array(starts, each: digits)
            + member(result.truncated, "false".utf8.count) + array(widths, each: number) + "{}".utf8.count
        bytes.append(addingCapacity: afterID) { span in
            if let line = result.line { members.key("line", &span); integer(line, &span) }
            if let lines = result.lines { members.key("lines", &span); integer(lines, &span) }
            if let missingGlyphs = result.missingGlyphs { members.key("missing_glyphs", &span); integer(missingGlyphs, &span) }
            if let naturalWidth = result.naturalWidth {
                members.key("natural_width", &span)
                JSONBytes.writeNumber(naturalWidth, to: &span)
            }
            if let slack {
                members.key("slack", &span)
                JSONBytes.writeArray(slack, to: &span) { value, span in
                    if let value { JSONBytes.writeNumber(value, to: &span) } else { JSONBytes.write("null", to: &span) }
                }
            }
            if let starts { members.key("starts", &span); JSONBytes.writeArray(starts, to: &span) { integer($0, &$1) } }
            if let truncated = result.truncated {
                members.key("truncated", &span)
                JSONBytes.write(truncated ? "true" : "false", to: &span)
            }
            if let widths { members.key("widths", &span); JSONBytes.writeArray(widths, to: &span, JSONBytes.writeNumber) }
            members.close(&span)
        }
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
