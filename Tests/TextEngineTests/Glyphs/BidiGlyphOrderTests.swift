// Glyph lines of mixed-direction text in visual order: digits and Latin inside
// right-to-left text read left to right, as the Unicode bidi algorithm says.
import Testing

@testable import TextEngine

@Suite("Bidi glyph order")
struct BidiGlyphOrderTests {
    /// The scalar offset of each glyph of `text`'s single line, left to right, and their x.
    private func visual(_ text: String) throws -> (offsets: [Int], x: [Double]) {
        let style = try TestSupport.style(size: 16)
        let prepared = try TestSupport.measurer.prepare(text, style: style)
        let measured = try TestSupport.measurer.measure(prepared, width: .infinity)
        let lines = try prepared.glyphLines(for: measured)
        try #require(lines.count == 1)
        let glyphs = lines[0].runs.flatMap(\.glyphs)
        // The advances still add up to the measured width.
        #expect(glyphs.reduce(0) { $0 + $1.advance } == measured.lines[0].width)
        return (glyphs.map(\.scalarOffset), glyphs.map(\.x))
    }

    @Test("Hebrew with European digits: the digits read 1, 2, 3 from the left")
    func hebrewWithDigits() throws {
        // שלום 123: the paragraph is right-to-left; the digits one level up.
        let drawn = try visual("שלום 123")
        #expect(drawn.offsets == [5, 6, 7, 4, 3, 2, 1, 0])
        #expect(drawn.x == drawn.x.sorted())
    }

    @Test("Arabic with European and Arabic-Indic digits")
    func arabicWithDigits() throws {
        #expect(try visual("عدد 2024").offsets == [4, 5, 6, 7, 3, 2, 1, 0])
        #expect(try visual("عدد ٢٠٢٤").offsets == [4, 5, 6, 7, 3, 2, 1, 0])
    }

    @Test("a left-to-right paragraph with Hebrew and digits inside: the Hebrew reversed, the digits not")
    func leftToRightParagraph() throws {
        #expect(
            try visual("Hi שלום 123 עולם!").offsets
                == [0, 1, 2, 15, 14, 13, 12, 11, 8, 9, 10, 7, 6, 5, 4, 3, 16])
    }

    @Test("left-to-right text keeps HarfBuzz's order")
    func leftToRight() throws {
        #expect(try visual("Hello 123").offsets == Array(0..<9))
    }
}
