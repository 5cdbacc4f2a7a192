// Glyph lines: a measured text as the glyphs HarfBuzz shaped, placed where the measurement put them.

/// One laid-out line of a measured text as glyphs, for drawing.
///
/// Positions are in points from the label's top-left corner; glyph positions inside a run
/// are from the left end of the line's baseline. The runs' advances add up to the
/// measurement's line ``width`` exactly.
///
/// ```swift
/// let prepared = try measurer.prepare("The Hunger Games", style: style)
/// let measured = try measurer.measure(prepared, width: 100, maxLines: 2)
/// for line in try prepared.glyphLines(for: measured) {
///     for run in line.runs { draw(run.glyphs, font: run.font, size: run.fontSize, baseline: line.baseline) }
/// }
/// ```
public struct GlyphLine: Sendable, Hashable {
    /// The line's visible content, in Unicode scalars of the text: without the white space
    /// that hangs at its end, without the text an ellipsis replaced.
    public var scalarRange: Range<Int>
    /// The top of the line's box, from the label's top.
    public var top: Double
    /// How far the next line starts below this one's top: the line's height with its line
    /// spacing.
    public var height: Double
    /// The baseline, from the label's top.
    public var baseline: Double
    /// The measured width: the sum of the runs' advances.
    public var width: Double
    /// The glyphs in drawing order, one run per font.
    public var runs: [GlyphRun]

    /// Whether the line ends in the ellipsis that truncation drew.
    public var hasEllipsis: Bool { runs.last?.role == .ellipsis }
}

/// Consecutive glyphs of one line in one font.
public struct GlyphRun: Sendable, Hashable {
    /// What a run's glyphs stand for.
    public enum Role: String, Sendable, Hashable {
        /// Glyphs of the text.
        case text
        /// The "…" that ends a truncated line.
        case ellipsis
        /// The hyphen the Pango profile adds where it breaks inside a word.
        case hyphen
    }

    /// The face the glyph ids belong to.
    public var font: FontFace
    /// The face's index in the style's chain.
    public var fontIndex: Int
    /// The font size in points.
    public var fontSize: Double
    public var role: Role
    public var glyphs: [PositionedGlyph]

    /// The sum of the glyphs' advances, in points.
    public var advance: Double { glyphs.reduce(0) { $0 + $1.advance } }
}

/// One glyph placed on a line.
public struct PositionedGlyph: Sendable, Hashable {
    /// The glyph's index in its run's face (what FreeType's `FT_Load_Glyph` takes).
    public var glyphID: UInt32
    /// Its origin from the line's left end: the pen position plus HarfBuzz's offset, in points.
    public var x: Double
    /// Its origin below the baseline (HarfBuzz's offset, negated: y grows down), in points.
    public var y: Double
    /// How far it moves the pen, in points.
    public var advance: Double
    /// The first scalar of the cluster it belongs to (for a glyph of an ellipsis or a
    /// hyphen, the scalar where the line's content ends).
    public var scalarOffset: Int
}
