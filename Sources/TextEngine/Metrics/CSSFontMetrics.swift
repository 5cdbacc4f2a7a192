// A font's vertical metrics as Blink rounds them for CSS line boxes.
import CHarfBuzz

/// One font's ascent, descent and line gap in whole pixels, as Blink's `SimpleFontData`
/// reads them through Skia on Linux, and the half-leadings `line-height: normal` puts above
/// and below them.
struct CSSFontMetrics: Sendable, Equatable {
    /// Above the baseline, in px.
    let ascent: Int64
    /// Below the baseline, in px.
    let descent: Int64
    /// `lroundf` of the line gap: the leading `line-height: normal` adds.
    let lineGap: Int64

    /// The metrics of `face` at `size` px. Skia scales the font's ascender, descender and line
    /// gap (OS/2's typographic ones when `USE_TYPO_METRICS` is set, else `hhea`'s, which is
    /// what HarfBuzz's extents read too) in 32-bit floats; Blink rounds ascent and descent to
    /// whole pixels (`FontMetrics::AscentDescentWithHacks`; its move of a pixel from the
    /// ascent to a rounded-down descent needs a render style with subpixel positioning, which
    /// headless Chromium's web fonts do not have: with it, 381 of 20,480 sweep cases differ
    /// in height, without it 189).
    init(face: HarfBuzzFace, size: Double) {
        let design = hb_font_create(face.face)!
        defer { hb_font_destroy(design) }
        hb_font_set_scale(design, face.unitsPerEm, face.unitsPerEm)
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(design, &extents)
        let unitsPerEm = Float(face.unitsPerEm)
        let size = Float(size)
        let skiaAscent = Float(extents.ascender) / unitsPerEm * size
        let skiaDescent = Float(-extents.descender) / unitsPerEm * size
        let skiaLineGap = Float(extents.line_gap) / unitsPerEm * size
        ascent = Int64((skiaAscent + 0.5).rounded(.down))
        descent = Int64((skiaDescent + 0.5).rounded(.down))
        lineGap = Int64(skiaLineGap.rounded(.toNearestOrAwayFromZero))
    }

    /// The part of the line gap above the ascent (Blink's `CalculateLeadingSpace` floors
    /// half the leading there) and the rest below the descent.
    var leadingAbove: Int64 { lineGap >= 0 ? lineGap / 2 : (lineGap - 1) / 2 }
    var leadingBelow: Int64 { lineGap - leadingAbove }
}
