// What a RecordWriter writes: a record that is one JSON line, or a CSV row of named fields.
import JSON

/// A record ``RecordWriter`` can write: as one JSON line, or as named fields filling a CSV
/// row's columns. The two are views of one definition (an ``OutputSchema``'s fields, or an
/// ``OutputRecord``'s), so they cannot disagree.
public protocol WritableRecord: Sendable {
    /// The record as named fields, for CSV.
    var outputRecord: OutputRecord { get }
    /// Appends the record as one JSON object and a newline.
    func appendJSONLine(to bytes: inout [UInt8])
}

extension OutputRecord: WritableRecord {
    public var outputRecord: OutputRecord { self }

    /// The fields in order, as one JSON object and a newline: strings escaped, numbers in
    /// their shortest exact form (``JSONBytes``), NaN and the infinities as `null`.
    public func appendJSONLine(to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        for (position, field) in fields.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONBytes.appendString(field.name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            field.value.appendJSON(to: &bytes)
        }
        bytes.append(contentsOf: "}\n".utf8)
    }
}

extension OutputValue {
    /// The value as JSON: `null` for `.null` and for a non-finite number.
    @usableFromInline func appendJSON(to bytes: inout [UInt8]) {
        switch self {
        case .string(let text): JSONBytes.appendString(text, to: &bytes)
        case .null: bytes.append(contentsOf: "null".utf8)
        case .number(let number): JSONBytes.appendNumber(number, to: &bytes)
        case .integer(let number): JSONBytes.appendInteger(Int64(number), to: &bytes)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        }
    }
}
