// Characters no font of a chain has: measured at the width of the .notdef box they are drawn as.
import CICU

/// The characters of a text that no font of its chain has a glyph for.
///
/// HarfBuzz shapes such a character with the primary font's `.notdef` glyph (an empty box),
/// so the text is measured, but not as it will look with the fonts the app really has.
/// Spaces, controls, format characters and other default-ignorable characters need no glyph
/// and are not counted; nor is a character HarfBuzz can draw from its canonical
/// decomposition in one font.
public struct MissingGlyphs: Hashable, Sendable {
    /// How many Unicode scalars of the text no font of the chain has.
    public var count: Int
    /// The first of them, nil when there is none.
    public var first: Unicode.Scalar?

    /// None missing.
    public static let none = MissingGlyphs(count: 0, first: nil)
}

extension MissingGlyphs {
    /// The characters of an itemized text without a glyph in any of `fonts`, given the
    /// clusters the itemizer made and the font each took (the first font that has its
    /// characters, when one has).
    init(analysis: borrowing TextAnalysis, fonts: SizedFontChain) {
        self = .none
        // Most titles are ASCII, and every bundled font has all of it: no scalar to look at.
        // (Through the buffer: the scratch buffer's iterator checked each index.)
        if fonts.hasEveryPrintableASCII, analysis.scalars.withUnsafeBufferPointer({ $0.allSatisfy { $0 < 0x80 } }) {
            return
        }
        for cluster in 0..<analysis.clusterCount {
            let start = Int(analysis.clusterScalarOffsets[cluster])
            let end = Int(analysis.clusterScalarOffsets[cluster + 1])
            let font = Int(analysis.clusterFonts[cluster])
            // A one-scalar cluster that took a font other than the primary took the first
            // font that has it; white space and controls take a neighbour's font and need none.
            if analysis.clusterFlags[cluster].contains(.fontNeutral) || (end - start == 1 && font != 0) { continue }
            for value in analysis.scalars[start..<end] where value >= 0x7F || !fonts.hasEveryPrintableASCII {
                let scalar = Unicode.Scalar(value)!
                guard !fonts.fonts[font].hasGlyph(for: scalar), fonts.isMissing(scalar) else { continue }
                count += 1
                if first == nil { first = scalar }
            }
        }
    }
}

extension SizedFontChain {
    /// Whether no font of the chain draws `scalar`: it needs a glyph (it is not white space,
    /// a control or default-ignorable), no font has one, and no font has all of its
    /// canonical decomposition (which HarfBuzz would draw instead).
    func isMissing(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate: return false
        default: break
        }
        if properties.isDefaultIgnorableCodePoint { return false }
        if fonts.contains(where: { $0.hasGlyph(for: scalar) }) { return false }
        var decomposition = [UInt32](repeating: 0, count: 8)
        let count = Int(cardsize_canonical_decomposition(scalar.value, &decomposition, 8))
        let decomposed = decomposition[..<count].compactMap(Unicode.Scalar.init)
        return decomposed.count < 2 || !fonts.contains { font in decomposed.allSatisfy { font.hasGlyph(for: $0) } }
    }
}

extension Unicode.Scalar {
    /// The code point as Unicode writes it: `U+` and at least four upper-case hex digits.
    public var codePointNotation: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
