// Numbers written as the standard library's shortest round-trip printer writes them.
import CatalogGenerator
import JSON
import Testing

@Suite struct JSONBytesTests {
    /// What `appendNumber` must write: `description` without a trailing `.0`, `null` for
    /// what JSON cannot hold.
    static func expected(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        let text = number.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// Multiples of 2⁻ᵏ (k up to 20, so past the digit-by-digit path's 16) at every
    /// magnitude from 2⁻¹⁴ to 2⁵⁴, both signs, and their neighbours one ulp away: written
    /// as the standard library's printer writes them, and read back as the same number.
    @Test func binaryFractionsAndTheirNeighboursAreWrittenAsTheirShortestForm() {
        var random = SplitMix64(seed: 17)
        var numbers: [Double] = [0.5, -0.5, 0.0009765625, 0.00048828125, 1.5, 8191.9990234375, 0x1p48 - 0.5, 15.1328125]
        for _ in 0..<300_000 {
            let places = Int(random.next() % 21)
            let exponent = Int(random.next() % 69) - 14
            let scale = Double(sign: .plus, exponent: exponent, significand: 1)
            let numerator = Double(random.next() % (1 << 24)) / Double(1 << places)
            var number = (scale + numerator).rounded(.down)  // a whole part near the scale
            number += Double(random.next() % (1 << UInt64(places))) / Double(1 << places)
            if exponent < 0 { number = scale * (1 + Double(random.next() % 1024) / 1024) }
            if random.next() % 2 == 0 { number.negate() }
            numbers += [number, number.nextUp, number.nextDown]
        }
        var written: [UInt8] = []
        for number in numbers {
            written.removeAll(keepingCapacity: true)
            JSONBytes.appendNumber(number, to: &written)
            let text = String(decoding: written, as: UTF8.self)
            #expect(text == Self.expected(number), "\(number.bitPattern)")
            #expect(Double(text) == number)
        }
    }
}
