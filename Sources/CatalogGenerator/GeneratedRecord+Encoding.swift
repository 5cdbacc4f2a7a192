// A generated record's bytes as a CSV row or a JSON line, appended to an output buffer.
import CatalogIO
import JSON

/// Encodes records byte for byte as ``CSVWriter`` and ``RecordWriter`` would write them,
/// without their per-row arrays and per-field strings, which cost more than generating a
/// record does.
extension GeneratedRecord {
    /// Appends the header row of a generated CSV catalog.
    static func appendCSVHeader(to bytes: inout [UInt8]) {
        for (position, column) in CatalogGenerator.columns.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: column.utf8)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends the record as a CSV row, quoting a field only when it holds a comma, quote,
    /// CR or LF (RFC 4180, as ``CSVWriter`` does).
    func appendCSVRow(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: id.utf8)
        bytes.append(UInt8(ascii: ","))
        CSVWriter.appendEscaped(title, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        CSVWriter.appendEscaped(author, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        bytes.append(contentsOf: language.rawValue.utf8)
        bytes.append(UInt8(ascii: ","))
        Self.appendDecimal(coverSize.width, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        Self.appendDecimal(coverSize.height, to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends the record as one JSON object and a LF, keys in column order (as
    /// ``RecordWriter`` writes an ``OutputRecord``).
    func appendJSONLine(to bytes: inout [UInt8]) {
        let keys = Self.jsonKeys
        bytes.append(contentsOf: keys[0])
        JSONBytes.appendString(id, to: &bytes)
        bytes.append(contentsOf: keys[1])
        JSONBytes.appendString(title, to: &bytes)
        bytes.append(contentsOf: keys[2])
        JSONBytes.appendString(author, to: &bytes)
        bytes.append(contentsOf: keys[3])
        JSONBytes.appendString(language.rawValue, to: &bytes)
        bytes.append(contentsOf: keys[4])
        Self.appendDecimal(coverSize.width, to: &bytes)
        bytes.append(contentsOf: keys[5])
        Self.appendDecimal(coverSize.height, to: &bytes)
        bytes.append(contentsOf: "}\n".utf8)
    }

    /// What precedes each column's value in a JSON line: `{"id":`, `,"title":` and so on.
    private static let jsonKeys: [[UInt8]] = CatalogGenerator.columns.enumerated().map { position, column in
        var key: [UInt8] = [position == 0 ? UInt8(ascii: "{") : UInt8(ascii: ",")]
        JSONBytes.appendString(column, to: &key)
        key.append(UInt8(ascii: ":"))
        return key
    }

    /// Appends a non-negative integer's decimal digits.
    private static func appendDecimal(_ number: Int, to bytes: inout [UInt8]) {
        if number >= 10 { appendDecimal(number / 10, to: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
    }
}
