// JSON text appended straight to a byte buffer: the one JSON encoder behind RecordWriter's
// JSON Lines and TextBatch's results.

/// Appends JSON strings and numbers to a byte buffer, formatted exactly as Foundation's
/// `JSONEncoder` formats them, so `cardsize text --jsonl` kept its bytes when it moved off
/// `JSONEncoder` (which builds a tree of boxed values per result and costs microseconds).
public enum JSONBytes {
    /// The most bytes ``writeNumber(_:to:)`` writes: a sign, 17 digits, a point and an
    /// exponent (`-2.2250738585072014e-308`).
    package static let maximumNumberLength = 24

    /// The most bytes ``writeInteger(_:to:)`` writes (`-9223372036854775808` is 20).
    package static let maximumIntegerLength = 20

    /// The most bytes ``writeString(_:to:)`` writes for `text`: its quotes and each byte
    /// escaped as `\u00XX` at worst.
    package static func maximumStringLength(_ text: String) -> Int { 2 + 6 * text.utf8.count }

    /// The most bytes ``writeKey(_:to:)`` writes for `name`.
    package static func maximumKeyLength(_ name: StaticString) -> Int { name.utf8CodeUnitCount + 3 }

    // Each `append…` below reserves its bound once and writes through an `OutputSpan`: a
    // byte appended to an array checks its uniqueness and capacity, which cost a result
    // line of `text --jsonl` (eight keys and numbers) more than its digits.

