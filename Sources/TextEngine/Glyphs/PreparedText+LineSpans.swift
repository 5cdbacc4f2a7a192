// Line spans recovered from a measurement: which clusters each measured line shows.

/// A measured line in clusters, and whether the Pango profile ended it with a hyphen.
struct MeasuredLineSpan {
    var span: LineSpan
    var hasHyphen: Bool
}

extension PreparedText {
    /// The lines a measurement of this text was made of, in clusters: each line's start
    /// from its scalar offset, and where its content ends from its width, which is exact in
    /// font units (the content's advances, plus the ellipsis or Pango's hyphen).
    ///
    /// - Throws: ``TextEngineError/invalidValue(field:reason:)`` (field `measurement`) when
    ///   the measurement does not fit this text: a start inside a cluster or past the end,
    ///   or a width no run of clusters has.
    /// - Complexity: O(n) in the text's clusters.
    func lineSpans(of measurement: TextMeasurement, reshaper: LineReshaper? = nil) throws(TextEngineError) -> [MeasuredLineSpan] {
        let starts = try measurement.lines.enumerated().map { (index, line) throws(TextEngineError) in
            guard let cluster = cluster(startingAt: line.scalarOffset) else {
                throw Self.mismatch(index, "starts at scalar \(line.scalarOffset), not a cluster of this text")
            }
            return cluster
        }
        var spans: [MeasuredLineSpan] = []
        for (index, line) in measurement.lines.enumerated() {
            let start = starts[index]
            let isLast = index == starts.count - 1
            let limit = isLast ? clusterCount : starts[index + 1]
            guard limit >= start else { throw Self.mismatch(index, "starts after the next line") }
            let width = policy.units.units(line.width)
            let content = reshapedContentEnd(from: start, upTo: limit, width: width, hasEllipsis: line.hasEllipsis, reshaper: reshaper)
                ?? contentEnd(from: start, upTo: limit, width: width, hasEllipsis: line.hasEllipsis)
            guard let content else {
                throw Self.mismatch(index, "no clusters from scalar \(line.scalarOffset) are \(line.width) pt wide")
            }
            // A line cut without an ellipsis ends where its hanging white space does.
            let end = isLast && measurement.isTruncated && !line.hasEllipsis ? hangingEnd(after: content.end) : limit
            let span = LineSpan(
                start: start, contentEnd: content.end, end: line.hasEllipsis ? clusterCount : end, width: width,
                slack: line.slack.isFinite ? policy.units.units(line.slack) : Int64.max, hasEllipsis: line.hasEllipsis)
            spans.append(MeasuredLineSpan(span: span, hasHyphen: content.hasHyphen))
        }
        return spans
    }

    /// The cluster that starts at `scalarOffset` (`clusterCount` for the end of the text),
    /// or nil when the offset falls inside a cluster or past the end.
    private func cluster(startingAt scalarOffset: Int) -> Int? {
        var low = 0
        var high = clusterCount
        while low < high {
            let middle = (low + high) / 2
            if self.scalarOffset(of: middle) < scalarOffset { low = middle + 1 } else { high = middle }
        }
        return self.scalarOffset(of: low) == scalarOffset ? low : nil
    }

    /// The last cluster boundary in `start...limit` where the content is `width` wide: the
    /// clusters' advances, plus the ellipsis when the line has one, or plus Pango's hyphen
    /// at a boundary that inserts one. Separators (not shaped) are left off the end.
    private func contentEnd(
        from start: Int, upTo limit: Int, width: Int64, hasEllipsis: Bool
    ) -> (end: Int, hasHyphen: Bool)? {
        let extra = hasEllipsis ? sizedFonts.ellipsisAdvance : 0
        // A line that ends at the next one's start without an ellipsis may have lost the
        // kerning across its break (the Pango profile's line-end adjustments).
        let content = { (end: Int) in
            hasEllipsis ? self.width(of: start..<end) : self.lineContentWidth(start, end, breakingAt: limit)
        }
        var end = limit
        while end >= start, content(end) + extra > width { end -= 1 }
        if end >= start, content(end) + extra == width {
            while end > start, flags(of: end - 1).contains(.separator) { end -= 1 }
            return (end, false)
        }
        guard policy.breakRules == .pango, !hasEllipsis else { return nil }
        for end in stride(from: limit, to: start, by: -1) where boundary(at: end).contains(.hyphenates) {
            // A hyphen that replaces a hyphenation point ends the content before it.
            let contentEnd = boundary(at: end).contains(.hyphenReplacesPreceding) ? end - 1 : end
            if self.width(of: start..<contentEnd) + sizedFonts.hyphenAdvances[Int(font(of: end - 1))] == width {
                return (contentEnd, true)
            }
        }
        return nil
    }

    /// For a Pango-profile line that starts or ends inside a word, measured with its text
    /// shaped on its own (``LineReshaper``): where its content ends, if `width` is that of
    /// the line up to `limit` or, for the last line of a clamped text, of one ending earlier.
    private func reshapedContentEnd(
        from start: Int, upTo limit: Int, width: Int64, hasEllipsis: Bool, reshaper: LineReshaper?
    ) -> (end: Int, hasHyphen: Bool)? {
        guard let reshaper, !hasEllipsis else { return nil }
        for end in stride(from: limit, to: start, by: -1) {
            if let line = reshaper.brokenWordLine(start, self.contentEnd(from: start, to: end), breakingAt: end),
                line.width == width
            {
                return (line.drawnEnd, line.hasHyphen)
            }
        }
        return nil
    }

    /// Past the white space after `contentEnd`, through a separator: where the line filler
    /// starts the next line.
    private func hangingEnd(after contentEnd: Int) -> Int {
        var end = contentEnd
        while end < clusterCount, flags(of: end).contains(.whitespace) {
            end += 1
            if flags(of: end - 1).contains(.separator) { break }
        }
        return end
    }

    private static func mismatch(_ line: Int, _ reason: String) -> TextEngineError {
        .invalidValue(field: "measurement", reason: "line \(line + 1) \(reason): not a measurement of this text")
    }
}
