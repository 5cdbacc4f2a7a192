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

    /// Each number written as the standard library's printer writes it, and read back.
    static func expectWrittenAsTheirShortestForm(_ numbers: [Double]) {
        var written: [UInt8] = []
        for number in numbers {
            written.removeAll(keepingCapacity: true)
            JSONBytes.appendNumber(number, to: &written)
            let text = String(decoding: written, as: UTF8.self)
            #expect(text == Self.expected(number), "\(number.bitPattern)")
            #expect(Double(text) == number)
        }
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
        Self.expectWrittenAsTheirShortestForm(numbers)
    }

    static let divisors: [Double] = [3, 7, 9, 10, 100, 1000, 3 * 1024]

    /// Numbers with no short binary expansion (thirds and sevenths of pixels as layouts make
    /// them, short decimals such as 0.1, random bits at every magnitude the decimal path
    /// takes and past its ends), both signs, and their neighbours one ulp away: written as
    /// the standard library's printer writes them, and read back as the same number.
    @Test func numbersWithoutShortBinaryFormsAreWrittenAsTheirShortestForm() {
        var random = SplitMix64(seed: 29)
        var numbers: [Double] = [0.1, 0.2, 0.3, 1e-3, 0.001 + 0x1p-60, 312.6666666666667, 1648.0000000000002, 0x1p48 - 0.1]
        for _ in 0..<100_000 {
            let whole = Double(random.next() % 100_000)
            let divisor: Double = Self.divisors[Int(random.next() % UInt64(Self.divisors.count))]
            let tenths = Double(random.next() % 1000) / 10
            numbers.append(whole / divisor + tenths)
            let exponent = Int(random.next() % 62) - 12  // 2⁻¹² to 2⁴⁹
            let significand = 1 + Double(random.next() >> 12) * 0x1p-52
            numbers.append(Double(sign: .plus, exponent: exponent, significand: significand))
        }
        for number in numbers.indices.map({ numbers[$0] }) {
            numbers += [number.nextUp, number.nextDown, -number]
        }
        Self.expectWrittenAsTheirShortestForm(numbers)
    }
}
