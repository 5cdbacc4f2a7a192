// Line heights under a metrics profile.
import Geometry

/// Computes line heights as UIKit or Pango would.
struct LineHeights {
    let text: PreparedText

    /// The height of a line in points: in UIKit, the primary font's line height times the
    /// line spacing (`lineHeightMultiple`); in Pango, the line's own height, which line
    /// spacing does not change.
    func height(of line: LineSpan) -> Double {
        switch text.policy.verticalMetrics {
        case .primaryFontOnPixelGrid: FontUnits.pixels(text.sizedFonts.primaryLineHeight) * text.lineSpacing
        case .fontsOnTheLine: FontUnits.pixels(unionHeight(of: line))
        }
    }

    /// The label's height for `lines`, at least `reserveLines` of them (a reserved line is as
    /// tall as the primary font's). UIKit stacks the lines and rounds up to the pixel grid.
    /// Pango with a line spacing factor moves each baseline after the first down by the
    /// factor times the line's height (the bundled fonts have no line gap).
    func labelHeight(of lines: [TextMeasurement.Line], reserveLines: Int) -> Double {
        let lineSpacing = text.lineSpacing
        let primary = FontUnits.pixels(text.sizedFonts.primaryLineHeight)
        let reserved = Double(max(0, reserveLines - lines.count))
        // Summed in the lines' order, as an array of the heights was: the same bits.
        let sum = { (lines: ArraySlice<TextMeasurement.Line>) in lines.reduce(0) { $0 + $1.height } }
        switch text.policy.verticalMetrics {
        case .primaryFontOnPixelGrid:
            return PixelGrid.roundUp(sum(lines[...]) + reserved * primary * lineSpacing, scale: text.displayScale)
        case .fontsOnTheLine:
            guard lineSpacing != 1, let first = lines.first?.height else { return sum(lines[...]) + reserved * primary }
            return first + lineSpacing * (sum(lines.dropFirst()) + reserved * primary)
        }
    }

    /// Pango: the union of the ascender-to-descender extents of the fonts on the line.
    private func unionHeight(of line: LineSpan) -> Int64 {
        let extents = unionExtents(of: line)
        return extents.ascender - extents.descender
    }

    /// The ascender (up, positive) and descender (down, negative) of the fonts on the line,
    /// in font units: its clusters up to the next line, the ellipsis's font when it has one;
    /// an empty line takes the primary font's.
    func unionExtents(of line: LineSpan) -> (ascender: Int64, descender: Int64) {
        var used: UInt64 = 0  // one bit per font of the chain (at most 64)
        let lastCluster = line.hasEllipsis ? line.contentEnd : line.end
        if !text.hasSeparator, text.contentFonts.nonzeroBitCount == 1 {
            // Every cluster is drawn with the text's one font: a line with any uses it.
            if lastCluster > line.start { used = text.contentFonts }
        } else {
            for cluster in line.start..<lastCluster where !text.flags(of: cluster).contains(.separator) {
                used |= 1 << text.font(of: cluster)
            }
        }
        if line.hasEllipsis { used |= 1 << text.sizedFonts.ellipsisFont }
        if used == 0 { used = 1 }
        var ascender = Int64.min
        var descender = Int64.max
        for (index, font) in text.sizedFonts.fonts.enumerated() where used & (1 << index) != 0 {
            ascender = max(ascender, Int64(font.ascender))
            descender = min(descender, Int64(font.descender))
        }
        return (ascender, descender)
    }
}
