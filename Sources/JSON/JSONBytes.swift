// JSON text appended straight to a byte buffer: the one JSON encoder behind RecordWriter's
// JSON Lines and TextBatch's results.

/// Appends JSON strings and numbers to a byte buffer, formatted exactly as Foundation's
/// `JSONEncoder` formats them, so `cardsize text --jsonl` kept its bytes when it moved off
/// `JSONEncoder` (which builds a tree of boxed values per result and costs microseconds).
public enum JSONBytes {
    /// A JSON string: `"`, `\` and control characters escaped (`\b \f \n \r \t` short, the
    /// others as `\u00XX`); everything else, `/` and non-ASCII included, as it is.
    public static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Most text needs no escaping: copied in one go.
            guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 { appendEscaped(byte, to: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func appendEscaped(_ byte: UInt8, to bytes: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: "\\\"".utf8)
        case UInt8(ascii: "\\"): bytes.append(contentsOf: "\\\\".utf8)
        case UInt8(ascii: "\n"): bytes.append(contentsOf: "\\n".utf8)
        case UInt8(ascii: "\r"): bytes.append(contentsOf: "\\r".utf8)
        case UInt8(ascii: "\t"): bytes.append(contentsOf: "\\t".utf8)
        case 0x08: bytes.append(contentsOf: "\\b".utf8)
        case 0x0C: bytes.append(contentsOf: "\\f".utf8)
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: "\\u00".utf8)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0xF)])
        default: bytes.append(byte)
        }
    }

    /// A number in JSON, as ``numberText(_:)`` spells it; whole numbers straight into the
    /// buffer, without a `String` in between.
    public static func appendNumber(_ number: Double, to bytes: inout [UInt8]) {
        if isPlainWhole(number) {
            appendInteger(Int64(number), to: &bytes)
        } else {
            bytes.append(contentsOf: numberText(number).utf8)
        }
    }

    /// Decimal digits of `value`, with a minus sign when negative.
    private static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 19 digits
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[start...])
        }
    }

    /// Whole numbers the common, cheap way; -0 keeps its sign (through `description`).
    private static func isPlainWhole(_ number: Double) -> Bool {
        number == number.rounded() && abs(number) < 1e15 && (number != 0 || number.sign == .plus)
    }

    /// A number in its shortest form that reads back exactly, without a trailing `.0`
    /// (`127`, `17.5`, `-0`, `1e-07`, `1e+16`); NaN and the infinities, which JSON lacks, as
    /// `null`.
    public static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if isPlainWhole(number) { return String(Int64(number)) }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// `[a,b,…]`, each element written by `element`. Inlinable so that callers in other
    /// modules get it specialized for their element type.
    @inlinable
    public static func appendArray<Element>(
        _ values: [Element], to bytes: inout [UInt8], _ element: (Element, inout [UInt8]) -> Void
    ) {
        bytes.append(UInt8(ascii: "["))
        for index in values.indices {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            element(values[index], &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}
