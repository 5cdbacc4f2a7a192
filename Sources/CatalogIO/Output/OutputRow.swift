// Rows that write their own JSON: the fixed-shape records of a million-card run.

/// An output record that can append itself as a JSON line without being built as an
/// ``OutputRecord`` first (an array of named fields per record, which cost more than the
/// record's arithmetic in a million-card run).
///
/// ``RecordWriter/write(_:)-(Row)`` uses ``appendJSONLine(to:)`` for JSON Lines and
/// ``outputRecord`` for CSV; the two must give the same JSON bytes, which debug builds check
/// on every row.
public protocol OutputRow: Sendable {
    /// The row as named fields.
    var outputRecord: OutputRecord { get }
    /// Appends the row as one JSON object and a newline.
    func appendJSONLine(to bytes: inout [UInt8])
}

extension OutputRecord: OutputRow {
    public var outputRecord: OutputRecord { self }

    /// The fields in order, as one JSON object and a newline: strings escaped, numbers in
    /// their shortest exact form (``JSONBytes``), NaN and the infinities as `null`.
    public func appendJSONLine(to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        for (position, field) in fields.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONBytes.appendString(field.name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            switch field.value {
            case .string(let text): JSONBytes.appendString(text, to: &bytes)
            case .null: bytes.append(contentsOf: "null".utf8)
            case .number(let number): JSONBytes.appendNumber(number, to: &bytes)
            default: bytes.append(contentsOf: RecordWriter.plainText(field.value).utf8)
            }
        }
        bytes.append(contentsOf: "}\n".utf8)
    }

    /// The record as one JSON line.
    var jsonLine: [UInt8] {
        var bytes: [UInt8] = []
        appendJSONLine(to: &bytes)
        return bytes
    }
}

/// Appends a JSON object's fields one by one, in order: `{"a":1,"b":"x"}`.
public struct JSONObjectBytes {
    private var isFirst = true

    public init() {}

    /// Appends `"name":` after `{` or `,`; `name` must need no escaping (a field name of the
    /// program's own).
    public mutating func key(_ name: StaticString, to bytes: inout [UInt8]) {
        bytes.append(isFirst ? UInt8(ascii: "{") : UInt8(ascii: ","))
        isFirst = false
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: "\":".utf8)
    }

    public mutating func field(_ name: StaticString, _ value: String?, to bytes: inout [UInt8]) {
        key(name, to: &bytes)
        if let value { JSONBytes.appendString(value, to: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
    }

    /// A number; NaN and the infinities as `null`, as ``OutputValue/number(_:)`` writes them.
    public mutating func field(_ name: StaticString, _ value: Double, to bytes: inout [UInt8]) {
        key(name, to: &bytes)
        JSONBytes.appendNumber(value, to: &bytes)
    }

    public mutating func field(_ name: StaticString, _ value: Int, to bytes: inout [UInt8]) {
        key(name, to: &bytes)
        bytes.append(contentsOf: String(value).utf8)
    }

    public mutating func field(_ name: StaticString, _ value: Bool, to bytes: inout [UInt8]) {
        key(name, to: &bytes)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Closes the object and the line.
    public func end(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: (isFirst ? "{}\n" : "}\n").utf8)
    }
}