    /// A JSON string: `"`, `\` and control characters escaped (`\b \f \n \r \t` short, the
    /// others as `\u00XX`); everything else, `/` and non-ASCII included, as it is.
    public static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(addingCapacity: maximumStringLength(text)) { writeString(text, to: &$0) }
    }

    /// ``appendString(_:to:)`` into a span with room for ``maximumStringLength(_:)``.
    package static func writeString(_ text: String, to span: inout OutputSpan<UInt8>) {
        span.append(UInt8(ascii: "\""))
        // In place for native strings (`withUTF8` is mutating: its copy retained the text).
        if text.utf8.withContiguousStorageIfAvailable({ writeEscaping($0, to: &span) }) == nil {
            var text = text
            text.withUTF8 { writeEscaping($0, to: &span) }
        }
        span.append(UInt8(ascii: "\""))
    }

    private static func writeEscaping(_ utf8: UnsafeBufferPointer<UInt8>, to span: inout OutputSpan<UInt8>) {
        // Most text needs no escaping: copied in one go.
        guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            return write(utf8, to: &span)
        }
        for byte in utf8 { writeEscaped(byte, to: &span) }
    }

    /// `"name":`, a member's key that needs no escaping (a schema's own), copied as it is.
    public static func appendKey(_ name: StaticString, to bytes: inout [UInt8]) {
        bytes.append(addingCapacity: maximumKeyLength(name)) { writeKey(name, to: &$0) }
    }

    /// ``appendKey(_:to:)`` into a span with room for ``maximumKeyLength(_:)``.
    @inlinable @inline(__always)
    package static func writeKey(_ name: StaticString, to span: inout OutputSpan<UInt8>) {
        span.append(UInt8(ascii: "\""))
        write(name, to: &span)
        span.append(UInt8(ascii: "\""))
        span.append(UInt8(ascii: ":"))
    }

    /// `text`'s bytes as they are (`true`, `null`, a key).
    @inlinable @inline(__always)
    package static func write(_ text: StaticString, to span: inout OutputSpan<UInt8>) {
        text.withUTF8Buffer { write($0, to: &span) }
    }

    /// `bytes` as they are, copied at once.
    @inlinable @inline(__always)
    package static func write(_ bytes: UnsafeBufferPointer<UInt8>, to span: inout OutputSpan<UInt8>) {
        span.withUnsafeMutableBufferPointer { buffer, initialized in
            // Traps, as `append` would, when the span has no room for them.
            _ = UnsafeMutableBufferPointer(rebasing: buffer[initialized...]).initialize(fromContentsOf: bytes)
            initialized += bytes.count
        }
    }

    private static func writeEscaped(_ byte: UInt8, to span: inout OutputSpan<UInt8>) {
        switch byte {
        case UInt8(ascii: "\""): write("\\\"", to: &span)
        case UInt8(ascii: "\\"): write("\\\\", to: &span)
        case UInt8(ascii: "\n"): write("\\n", to: &span)
        case UInt8(ascii: "\r"): write("\\r", to: &span)
        case UInt8(ascii: "\t"): write("\\t", to: &span)
        case 0x08: write("\\b", to: &span)
        case 0x0C: write("\\f", to: &span)
        case 0..<0x20:
            let hex: StaticString = "0123456789abcdef"
            write("\\u00", to: &span)
            hex.withUTF8Buffer { hex in
                span.append(hex[Int(byte >> 4)])
                span.append(hex[Int(byte & 0xF)])
            }
        default: span.append(byte)
        }
    }

    /// A number in its shortest form that reads back exactly, without a trailing `.0`
    /// (`127`, `17.5`, `-0`, `1e-07`, `1e+16`); NaN and the infinities, which JSON lacks, as
    /// `null`. Whole numbers, those of few binary places whose decimal expansion is their
    /// shortest form, and those from 1 to 2⁴⁸ whose shortest form exact integer arithmetic
    /// decides (`writeShortestDecimal`) are written digit by digit, the others by
    /// the standard library's shortest-digits printer
    /// (`description`'s) straight into the buffer, without a `String` in between: a
    /// million-card layout writes four of these per card.
    public static func appendNumber(_ number: Double, to bytes: inout [UInt8]) {
        bytes.append(addingCapacity: maximumNumberLength) { writeNumber(number, to: &$0) }
    }

    /// ``appendNumber(_:to:)`` into a span with room for ``maximumNumberLength``.
    package static func writeNumber(_ number: Double, to span: inout OutputSpan<UInt8>) {
        if isPlainWhole(number) {
            writeInteger(Int64(number), to: &span)
        } else if writeShortBinaryFraction(number, to: &span) || writeShortestDecimal(number, to: &span) {
            return
        } else if !number.isFinite {
            write("null", to: &span)
        } else {
            var sink = ASCIISink()
            number.write(to: &sink)
            if sink.bytes.count >= 2, sink.bytes[sink.bytes.count - 2] == UInt8(ascii: "."),
                sink.bytes.last == UInt8(ascii: "0")
            {
                sink.bytes.removeLast(2)
            }
            for byte in sink.bytes { span.append(byte) }
        }
    }

    /// Decimal digits of `value`, with a minus sign when negative.
    public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        bytes.append(addingCapacity: maximumIntegerLength) { writeInteger(value, to: &$0) }
    }

    /// ``appendInteger(_:to:)`` into a span with room for ``maximumIntegerLength``.
    package static func writeInteger(_ value: Int64, to span: inout OutputSpan<UInt8>) {
        if value < 0 { span.append(UInt8(ascii: "-")) }
        writeDigits(of: value.magnitude, to: &span)
    }

    /// The decimal digits of `value`, most significant first: counted, then written from
    /// the last, in place.
    private static func writeDigits(of value: UInt64, to span: inout OutputSpan<UInt8>) {
        var count = 1
        var power: UInt64 = 10
        while count < 20, value >= power {
            count += 1
            power = power &* 10
        }
        span.withUnsafeMutableBufferPointer { buffer, initialized in
            precondition(buffer.count - initialized >= count, "OutputSpan capacity overflow")
            var rest = value
            var index = initialized + count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while index > initialized
            initialized += count
        }
    }

    /// Writes a number with at most 16 binary digits after the point (text widths are
    /// multiples of 1/1024 px, line heights of 1/64) digit by digit, when its exact decimal
    /// expansion is also its shortest round-trip form, which the standard library's printer
    /// finds at a greater cost; returns false, writing nothing, for any other.
    ///
    /// A number m/2ᵏ (m odd) has exactly k decimal places, the last a 5. Any other decimal
    /// that short or shorter differs from it by at least 10⁻ᵏ; it reads back as the number
    /// only within half an ulp, and `exponent + 4k ≤ 52` makes half an ulp, 2^(exponent−53),
    /// less than 2⁻⁴ᵏ⁻¹ < 10⁻ᵏ. So the expansion is the one shortest form, and the closest.
    /// Magnitudes from 2⁻¹⁰ (above 10⁻⁴, where the printer turns to exponents) to 2⁴⁸.
    private static func writeShortBinaryFraction(_ number: Double, to span: inout OutputSpan<UInt8>) -> Bool {
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
        return writeDecimal(integer: sixteenths >> 16, negative: number < 0, to: &span) { span in
            for _ in 0..<places {
                remainder &*= 10
                span.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remainder >> 16))
                remainder &= 0xFFFF
            }
            return true
        }
    }

    /// Writes a number from 1 to 2⁴⁸ with a fraction in its shortest round-trip form, digit
    /// by digit in exact integer arithmetic (Steele and White's free-format method); returns
    /// false, writing nothing, for a power of two and for the ties below. Layout coordinates
    /// in points are thirds of pixels (312.6666666666667), the standard library printer's
    /// costliest kind of number.
    ///
    /// With x = i + F/2ᵏ (ulp(x) = 2⁻ᵏ, k ≤ 52), the decimals that read back as x are those
    /// strictly between x − 2⁻ᵏ⁻¹ and x + 2⁻ᵏ⁻¹ (the ends read back by the tie rule only; a
    /// decimal landing on one is left to the standard library). Generating x's digits with
    /// the window's half-width, 10ʲ over 2ᵏ⁺¹ after j digits, the shortest decimals have the
    /// digits the window's ends share and one more, and the printer writes the closest of
    /// them to x: x's digit rounded by its remainder (exactly half, a tie, is left to the
    /// standard library).
    private static func writeShortestDecimal(_ number: Double, to span: inout OutputSpan<UInt8>) -> Bool {
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
        return writeDecimal(integer: integer, negative: number < 0, to: &span) { span in
            for _ in 0..<17 {
                let scaled = remainder &* 10
                window = window &* 10
                var digit = scaled &>> shift
                remainder = scaled & (denominator &- 1)
                if remainder > window, remainder &+ window < denominator {  // the window's ends share it
                    span.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit))
                    continue
                }
                // An end exactly on a decimal this short, or x halfway between two.
                guard remainder != window, remainder &+ window != denominator, remainder &<< 1 != denominator else {
                    return false
                }
                if remainder &<< 1 > denominator { digit &+= 1 }
                // A carry past 9 is left to the standard library; the window test cannot fail
                // (x lies inside the window, which now spans a digit boundary) and stays as a
                // guard.
                let candidate = digit &<< shift  // the rounded decimal, as a numerator
                guard digit < 10, candidate &+ window > scaled, candidate < scaled &+ window else { return false }
                span.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: digit))
                return true
            }
            return false
        }
    }

    /// Writes `integer.` and the fraction digits `fractionDigits` appends (up to 17; it
    /// returns false to write nothing), with a minus sign when `negative`; returns whether
    /// it wrote.
    private static func writeDecimal(
        integer: UInt64, negative: Bool, to span: inout OutputSpan<UInt8>,
        fractionDigits: (inout OutputSpan<UInt8>) -> Bool
    ) -> Bool {
        let start = span.count
        if negative { span.append(UInt8(ascii: "-")) }
        writeDigits(of: integer, to: &span)
        span.append(UInt8(ascii: "."))
        guard fractionDigits(&span) else {
            span.removeLast(span.count - start)
            return false
        }
        return true
    }

    /// Whole numbers the common, cheap way; -0 keeps its sign (through `description`).
    private static func isPlainWhole(_ number: Double) -> Bool {
        // Below 10¹⁵ a whole number converts to an integer and back unchanged (NaN fails the
        // first test); no call to `rounded()`.
        abs(number) < 1e15 && Double(Int64(number)) == number && (number != 0 || number.sign == .plus)
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

    /// ``appendArray(_:to:_:)`` into a span with room for the brackets, a comma after each
    /// element and what `element` writes.
    @inlinable
    package static func writeArray<Values: Collection>(
        _ values: Values, to span: inout OutputSpan<UInt8>, _ element: (Values.Element, inout OutputSpan<UInt8>) -> Void
    ) {
        span.append(UInt8(ascii: "["))
        var isFirst = true
        for value in values {
            if !isFirst { span.append(UInt8(ascii: ",")) }
            isFirst = false
            element(value, &span)
        }
        span.append(UInt8(ascii: "]"))
    }
}

/// The separators of one object's members written into spans: `{` before the first key,
/// `,` before the others.
package struct JSONMembers {
    @usableFromInline var separator = UInt8(ascii: "{")

    package init() {}

    /// The separator and `"name":`; room for ``JSONBytes/maximumKeyLength(_:)`` and one.
    @inlinable @inline(__always)
    package mutating func key(_ name: StaticString, _ span: inout OutputSpan<UInt8>) {
        span.append(separator)
        separator = UInt8(ascii: ",")
        JSONBytes.writeKey(name, to: &span)
    }

    /// `}`, after `{` when the object has no member; room for two bytes.
    package mutating func close(_ span: inout OutputSpan<UInt8>) {
        if separator == UInt8(ascii: "{") { span.append(separator) }
        span.append(UInt8(ascii: "}"))
    }
}
