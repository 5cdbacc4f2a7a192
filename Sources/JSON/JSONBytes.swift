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

    /// `"name":`, a member's key that needs no escaping (a schema's own), copied as it is.
    public static func appendKey(_ name: StaticString, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
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

    /// A number in its shortest form that reads back exactly, without a trailing `.0`
    /// (`127`, `17.5`, `-0`, `1e-07`, `1e+16`); NaN and the infinities, which JSON lacks, as
    /// `null`. Whole numbers, and those of few binary places whose decimal expansion is their
    /// shortest form, are written digit by digit, the others by the standard library's
    /// shortest-digits printer (`description`'s) straight into the buffer, without a `String`
    /// in between: a million-card layout writes four of these per card.
    public static func appendNumber(_ number: Double, to bytes: inout [UInt8]) {
        if isPlainWhole(number) {
            appendInteger(Int64(number), to: &bytes)
        } else if appendShortBinaryFraction(number, to: &bytes) {
            return
        } else if !number.isFinite {
            bytes.append(contentsOf: "null".utf8)
        } else {
            var sink = ASCIISink()
            swap(&sink.bytes, &bytes)
            number.write(to: &sink)
            swap(&sink.bytes, &bytes)
            if bytes.count >= 2, bytes[bytes.count - 2] == UInt8(ascii: "."), bytes[bytes.count - 1] == UInt8(ascii: "0") {
                bytes.removeLast(2)
            }
        }
    }

    /// Decimal digits of `value`, with a minus sign when negative.
    public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        guard magnitude >= 10 else { return bytes.append(UInt8(ascii: "0") + UInt8(magnitude)) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 19 digits
        withUnsafeMutableBytes(of: &digits) { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            // A typed buffer: appending a raw slice went byte by byte through generic code.
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// Writes a number with at most 16 binary digits after the point (text widths are
    /// multiples of 1/1024 px, line heights of 1/64) digit by digit, when its exact decimal
    /// expansion is also its shortest round-trip form, which the standard library's printer
    /// finds at about twice the cost (callgrind: about 270 instructions a number against
    /// 500); returns false, writing nothing, for any other.
    ///
    /// A number m/2ᵏ (m odd) has exactly k decimal places, the last a 5. Any other decimal
    /// that short or shorter differs from it by at least 10⁻ᵏ; it reads back as the number
    /// only within half an ulp, and `exponent + 4k ≤ 52` makes half an ulp, 2^(exponent−53),
    /// less than 2⁻⁴ᵏ⁻¹ < 10⁻ᵏ. So the expansion is the one shortest form, and the closest.
    /// Magnitudes from 2⁻¹⁰ (above 10⁻⁴, where the printer turns to exponents) to 2⁴⁸.
    private static func appendShortBinaryFraction(_ number: Double, to bytes: inout [UInt8]) -> Bool {
        let magnitude = number.magnitude
        guard magnitude >= 0x1p-10, magnitude < 0x1p48 else { return false }
        let scaled = magnitude * 0x1p16  // exact, below 2⁶⁴
        let sixteenths = UInt64(scaled)
        guard Double(sixteenths) == scaled, sixteenths & 0xFFFF != 0 else { return false }
        let shift = (sixteenths & 0xFFFF).trailingZeroBitCount
        let numerator = (sixteenths & 0xFFFF) >> shift
        let places = 16 - shift
        guard Int(magnitude.exponent) + 4 * places <= 52 else { return false }
        // m/2ᵏ = m·5ᵏ/10ᵏ: the k decimal places as an integer below 10ᵏ ≤ 10¹⁶.
        var decimals = numerator
        for _ in 0..<places { decimals *= 5 }
        var integer = sixteenths >> 16
        // Written backwards into 40 bytes (sign, 15 digits, point, 16 places), then appended.
        var text: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &text) { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            var start = buffer.count
            for _ in 0..<places {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(decimals % 10)
                decimals /= 10
            }
            start -= 1
            buffer[start] = UInt8(ascii: ".")
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(integer % 10)
                integer /= 10
            } while integer > 0
            if number < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
        }
        return true
    }

    /// Whole numbers the common, cheap way; -0 keeps its sign (through `description`).
    private static func isPlainWhole(_ number: Double) -> Bool {
        number == number.rounded() && abs(number) < 1e15 && (number != 0 || number.sign == .plus)
    }

    /// ``appendNumber(_:to:)``'s spelling as a string.
    public static func numberText(_ number: Double) -> String {
        var bytes: [UInt8] = []
        appendNumber(number, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Receives `Double.write(to:)`'s characters: the standard library hands a stream its
    /// ASCII bytes through `_writeASCII` (a customization point of `TextOutputStream`), so
    /// implementing it keeps the digits out of a `String`.
    private struct ASCIISink: TextOutputStream {
        var bytes: [UInt8] = []
        mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }
        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
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
