// The preview's colours: covers coloured by their record's id, hex written as CSS reads it.
import Testing

@testable import Preview

@Suite struct PreviewColorTests {
    @Test func coverColoursDependOnlyOnTheID() {
        #expect(PreviewColor.cover(forID: "1") == PreviewColor.cover(forID: "1"))
        #expect(Set((1...20).map { PreviewColor.cover(forID: String($0)) }).count > 10)
        #expect(PreviewColor(hex: 0x0A84FF).hexString == "#0a84ff")
    }
}
