// A font chain at one size: HarfBuzz fonts, their vertical metrics and the shaped ellipsis.

/// The chain's fonts at one HarfBuzz scale, with what every text of that size shares.
final class SizedFontChain: Sendable {
    /// The chain the fonts are sized from.
    let chain: FontChain
    let fonts: [HarfBuzzFont]
    /// The ellipsis (U+2026) drawn with the first font that has it.
    let ellipsisFont: UInt8
    let ellipsisAdvance: Int64
    /// Per font, the advance of the hyphen Pango inserts in a broken word: U+2010, else "-"
    /// (as Pango 1.50's `find_hyphen_width`).
    let hyphenAdvances: [Int64]

    /// Per font, its vertical metrics for CSS line boxes and what it says about collapsing
    /// fullwidth punctuation (the browser profile's; empty otherwise).
    let cssMetrics: [CSSFontMetrics]
    let hanKerning: [HanKerningFont]

    /// The chain's faces at `size` px, measured in `units`, with `advances`.
    init(chain: FontChain, size: Double, units: FontUnits, advances: ProfilePolicy.GlyphAdvances) {
        self.chain = chain
        let scale = Int32(units.units(size))
        let fonts = chain.harfBuzzFaces.map { $0.makeFont(scale: scale, advances: advances, size: size) }
        self.fonts = fonts
        let isBrowser = advances == .freeTypeLinear
        cssMetrics = isBrowser ? chain.harfBuzzFaces.map { CSSFontMetrics(face: $0, size: size) } : []
        hanKerning = isBrowser ? fonts.map { HanKerningFont(font: $0, language: nil) } : []
        self.hyphenAdvances = fonts.map { font in
            Int64(font.advance(of: Unicode.Scalar(0x2010)!) ?? font.advance(of: "-") ?? 0)
        }
        let ellipsis = Unicode.Scalar(0x2026)!
        let fontIndex = fonts.firstIndex { $0.hasGlyph(for: ellipsis) } ?? 0
        var advances: [Int32] = [0]
        [ellipsis.value].withUnsafeBufferPointer { scalars in
            advances.withUnsafeMutableBufferPointer { advances in
                HarfBuzzBuffer().shape(
                    scalars, range: 0..<1, font: fonts[fontIndex], script: HarfBuzzUnicode.common,
                    rightToLeft: false, language: nil, into: advances)
            }
        }
        self.asciiFirstFont = (0..<0x80).map { value in
            UInt8(fonts.firstIndex { $0.hasGlyph(for: Unicode.Scalar(UInt8(value))) } ?? 0)
        }
        self.printableASCIIInPrimary = (0x20...0x7E).reduce(into: (low: UInt64(0), high: UInt64(0))) { mask, value in
            guard fonts[0].hasGlyph(for: Unicode.Scalar(UInt8(value))) else { return }
            if value < 64 { mask.low |= 1 << UInt64(value) } else { mask.high |= 1 << UInt64(value - 64) }
        }
        self.hasEveryPrintableASCII = (0x20...0x7E).allSatisfy { value in
            fonts.contains { $0.hasGlyph(for: Unicode.Scalar(UInt8(value))) }
        }
        self.ellipsisFont = UInt8(fontIndex)
        self.ellipsisAdvance = Int64(advances[0])
    }

    /// For each ASCII character, the first font that has it (most clusters are ASCII).
    private let asciiFirstFont: [UInt8]
    /// A bit per ASCII character (low: U+0000–003F, high: U+0040–007F), set for the printable
    /// ones the primary font has: two words a plain title is tested against per character.
    private let printableASCIIInPrimary: (low: UInt64, high: UInt64)
    /// Whether some font of the chain has each of U+0020–007E: then no ASCII text lacks a glyph.
    let hasEveryPrintableASCII: Bool

    /// The first font that has every character of a cluster (HarfBuzz hides default-
    /// ignorable ones such as ZWJ and variation selectors, so they need no glyph); else the
    /// first that has its first character; else the primary font.
    func firstFont(covering cluster: some Collection<UInt32>) -> UInt8 {
        if cluster.count == 1, let scalar = cluster.first { return firstFont(covering: scalar) }
        let scalars = cluster.map { Unicode.Scalar($0)! }
        for (index, font) in fonts.enumerated()
        where scalars.allSatisfy({ font.hasGlyph(for: $0) || $0.properties.isDefaultIgnorableCodePoint }) {
            return UInt8(index)
        }
        return UInt8(fonts.firstIndex { $0.hasGlyph(for: scalars[0]) } ?? 0)
    }

    /// Whether `byte` is printable ASCII (U+0020–007E) that the primary font has.
    @inline(__always) func primaryHas(printableASCII byte: UInt8) -> Bool {
        let mask = byte < 64 ? printableASCIIInPrimary.low : printableASCIIInPrimary.high
        return byte < 0x80 && mask & (1 << UInt64(byte & 63)) != 0
    }

    /// The first font that has `scalar`, else the primary font.
    func firstFont(covering scalar: UInt32) -> UInt8 {
        if scalar < 0x80 { return asciiFirstFont[Int(scalar)] }
        let character = Unicode.Scalar(scalar)!
        for index in fonts.indices where fonts[index].hasGlyph(for: character) { return UInt8(index) }
        return 0
    }

    /// Ascender − descender of the primary font, in font units.
    var primaryLineHeight: Int64 { Int64(fonts[0].ascender) - Int64(fonts[0].descender) }
}
