// A tag's size from its measured single-line text: padding around it, a width cap, pixel rounding.

import Geometry

/// Turns a tag's measured text (its natural single-line width and its line height) into
/// the tag's size, without a text engine.
///
/// `width = min(maxWidth, textWidth + padding.left + padding.right)`,
/// `height = lineHeight + padding.top + padding.bottom`, each rounded up to the pixel grid
/// of `displayScale` (`PixelGrid.roundUp`); `maxWidth` itself is rounded down to
/// the grid, so a tag is never wider than `maxWidth`. When the width is capped the caller
/// truncates the text with an ellipsis to ``maxTextWidth``; ``truncatesText(textWidth:)``
/// says when.
///
/// ```swift
/// let padding = EdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
/// let sizing = try TagSizing(padding: padding, maxWidth: 160, displayScale: 3)
/// let size = try sizing.size(textWidth: 41.2, lineHeight: 17)  // 57.333… × 25
/// ```
public struct TagSizing: Sendable, Hashable {
    /// Space between the tag's edges and its text.
    public let padding: EdgeInsets
    /// The widest a tag may be, padding included.
    public let maxWidth: Double
    /// Pixels per point of the grid sizes are rounded up to.
    public let displayScale: Double

    /// Checks the options: padding finite and non-negative, scale positive, and room for
    /// text between the padding at `maxWidth`; throws
    /// ``CollectionLayoutError/invalidValue(field:reason:)`` otherwise.
    public init(padding: EdgeInsets, maxWidth: Double, displayScale: Double = 1) throws(CollectionLayoutError) {
        try ArgumentChecks.requireNonNegative(padding, field: "padding")
        try ArgumentChecks.requirePositive(displayScale, field: "displayScale")
        try ArgumentChecks.requirePositive(maxWidth, field: "maxWidth")
        self.padding = padding
        self.maxWidth = maxWidth
        self.displayScale = displayScale
        guard maxTextWidth > 0 else {
            throw .invalidValue(
                field: "maxWidth",
                reason: "\(maxWidth) on the pixel grid leaves no room for text inside "
                    + "\(padding.horizontal) points of padding")
        }
    }

    /// The widest the text of a capped tag may be: the capped width less the padding.
    public var maxTextWidth: Double {
        cappedWidth - padding.horizontal
    }

    /// The size of a tag whose text is `textWidth` wide on one line, `lineHeight` tall.
    ///
    /// Throws ``CollectionLayoutError/invalidValue(field:reason:)`` unless both are finite
    /// and non-negative.
    public func size(textWidth: Double, lineHeight: Double) throws(CollectionLayoutError) -> Size {
        try ArgumentChecks.requireNonNegative(lineHeight, field: "lineHeight")
        let height = PixelGrid.roundUp(lineHeight + padding.vertical, scale: displayScale)
        return try Size(width: min(naturalWidth(textWidth: textWidth), cappedWidth), height: height)
    }

    /// Whether the tag of text `textWidth` wide is capped, so that its text must be
    /// truncated to ``maxTextWidth``.
    ///
    /// Throws ``CollectionLayoutError/invalidValue(field:reason:)`` unless `textWidth` is
    /// finite and non-negative.
    public func truncatesText(textWidth: Double) throws(CollectionLayoutError) -> Bool {
        try naturalWidth(textWidth: textWidth) > cappedWidth
    }

    /// `maxWidth` rounded down to the pixel grid.
    private var cappedWidth: Double {
        PixelGrid.roundDown(maxWidth, scale: displayScale)
    }

    /// The tag's width without the cap, on the pixel grid.
    private func naturalWidth(textWidth: Double) throws(CollectionLayoutError) -> Double {
        try ArgumentChecks.requireNonNegative(textWidth, field: "textWidth")
        return PixelGrid.roundUp(textWidth + padding.horizontal, scale: displayScale)
    }
}
