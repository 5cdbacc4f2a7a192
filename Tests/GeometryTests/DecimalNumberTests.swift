// Numbers as people write them: decimal only.
import Geometry
import Testing

@Suite struct DecimalNumberTests {
    @Test(arguments: [("127", 127.0), ("-12.5", -12.5), ("1.5e-3", 0.0015), ("2E+2", 200), ("007", 7), ("1e-300", 1e-300)])
    func decimalNumbersAreRead(text: String, value: Double) {
        #expect(DecimalNumber.value(of: text) == value)
    }

    /// What `Double(String)` also reads, and other text that is not a decimal number.
    @Test(arguments: ["0x10", "0X10", "0x1p3", "inf", "-infinity", "nan", "+5", ".5", "5.", "1e", "1e+", "", "-", " 5", "5 ", "1,5"])
    func otherSpellingsAreNot(text: String) {
        #expect(DecimalNumber.value(of: text) == nil)
    }

    /// Past `Double`'s range: infinite, for a range check to refuse by name.
    @Test func hugeDecimalsAreInfinite() {
        #expect(DecimalNumber.value(of: "1e400") == .infinity)
    }
}
