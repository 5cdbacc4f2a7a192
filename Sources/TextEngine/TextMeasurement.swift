// The measurement: what a label's text takes at a width.

/// The lines, size and truncation of a text laid out at one width.
///
/// Widths and heights are in points (pixels at scale 1). In the UIKit profile `height` is
/// rounded up to the display scale's pixel grid; line heights are not.
public struct TextMeasurement: Sendable, Hashable {
    /// One laid-out line.
    public struct Line: Sendable, Hashable {
        /// Where the line starts, in Unicode scalars from the start of the text.
        public var scalarOffset: Int
        /// The width of its content: without white space hanging at its end, with the
        /// ellipsis if it has one. Never negative, though a damaged font's kerning can pull
        /// its glyphs back past the line's start.
        public var width: Double
        /// Its height under the style's metrics profile (before pixel rounding).
        public var height: Double
        /// How far the break decision was from going the other way, in points: the smaller
        /// of the room left on the line and how much wider it would need to be to take the
        /// next break opportunity. A small slack marks a near-tie that a different
        /// renderer (or a rounding difference) could break the other way. 0 for a line
        /// that overflows because a single cluster is wider than the line.
        public var slack: Double
        /// Whether the line ends in an ellipsis.
        public var hasEllipsis: Bool
    }

    public var lines: [Line]
    /// The label's height: its lines (at least `reserveLines` of them) times the line
    /// spacing, rounded up to the pixel grid in the UIKit profile.
    public var height: Double
    /// The width of the widest paragraph laid out on a single line.
    public var naturalWidth: Double
    /// Whether a line limit cut the text.
    public var isTruncated: Bool
    /// The characters of the whole text (shown or cut by a line limit) that no font of the
    /// style's chain has: they are measured as the primary font's `.notdef` box.
    public var missingGlyphs: MissingGlyphs

    public var lineCount: Int { lines.count }
    /// The smallest slack of any line, or `.infinity` for no lines.
    public var minimumSlack: Double { lines.lazy.map(\.slack).min() ?? .infinity }
    /// The widest line's width.
    public var width: Double { lines.lazy.map(\.width).max() ?? 0 }
}
