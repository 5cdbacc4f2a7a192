// Glyph capture: a prepared text shaped again as measuring shaped it, keeping the glyphs.

/// Shapes a prepared text again with the same itemization, fonts and HarfBuzz calls as
/// ``TextMeasurer/prepare(_:style:)``, keeping each glyph where measuring keeps only the
/// advances. Used only for drawing, so the measuring path stays as lean as it is.
struct GlyphShaper {
    let text: PreparedText

    /// A shaping run and its glyphs in HarfBuzz's order.
    struct ShapedRun {
        var run: ShapingRun
        var glyphs: [ShapedGlyph]
    }

    /// The text's runs, shaped; `scalarClusters` maps a glyph's scalar to its cluster.
    func shape() -> (runs: [ShapedRun], scalarClusters: [Int32]) {
        var analysis = TextAnalysis()
        Itemizer(fonts: text.sizedFonts, policy: text.policy).itemize(text.text, into: &analysis)
        let buffer = HarfBuzzBuffer()
        let language = HarfBuzzUnicode.language(text.language)
        let fonts = text.sizedFonts.fonts
        let runs = analysis.scalars.withUnsafeBufferPointer { scalars in
            analysis.runs.map { run in
                ShapedRun(
                    run: run,
                    glyphs: buffer.glyphs(
                        scalars, range: run.scalarRange, font: fonts[run.font], script: run.script,
                        rightToLeft: run.rightToLeft, language: language))
            }
        }
        return (runs, Array(analysis.scalarClusters))
    }

    /// The runs among `scalarRange` of the text, each part shaped on its own (the Pango
    /// profile's lines that start or end inside a word, as ``LineReshaper`` measures them);
    /// glyphs keep their scalars' indices in the whole text.
    func shapeAlone(_ scalarRange: Range<Int>, buffer: HarfBuzzBuffer) -> [ShapedRun] {
        let language = HarfBuzzUnicode.language(text.language)
        return text.shapingScalars.withUnsafeBufferPointer { scalars in
            text.shapingRuns.filter { $0.scalarRange.overlaps(scalarRange) }.map { run in
                let piece = run.scalarRange.clamped(to: scalarRange)
                var pieceRun = run
                pieceRun.scalarRange = piece
                let glyphs = buffer.glyphs(
                    UnsafeBufferPointer(rebasing: scalars[piece]), range: 0..<piece.count,
                    font: text.sizedFonts.fonts[run.font], script: run.script, rightToLeft: run.rightToLeft,
                    language: language)
                return ShapedRun(run: pieceRun, glyphs: glyphs.map { glyph in
                    var glyph = glyph
                    glyph.scalarIndex += piece.lowerBound
                    return glyph
                })
            }
        }
    }

    /// The ellipsis in its font, shaped alone as ``SizedFontChain`` shapes it to measure it.
    func ellipsis() -> [ShapedGlyph] {
        alone(0x2026, font: Int(text.sizedFonts.ellipsisFont))
    }

    /// The hyphen the Pango profile inserts in `font`: U+2010, else "-" (whose advance
    /// ``SizedFontChain/hyphenAdvances`` holds).
    func hyphen(font: Int) -> [ShapedGlyph] {
        let hasHyphen = text.sizedFonts.fonts[font].hasGlyph(for: Unicode.Scalar(0x2010)!)
        return alone(hasHyphen ? 0x2010 : 0x2D, font: font)
    }

    private func alone(_ scalar: UInt32, font: Int) -> [ShapedGlyph] {
        [scalar].withUnsafeBufferPointer { scalars in
            HarfBuzzBuffer().glyphs(
                scalars, range: 0..<1, font: text.sizedFonts.fonts[font], script: HarfBuzzUnicode.common,
                rightToLeft: false, language: nil)
        }
    }
}
