// JSON numbers: written digit by digit where that is exact, as the standard library would.
import JSON

/// ``JSON/JSONBytes/appendNumber(_:to:)`` on any double (the input's first eight bytes, little
/// endian, as its bit pattern; shorter inputs padded with zeros): the bytes are
/// `description`'s without a trailing `.0` (`null` for NaN and the infinities), and read back
/// as the same number. The digit-by-digit paths (whole numbers, short binary fractions, the
/// exact shortest decimal of layout coordinates) must agree with the printer everywhere.
struct JSONNumberTarget: FuzzTarget {
    static let name = "json-number"

    func check(_ input: [UInt8]) throws(InvariantViolation) {
        var bits: UInt64 = 0
        for (index, byte) in input.prefix(8).enumerated() { bits |= UInt64(byte) << (8 * UInt64(index)) }
        let number = Double(bitPattern: bits)
        var written: [UInt8] = []
        JSONBytes.appendNumber(number, to: &written)
        let text = String(decoding: written, as: UTF8.self)
        guard number.isFinite else { return try require(text == "null", "\(number) written as \(text)") }
        var expected = number.description
        if expected.hasSuffix(".0") { expected.removeLast(2) }
        try require(text == expected, "\(number) (bits \(bits)) written as \(text), the printer writes \(expected)")
        let reread = Double(text)
        try require(reread == number, "\(text) does not read back as \(number)")
    }
}
