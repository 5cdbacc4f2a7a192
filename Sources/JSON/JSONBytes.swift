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
        // In place for native strings (`withUTF8` is mutating: its copy retained the text).
        if text.utf8.withContiguousStorageIfAvailable({ appendEscaping($0, to: &bytes) }) == nil {
            var text = text
            text.withUTF8 { appendEscaping($0, to: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func appendEscaping(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        // Most text needs no escaping: copied in one go.
        guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            bytes.append(contentsOf: utf8)
            return
        }
        for byte in utf8 { appendEscaped(byte, to: &bytes) }
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
    /// `null`. Whole numbers, those of few binary places whose decimal expansion is their
    /// shortest form, and those from 1 to 2⁴⁸ whose shortest form exact integer arithmetic
    /// decides (`appendShortestDecimal`) are written digit by digit, the others by
    /// the standard library's shortest-digits printer
    /// (`description`'s) straight into the buffer, without a `String` in between: a
    /// million-card layout writes four of these per card.
    public static func appendNumber(_ number: Double, to bytes: inout [UInt8]) {
        if isPlainWhole(number) {
            appendInteger(Int64(number), to: &bytes)
        } else if appendShortBinaryFraction(number, to: &bytes) || appendShortestDecimal(number, to: &bytes) {
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
        let places = 16 - shift
        guard Int(magnitude.exponent) + 4 * places <= 52 else { return false }
        // m/2ᵏ has exactly k decimal places: its digits, each the next one of the fraction's
        // sixteenths times ten.
        var remainder = sixteenths & 0xFFFF
        return appendDecimal(integer: sixteenths >> 16, negative: number < 0, to: &bytes) { digits in
            for count in 0..<places {
                remainder &*= 10
                digits[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remainder >> 16)
                remainder &= 0xFFFF
            }
            return places
        }
    }

    /// Writes a number from 1 to 2⁴⁸ with a fraction in its shortest round-trip form, digit
    /// by digit in exact integer arithmetic (Steele and White's free-format method); returns
    /// false, writing nothing, for a power of two and for the ties below. Layout coordinates
    /// in points are thirds of pixels: 312.6666666666667 cost the standard library's printer
    /// about 660 instructions.
    ///
    /// With x = i + F/2ᵏ (ulp(x) = 2⁻ᵏ, k ≤ 52), the decimals that read back as x are those
    /// strictly between x − 2⁻ᵏ⁻¹ and x + 2⁻ᵏ⁻¹ (the ends read back by the tie rule only; a
    /// decimal landing on one is left to the standard library). Generating x's digits with
    /// the window's half-width, 10ʲ over 2ᵏ⁺¹ after j digits, the shortest decimals have the
    /// digits the window's ends share and one more, and the printer writes the closest of
    /// them to x: x's digit rounded by its remainder (exactly half, a tie, is left to the
    /// standard library).
    private static func appendShortestDecimal(_ number: Double, to bytes: inout [UInt8]) -> Bool {
        let magnitude = number.magnitude
        guard magnitude >= 1, magnitude < 0x1p48, magnitude.significandBitPattern != 0 else { return false }
        let binaryPlaces = 52 - (Int(magnitude.exponentBitPattern) - 1023)  // k: ulp(x) = 2⁻ᵏ
        let significand = magnitude.significandBitPattern | 1 << 52
        let integer = significand &>> binaryPlaces
        let shift = UInt64(binaryPlaces + 1)
        let denominator: UInt64 = 1 &<< shift  // 2ᵏ⁺¹, at most 2⁵³
        // x's fraction and the window's half-width as numerators over 2ᵏ⁺¹; times ten (and
        // the window up to 10¹⁷), they stay below 2⁵⁸.
        var remainder = (significand & (1 &<< binaryPlaces - 1)) &<< 1
        guard remainder != 0 else { return false }
        var window: UInt64 = 1
        return appendDecimal(integer: integer, negative: number < 0, to: &bytes) { digits in
            for count in 0..<17 {
                let scaled = remainder &* 10
                window = window &* 10
                var digit = scaled &>> shift
                remainder = scaled & (denominator &- 1)
                if remainder > window, remainder &+ window < denominator {  // the window's ends share it
                    digits[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit)
                    continue
                }
                // An end exactly on a decimal this short, or x halfway between two.
                guard remainder != window, remainder &+ window != denominator, remainder &<< 1 != denominator else {
                    return nil
                }
                if remainder &<< 1 > denominator { digit &+= 1 }
                // A carry past 9 is left to the standard library; the window test cannot fail
                // (x lies inside the window, which now spans a digit boundary) and stays as a
                // guard.
                let candidate = digit &<< shift  // the rounded decimal, as a numerator
                guard digit < 10, candidate &+ window > scaled, candidate < scaled &+ window else { return nil }
                digits[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit)
                return count + 1
            }
            return nil
        }
    }

    /// Writes `integer.` and the fraction digits `fractionDigits` puts in the buffer it is
    /// given (up to 17; it returns how many, or nil to write nothing), with a minus sign
    /// when `negative`; returns whether it wrote. Laid out in 48 bytes on the stack, the
    /// whole part written backwards before the point, and appended at once.
    private static func appendDecimal(
        integer: UInt64, negative: Bool, to bytes: inout [UInt8],
        fractionDigits: (UnsafeMutableBufferPointer<UInt8>) -> Int?
    ) -> Bool {
        var text: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &text) { raw in
            let buffer = raw.bindMemory(to: UInt8.self)
            let point = 20
            guard let count = fractionDigits(UnsafeMutableBufferPointer(rebasing: buffer[(point + 1)...])) else {
                return false
            }
            buffer[point] = UInt8(ascii: ".")
            var start = point
            var whole = integer
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole % 10)
                whole /= 10
            } while whole > 0
            if negative {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...(point + count)]))
            return true
        }
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
    /// modules get it specialized for their collection (an array, a lazy map over lines).
    @inlinable
    public static func appendArray<Values: Collection>(
        _ values: Values, to bytes: inout [UInt8], _ element: (Values.Element, inout [UInt8]) -> Void
    ) {
        bytes.append(UInt8(ascii: "["))
        var isFirst = true
        for value in values {
            if !isFirst { bytes.append(UInt8(ascii: ",")) }
            isFirst = false
            element(value, &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}
