// SVG text: numbers and attribute values written the same way everywhere, and always valid XML.
import Testing

@testable import Preview

@Suite struct SVGTextTests {
    @Test(arguments: [
        (0.0, "0"), (-0.0004, "0"), (12.5, "12.5"), (127.0, "127"), (0.1 + 0.2, "0.3"), (-3.14159, "-3.142"), (1e20, "0"),
        (17.4609375, "17.461"),
    ])
    func numbersAreRoundedWithoutTrailingZerosOrExponents(value: Double, written: String) {
        #expect(SVGNumber(value).description == written)
    }

    @Test func scalesKeepNineDecimals() {
        #expect(SVGNumber(15.0 / 2048, decimals: 9).description == "0.007324219")
    }

    @Test func attributeValuesAreEscapedAndInvalidCharactersReplaced() {
        #expect(XML.escaped(#"Tom & "Jerry" <1>"#) == "Tom &amp; &quot;Jerry&quot; &lt;1&gt;")
        #expect(XML.escaped("a\nb\tc") == "a&#10;b&#9;c")
        #expect(XML.escaped("bell\u{7}") == "bell\u{FFFD}")
        #expect(XML.escaped("吾輩は猫である") == "吾輩は猫である")
    }
}
