// Line heights under a metrics profile.

/// Computes line heights as UIKit or Pango would.
struct LineHeights {
    let text: PreparedText

    /// The height of each line in font units.
    func heights(of lines: [LineSpan]) -> [Int64] {
        switch text.style.profile {
        case .uikit:
            return Array(repeating: text.sizedFonts.primaryLineHeight, count: lines.count)
        case .pango:
            return lines.map(unionHeight)
        }
    }

    /// Pango: the union of the ascender-to-descender extents of the fonts on the line
    /// (its clusters up to the next line, the ellipsis's font when it has one); an empty
    /// line takes the primary font's.
    private func unionHeight(of line: LineSpan) -> Int64 {
        var used: UInt64 = 0  // one bit per font of the chain (at most 64)
        let lastCluster = line.hasEllipsis ? line.contentEnd : line.end
        for cluster in line.start..<lastCluster where !text.flags(of: cluster).contains(.separator) {
            used |= 1 << text.font(of: cluster)
        }
        if line.hasEllipsis { used |= 1 << text.sizedFonts.ellipsisFont }
        if used == 0 { return text.sizedFonts.primaryLineHeight }
        var ascender = Int64.min
        var descender = Int64.max
        for (index, font) in text.sizedFonts.fonts.enumerated() where used & (1 << index) != 0 {
            ascender = max(ascender, Int64(font.ascender))
            descender = min(descender, Int64(font.descender))
        }
        return ascender - descender
    }
}
