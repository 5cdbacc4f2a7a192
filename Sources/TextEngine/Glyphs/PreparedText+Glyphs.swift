// Glyph lines of a measured text: the engine's glyphs, placed as the measurement placed them.

extension PreparedText {
    /// The glyphs of each line of `measurement`, a measurement of this text: the glyphs
    /// HarfBuzz shaped (the text is shaped again exactly as it was to be measured), cut at
    /// the measurement's line starts, each line ending with its ellipsis (or Pango's hyphen)
    /// when it has one, and placed on baselines from the label's top.
    ///
    /// Lines are placed left-aligned; a line's runs go in logical order and each run's
    /// glyphs in HarfBuzz's (visual) order, which is the picture for left-to-right text and
    /// for right-to-left runs on their own (there is no bidi reordering of runs).
    ///
    /// - Throws: ``TextEngineError/invalidValue(field:reason:)`` (field `measurement`) when
    ///   `measurement` is not of this text, or when a line's glyph advances do not add up
    ///   to its measured width (which would be an engine bug).
    /// - Complexity: shaping the text once more, then O(g) per line in its runs' glyphs.
    public func glyphLines(for measurement: TextMeasurement) throws(TextEngineError) -> [GlyphLine] {
        let measured = try lineSpans(of: measurement)
        let shaper = GlyphShaper(text: self)
        let shaped = shaper.shape()
        var top = 0.0
        var lines: [GlyphLine] = []
        for (index, line) in measured.enumerated() {
            var builder = GlyphLineBuilder(text: self, scalarOffset: Int(clusters[line.span.contentEnd].scalarOffset))
            builder.add(shaped.runs, clusters: line.span.start..<line.span.contentEnd, scalarClusters: shaped.scalarClusters)
            if line.span.hasEllipsis {
                builder.add(shaper.ellipsis(), font: Int(sizedFonts.ellipsisFont), role: .ellipsis)
            }
            if line.hasHyphen {
                let font = Int(self.font(of: line.span.contentEnd - 1))
                builder.add(shaper.hyphen(font: font), font: font, role: .hyphen)
            }
            guard builder.pen == line.span.width else {
                throw .invalidValue(
                    field: "measurement",
                    reason: "line \(index + 1): glyph advances add up to \(FontUnits.pixels(builder.pen)) pt, "
                        + "measured \(measurement.lines[index].width) pt")
            }
            let height = lineAdvance(index, measuredHeight: measurement.lines[index].height)
            let descender = style.profile == .uikit
                ? Int64(sizedFonts.fonts[0].descender) : LineHeights(text: self).unionExtents(of: line.span).descender
            lines.append(
                GlyphLine(
                    scalarRange: Int(clusters[line.span.start].scalarOffset)..<builder.scalarOffset, top: top,
                    height: height, baseline: top + height + FontUnits.pixels(descender),
                    width: FontUnits.pixels(builder.pen), runs: builder.runs))
            top += height
        }
        return lines
    }

    /// How far line `index` moves the next line down: its height, which in the UIKit
    /// profile already has the line spacing (so extra spacing sits above the glyphs, as in
    /// TextKit); in the Pango profile the spacing factor applies from the second line on,
    /// as ``LineHeights`` adds it up for the label's height.
    private func lineAdvance(_ index: Int, measuredHeight: Double) -> Double {
        style.profile == .pango && index > 0 ? style.lineSpacing * measuredHeight : measuredHeight
    }
}

/// Collects one line's glyphs into runs of one font, advancing a pen in font units.
private struct GlyphLineBuilder {
    let text: PreparedText
    /// Where the line's content ends, in scalars: the offset of its ellipsis or hyphen.
    let scalarOffset: Int
    private(set) var runs: [GlyphRun] = []
    /// The pen's position from the line's left end, in font units.
    private(set) var pen: Int64 = 0

    init(text: PreparedText, scalarOffset: Int) {
        self.text = text
        self.scalarOffset = scalarOffset
    }

    /// The glyphs of `shaped` runs that belong to `clusters`, in order.
    mutating func add(_ shaped: [GlyphShaper.ShapedRun], clusters: Range<Int>, scalarClusters: [Int32]) {
        guard !clusters.isEmpty else { return }
        let scalars = Int(text.clusters[clusters.lowerBound].scalarOffset)..<Int(text.clusters[clusters.upperBound].scalarOffset)
        for shapedRun in shaped where shapedRun.run.scalarRange.overlaps(scalars) {
            for glyph in shapedRun.glyphs where clusters.contains(Int(scalarClusters[glyph.scalarIndex])) {
                append(glyph, font: shapedRun.run.font, role: .text, scalarOffset: glyph.scalarIndex)
            }
        }
    }

    /// Glyphs drawn after the content: the ellipsis or the hyphen.
    mutating func add(_ glyphs: [ShapedGlyph], font: Int, role: GlyphRun.Role) {
        for glyph in glyphs { append(glyph, font: font, role: role, scalarOffset: scalarOffset) }
    }

    private mutating func append(_ glyph: ShapedGlyph, font: Int, role: GlyphRun.Role, scalarOffset: Int) {
        let placed = PositionedGlyph(
            glyphID: glyph.id, x: FontUnits.pixels(pen + Int64(glyph.xOffset)), y: -FontUnits.pixels(Int64(glyph.yOffset)),
            advance: FontUnits.pixels(Int64(glyph.advance)), scalarOffset: scalarOffset)
        pen += Int64(glyph.advance)
        if let last = runs.last, last.fontIndex == font, last.role == role {
            runs[runs.count - 1].glyphs.append(placed)
        } else {
            runs.append(
                GlyphRun(
                    font: text.style.fonts.faces[font], fontIndex: font, fontSize: text.style.size, role: role,
                    glyphs: [placed]))
        }
    }
}
