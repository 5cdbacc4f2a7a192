// A font chain at one size: HarfBuzz fonts, their vertical metrics and the shaped ellipsis.

/// The chain's fonts at one HarfBuzz scale, with what every text of that size shares.
final class SizedFontChain: Sendable {
    let fonts: [HarfBuzzFont]
    /// The ellipsis (U+2026) drawn with the first font that has it.
    let ellipsisFont: UInt8
    let ellipsisAdvance: Int64
    /// Per font, the advance of the hyphen Pango inserts in a broken word: U+2010, else "-"
    /// (as Pango 1.50's `find_hyphen_width`).
    let hyphenAdvances: [Int64]

    init(fonts: [HarfBuzzFont]) {
        self.fonts = fonts
        self.hyphenAdvances = fonts.map { font in
            Int64(font.advance(of: Unicode.Scalar(0x2010)!) ?? font.advance(of: "-") ?? 0)
        }
        let ellipsis = Unicode.Scalar(0x2026)!
        let fontIndex = fonts.firstIndex { $0.hasGlyph(for: ellipsis) } ?? 0
        var advances: [Int32] = [0]
        [ellipsis.value].withUnsafeBufferPointer { scalars in
            HarfBuzzBuffer().shape(
                scalars, range: 0..<1, font: fonts[fontIndex], script: HarfBuzzUnicode.common,
                rightToLeft: false, language: nil, into: &advances)
        }
        self.ellipsisFont = UInt8(fontIndex)
        self.ellipsisAdvance = Int64(advances[0])
    }

    /// Ascender − descender of the primary font, in font units.
    var primaryLineHeight: Int64 { Int64(fonts[0].ascender) - Int64(fonts[0].descender) }
}
