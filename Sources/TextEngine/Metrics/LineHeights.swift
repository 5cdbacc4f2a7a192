// Line heights under a metrics profile.
import Geometry

/// Computes line heights as the profile's ``ProfilePolicy/VerticalMetrics`` say.
struct LineHeights {
    let text: PreparedText

    /// The height of a line in points: in UIKit, the primary font's line height times the
    /// line spacing (`lineHeightMultiple`); in Pango, the line's own height, which line
    /// spacing does not change; in CSS, the line box.
    func height(of line: LineSpan) -> Double {
        let units = text.policy.units
        switch text.policy.verticalMetrics {
        case .primaryFontOnPixelGrid: return units.pixels(text.sizedFonts.primaryLineHeight) * text.lineSpacing
        case .fontsOnTheLine: return units.pixels(unionHeight(of: line))
        case .cssLineBox(let lineHeight): return cssLineBoxHeight(fonts: fontsUsed(on: line), lineHeight: lineHeight)
        }
    }

    /// The label's height for `lines`, at least `reserveLines` of them (a reserved line is as
    /// tall as the primary font's). UIKit stacks the lines and rounds up to the pixel grid.
    /// Pango with a line spacing factor moves each baseline after the first down by the
    /// factor times the line's height (the bundled fonts have no line gap). CSS stacks the
    /// line boxes, each a whole number of layout units.
    func labelHeight(of lines: [TextMeasurement.Line], reserveLines: Int) -> Double {
        let lineSpacing = text.lineSpacing
        let primary = text.policy.units.pixels(text.sizedFonts.primaryLineHeight)
        let reserved = Double(max(0, reserveLines - lines.count))
        // Summed in the lines' order, which fixes the floating-point total's bits.
        let sum = { (lines: ArraySlice<TextMeasurement.Line>) in lines.reduce(0) { $0 + $1.height } }
        switch text.policy.verticalMetrics {
        case .primaryFontOnPixelGrid:
            return PixelGrid.roundUp(sum(lines[...]) + reserved * primary * lineSpacing, scale: text.displayScale)
        case .fontsOnTheLine:
            guard lineSpacing != 1, let first = lines.first?.height else { return sum(lines[...]) + reserved * primary }
            return first + lineSpacing * (sum(lines.dropFirst()) + reserved * primary)
        case .cssLineBox(let lineHeight):
            return sum(lines[...]) + reserved * cssLineBoxHeight(fonts: 1, lineHeight: lineHeight)
        }
    }

    /// Pango: the union of the ascender-to-descender extents of the fonts on the line.
    private func unionHeight(of line: LineSpan) -> Int64 {
        let extents = unionExtents(of: line)
        return extents.ascender - extents.descender
    }

    /// The ascender (up, positive) and descender (down, negative) of the fonts on the line,
    /// in font units.
    func unionExtents(of line: LineSpan) -> (ascender: Int64, descender: Int64) {
        let used = fontsUsed(on: line)
        var ascender = Int64.min
        var descender = Int64.max
        for (index, font) in text.sizedFonts.fonts.enumerated() where used & (1 << index) != 0 {
            ascender = max(ascender, Int64(font.ascender))
            descender = min(descender, Int64(font.descender))
        }
        return (ascender, descender)
    }

    /// One bit per font of the chain (at most 64) that draws the line: its clusters up to
    /// the next line (a truncated line's, up to where it was broken), the ellipsis's font
    /// when it has one; an empty line takes the primary font's.
    private func fontsUsed(on line: LineSpan) -> UInt64 {
        var used: UInt64 = 0
        let lastCluster = line.hasEllipsis && text.policy.clampedLine == .fillsParagraph ? line.contentEnd : line.end
        if !text.hasSeparator, text.contentFonts.nonzeroBitCount == 1 {
            // Every cluster is drawn with the text's one font: a line with any uses it.
            if lastCluster > line.start { used = text.contentFonts }
        } else {
            for cluster in line.start..<lastCluster where !text.flags(of: cluster).contains(.separator) {
                used |= 1 << text.font(of: cluster)
            }
        }
        if line.hasEllipsis { used |= 1 << text.sizedFonts.ellipsisFont }
        return used == 0 ? 1 : used
    }

    /// A CSS line box's height in px (a whole number of layout units): with `line-height:
    /// normal`, the primary font's strut and every font in `fonts` (one bit each), each with
    /// its half-leadings, aligned on the baseline (Blink's `InlineBoxState`, which adds the
    /// fonts a line's text falls back to only for `normal`); otherwise the line height.
    private func cssLineBoxHeight(fonts: UInt64, lineHeight: CSSText.LineHeight) -> Double {
        switch lineHeight {
        case .normal:
            let metrics = text.sizedFonts.cssMetrics
            var above = metrics[0].ascent + metrics[0].leadingAbove
            var below = metrics[0].descent + metrics[0].leadingBelow
            // The primary font's strut is in already: the other fonts' bits, lowest first.
            var others = fonts & ~1
            while others != 0 {
                let index = others.trailingZeroBitCount
                others &= others - 1
                above = max(above, metrics[index].ascent + metrics[index].leadingAbove)
                below = max(below, metrics[index].descent + metrics[index].leadingBelow)
            }
            return Double(above + below)
        case .number(let number):
            // Blink keeps a number as a percentage of the font size in layout units and
            // truncates the product to layout units, in 32-bit floats.
            let size = (Float(text.size) * 64).rounded() / 64
            return Double((size * Float(number * 100) / 100 * 64).rounded(.towardZero)) / 64
        case .pixels(let pixels):
            return Double((Float(pixels) * 64).rounded()) / 64
        }
    }
}
