// Greedy line filling: each line takes as much text as fits, as UILabel and Pango do.

/// One line of a laid-out text, in clusters and font units.
struct LineSpan {
    /// The line's first cluster.
    var start: Int
    /// Where its visible content ends: before hanging white space, or at the ellipsis.
    var contentEnd: Int
    /// Where the next line starts.
    var end: Int
    /// The content's width, with the ellipsis when there is one.
    var width: Int64
    /// How far the break decision was from going the other way: the smaller of the room
    /// left on the line and the overflow of the next break opportunity.
    var slack: Int64
    var hasEllipsis = false
}

/// Fills lines greedily at one width.
struct LineFiller {
    let text: PreparedText
    /// The line width in font units.
    let available: Int64

    /// The line starting at cluster `start`: up to the last break opportunity that fits
    /// (stopping at a mandatory one); when none fits, the word is wider than the line and
    /// breaks between grapheme clusters, keeping at least one cluster.
    func line(from start: Int) -> LineSpan {
        var fitting: Int?
        var overflowing: Int?
        for boundary in (start + 1)...text.clusterCount where text.boundary(at: boundary).contains(.lineBreak) {
            if contentWidth(start, boundary) <= available {
                fitting = boundary
                if text.boundary(at: boundary).contains(.mandatory) { break }
            } else {
                overflowing = boundary
                break
            }
        }
        guard let fitting else { return clusterBrokenLine(from: start, before: overflowing!) }
        let contentEnd = text.contentEnd(from: start, to: fitting)
        let width = text.width(of: start..<contentEnd)
        var slack = available - width
        if let overflowing { slack = min(slack, contentWidth(start, overflowing) - available) }
        return LineSpan(start: start, contentEnd: contentEnd, end: fitting, width: width, slack: slack)
    }

    /// The longest run of whole clusters from `start` that fits, at least one cluster. In
    /// the Pango profile a break inside a word needs room for the hyphen Pango inserts, and
    /// the search stops at the first break that does not fit, as Pango's does.
    private func clusterBrokenLine(from start: Int, before limit: Int) -> LineSpan {
        var contentEnd = start + 1
        while contentEnd < limit, clusterBrokenWidth(start, contentEnd + 1) <= available { contentEnd += 1 }
        let width = clusterBrokenWidth(start, contentEnd)
        var slack = available - width
        if contentEnd < text.clusterCount { slack = min(slack, clusterBrokenWidth(start, contentEnd + 1) - available) }
        // White space right after the break hangs on this line rather than starting the next.
        var end = contentEnd
        while end < text.clusterCount, text.flags(of: end).contains(.whitespace),
            !text.flags(of: end).contains(.separator)
        {
            end += 1
        }
        return LineSpan(start: start, contentEnd: contentEnd, end: end, width: width, slack: slack)
    }

    /// The width of `start..<end` as a line broken inside a word, with the hyphen if any.
    private func clusterBrokenWidth(_ start: Int, _ end: Int) -> Int64 {
        var width = text.width(of: start..<end)
        if text.style.profile == .pango, end < text.clusterCount, text.boundary(at: end).contains(.hyphenates) {
            width += text.sizedFonts.hyphenAdvances[Int(text.font(of: end - 1))]
        }
        return width
    }

    /// The last line of a clamped text: as much of its paragraph as fits before an
    /// ellipsis, cut between grapheme clusters; white space before the ellipsis is dropped.
    func ellipsizedLine(from start: Int) -> LineSpan {
        var paragraphEnd = start
        while paragraphEnd < text.clusterCount, !text.flags(of: paragraphEnd).contains(.separator) {
            paragraphEnd += 1
        }
        let ellipsis = text.sizedFonts.ellipsisAdvance
        var cut = start
        while cut < paragraphEnd, contentWidth(start, cut + 1) + ellipsis <= available { cut += 1 }
        let contentEnd = text.contentEnd(from: start, to: cut)
        let width = text.width(of: start..<contentEnd) + ellipsis
        var slack = available - width
        if cut < paragraphEnd { slack = min(slack, contentWidth(start, cut + 1) + ellipsis - available) }
        return LineSpan(
            start: start, contentEnd: contentEnd, end: text.clusterCount, width: width, slack: slack,
            hasEllipsis: true)
    }

    /// The width of the line `start..<end` without its hanging white space.
    private func contentWidth(_ start: Int, _ end: Int) -> Int64 {
        text.width(of: start..<text.contentEnd(from: start, to: end))
    }
}
