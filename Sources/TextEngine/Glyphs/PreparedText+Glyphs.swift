// Glyph lines of a measured text: the engine's glyphs, placed as the measurement placed them.

extension PreparedText {
    /// The glyphs of each line of `measurement`, a measurement of this text: the glyphs
    /// HarfBuzz shaped (the text is shaped again exactly as it was to be measured), cut at
    /// the measurement's line starts, each line ending with its ellipsis (or Pango's hyphen)
    /// when it has one, and placed on baselines from the label's top.
    ///
    /// Lines are placed left-aligned, their glyphs in visual order: a line of mixed
    /// directions is reordered by the Unicode bidi algorithm (ICU's), cluster by cluster, so
    /// that digits and Latin words inside right-to-left text read left to right; a
    /// cluster's glyphs keep HarfBuzz's order. An ellipsis or hyphen is drawn at the line's
    /// right end.
    ///
    /// - Throws: ``TextEngineError/invalidValue(field:reason:)`` (field `measurement`) when
    ///   `measurement` is not of this text, or when a line's glyph advances do not add up
    ///   to its measured width (which would be an engine bug).
    /// - Complexity: shaping the text once more, then O(g) per line in its runs' glyphs.
    public func glyphLines(for measurement: TextMeasurement) throws(TextEngineError) -> [GlyphLine] {
        let buffer = HarfBuzzBuffer()
        let reshaper = shapingRuns.isEmpty ? nil : LineReshaper(text: self, buffers: .own(buffer))
        let measured = try lineSpans(of: measurement, reshaper: reshaper)
        let shaper = GlyphShaper(text: self)
        let shaped = shaper.shape()
        // Text all at level 0 (left-to-right) is drawn in HarfBuzz's order as it is.
        let levels = ICUBidi.levels(of: text).flatMap { $0.contains { $0 != 0 } ? $0 : nil }
        var top = 0.0
        var lines: [GlyphLine] = []
        for (index, line) in measured.enumerated() {
            var builder = GlyphLineBuilder(text: self, scalarOffset: scalarOffset(of: line.span.contentEnd))
            let nextStart = index + 1 < measured.count ? measured[index + 1].span.start : clusterCount
            // A Pango-profile line that starts or ends inside a word is its text shaped on its
            // own, as it was measured (``LineReshaper``).
            let shapedAlone = !line.span.hasEllipsis
                && reshaper?.brokenWordLine(line.span.start, line.span.contentEnd, breakingAt: nextStart) != nil
            let contentScalars = scalarOffset(of: line.span.start)..<scalarOffset(of: line.span.contentEnd)
            builder.add(
                shapedAlone ? shaper.shapeAlone(contentScalars, buffer: buffer) : shaped.runs,
                clusters: line.span.start..<line.span.contentEnd, scalarClusters: shaped.scalarClusters, levels: levels)
            // As measured (``lineSpans(of:)``): a line ending right at the next one's start
            // without a hyphen or an ellipsis, measured without the kerning across its break.
            if !shapedAlone, !line.span.hasEllipsis, !line.hasHyphen, line.span.contentEnd == nextStart,
                line.span.contentEnd > line.span.start, let change = lineEndAdjustments[Int32(line.span.contentEnd - 1)]
            {
                builder.adjustLastAdvance(by: Int64(change))
            }
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
                    reason: "line \(index + 1): glyph advances add up to \(policy.units.pixels(builder.pen)) pt, "
                        + "measured \(measurement.lines[index].width) pt")
            }
            let height = lineAdvance(index, measuredHeight: measurement.lines[index].height)
            let descender = policy.verticalMetrics == .primaryFontOnPixelGrid
                ? Int64(sizedFonts.fonts[0].descender) : LineHeights(text: self).unionExtents(of: line.span).descender
            lines.append(
                GlyphLine(
                    scalarRange: scalarOffset(of: line.span.start)..<builder.scalarOffset, top: top,
                    height: height, baseline: top + height + policy.units.pixels(descender),
                    width: policy.units.pixels(builder.pen), runs: builder.runs))
            top += height
        }
        return lines
    }

    /// How far line `index` moves the next line down: its height, which in the UIKit
    /// profile already has the line spacing (so extra spacing sits above the glyphs, as in
    /// TextKit); in the Pango profile the spacing factor applies from the second line on,
    /// as ``LineHeights`` adds it up for the label's height.
    private func lineAdvance(_ index: Int, measuredHeight: Double) -> Double {
        policy.verticalMetrics == .fontsOnTheLine && index > 0 ? lineSpacing * measuredHeight : measuredHeight
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

    /// The glyphs of `shaped` runs that belong to `clusters`, in visual order: HarfBuzz's,
    /// or with `levels` (each scalar's bidi level) the clusters put in logical order and
    /// then reordered by their levels.
    mutating func add(_ shaped: [GlyphShaper.ShapedRun], clusters: Range<Int>, scalarClusters: [Int32], levels: [UInt8]?) {
        guard !clusters.isEmpty else { return }
        let scalars = text.scalarOffset(of: clusters.lowerBound)..<text.scalarOffset(of: clusters.upperBound)
        var groups: [ClusterGlyphs] = []
        for shapedRun in shaped where shapedRun.run.scalarRange.overlaps(scalars) {
            for glyph in shapedRun.glyphs {
                let cluster = Int(scalarClusters[glyph.scalarIndex])
                guard clusters.contains(cluster) else { continue }
                if let last = groups.last, last.cluster == cluster, last.font == shapedRun.run.font {
                    groups[groups.count - 1].glyphs.append(glyph)
                } else {
                    groups.append(ClusterGlyphs(cluster: cluster, font: shapedRun.run.font, glyphs: [glyph]))
                }
            }
        }
        if let levels { groups = visualOrder(groups, levels: levels) }
        for group in groups {
            for glyph in group.glyphs { append(glyph, font: group.font, role: .text, scalarOffset: glyph.scalarIndex) }
        }
    }

    /// One cluster's glyphs in one font, in HarfBuzz's order.
    private struct ClusterGlyphs {
        var cluster: Int
        var font: Int
        var glyphs: [ShapedGlyph]
    }

    /// `groups` (in HarfBuzz's order, a right-to-left run's reversed) in logical order, then
    /// reordered by the bidi levels of their clusters' first scalars.
    private func visualOrder(_ groups: [ClusterGlyphs], levels: [UInt8]) -> [ClusterGlyphs] {
        let logical = groups.enumerated().sorted { ($0.element.cluster, $0.offset) < ($1.element.cluster, $1.offset) }
            .map(\.element)
        let order = ICUBidi.visualOrder(levels: logical.map { levels[text.scalarOffset(of: $0.cluster)] })
        return order.map { logical[$0] }
    }

    /// Changes the last glyph's advance by `change` font units: the line ends at a break
    /// where Pango's measurement drops a kerning pair (``PreparedText/lineEndAdjustments``).
    mutating func adjustLastAdvance(by change: Int64) {
        guard !runs.isEmpty, !runs[runs.count - 1].glyphs.isEmpty else { return }
        let last = runs[runs.count - 1].glyphs.count - 1
        runs[runs.count - 1].glyphs[last].advance += text.policy.units.pixels(change)
        pen += change
    }

    /// Glyphs drawn after the content: the ellipsis or the hyphen.
    mutating func add(_ glyphs: [ShapedGlyph], font: Int, role: GlyphRun.Role) {
        for glyph in glyphs { append(glyph, font: font, role: role, scalarOffset: scalarOffset) }
    }

    private mutating func append(_ glyph: ShapedGlyph, font: Int, role: GlyphRun.Role, scalarOffset: Int) {
        let placed = PositionedGlyph(
            glyphID: glyph.id, x: text.policy.units.pixels(pen + Int64(glyph.xOffset)), y: -text.policy.units.pixels(Int64(glyph.yOffset)),
            advance: text.policy.units.pixels(Int64(glyph.advance)), scalarOffset: scalarOffset)
        pen += Int64(glyph.advance)
        if let last = runs.last, last.fontIndex == font, last.role == role {
            runs[runs.count - 1].glyphs.append(placed)
        } else {
            runs.append(
                GlyphRun(
                    font: text.sizedFonts.chain.faces[font], fontIndex: font, fontSize: text.size, role: role,
                    glyphs: [placed]))
        }
    }
}
