// Characters no font of the chain has are counted, with the first named.
import Testing

@testable import TextEngine

@Suite("Missing glyphs")
struct MissingGlyphsTests {
    private func missing(_ text: String, fonts: FontChain? = nil) throws -> MissingGlyphs {
        var style = try TestSupport.style()
        if let fonts { style.fonts = fonts }
        return try TestSupport.measurer.measure(text, style: style, width: 100, maxLines: 1).missingGlyphs
    }

    @Test("text every font of the bundled chain covers has none missing")
    func covered() throws {
        #expect(try missing("The Hunger Games") == .none)
        #expect(try missing("") == .none)
        #expect(try missing("吾輩は猫である。 Ünïcödé — ☃ 👍 שלום مرحبا") == .none)
    }

    @Test("private-use and unassigned characters are counted, the first named, also past a line limit")
    func counted() throws {
        let found = try missing("a\u{E000}b \u{F8FF}\u{E001} " + String(repeating: "long text ", count: 40) + "\u{E002}")
        #expect(found.count == 4)
        #expect(found.first == Unicode.Scalar(0xE000))
        #expect(try missing("x\u{0378}").first == Unicode.Scalar(0x0378))  // unassigned in Greek
    }

    @Test("characters that need no glyph are not counted: spaces, controls, joiners, selectors")
    func needNoGlyph() throws {
        #expect(try missing("a\u{200D}b\u{FE0F}c\u{0007}d\u{2028}e\u{00AD}f\u{E0100}\u{3000}") == .none)
    }

    @Test("a character the fallback fonts lack counts for a chain without them")
    func dependsOnTheChain() throws {
        let found = try missing("日本 abc", fonts: TestSupport.dejaVuOnlyChain())
        #expect(found.count == 2)
        #expect(found.first == "日")
        #expect(try missing("日本 abc") == .none)
    }

    @Test("a character no font has whole, but one has in its canonical decomposition, is drawn: not counted")
    func decomposed() throws {
        // U+06C0 is U+06D5 U+0654, both in DejaVu Sans, which lacks U+06C0 itself.
        let chain = try TestSupport.bundledChain()
        let sized = SizedFontChain(chain: chain, size: 16, units: .pango, advances: .harfBuzz)
        #expect(!sized.fonts.contains { $0.hasGlyph(for: Unicode.Scalar(0x06C0)!) })
        #expect(try missing("\u{06C0}") == .none)
    }

    @Test("code point notation")
    func notation() {
        #expect(Unicode.Scalar(0x41)!.codePointNotation == "U+0041")
        #expect(Unicode.Scalar(0xE000)!.codePointNotation == "U+E000")
        #expect(Unicode.Scalar(0x1F600)!.codePointNotation == "U+1F600")
    }
}
