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
    /// For lines shaped alone, shapes the parts of a word broken between characters on their
    /// own, as Pango measures them (``LineReshaper``).
    var reshaper: LineReshaper? = nil

    /// A break opportunity a line's search found too wide, handed to the next line's search:
    /// no opportunity lies between the line's end and it.
    struct Overflow {
        var boundary: Int
        /// Where the content of a line ending at `boundary` ends, for the line that found it.
        var contentEnd: Int
        /// For a phrase wider than the line, ending at `boundary`: no opportunity inside it
        /// (``Boundary/insidePhrase``) lies after `after` and before `next`, as the last
        /// line's search found, so the next line's search need not look there again.
        var insidePhrase: (after: Int, next: Int)? = nil
    }

    /// The line starting at cluster `start`: up to the last break opportunity that fits
    /// (stopping at a mandatory one); when none fits, the word is wider than the line and
    /// breaks between grapheme clusters, keeping at least one cluster.
    ///
    /// With `known`, the previous line's overflow, the search starts there; it returns the
    /// opportunity it found too wide for the next line, so that a word far wider than the
    /// line is scanned once, not to its end once per line (quadratic in its length).
    func line(from start: Int, after known: Overflow?) -> (span: LineSpan, overflow: Overflow?) {
        var contentEnds = ContentEndCursor(text: text, start: start, known: known.map { ($0.boundary, $0.contentEnd) })
        var fitting: (boundary: Int, contentEnd: Int)?
        var overflow: Overflow?
        // A line that starts inside a word (the rest of one broken between characters): its
        // first word is measured shaped on its own, found with the first opportunity.
        var restOfWordChange: Int64? = startsInsideWord(start) ? nil : 0
        var fittingWidth: Int64 = 0
        var overflowWidth: Int64 = 0
        let strictness = strictAllowance(start)
        for boundary in max(start + 1, known?.boundary ?? 0)...text.clusterCount
        where text.boundary(at: boundary).contains(.lineBreak) {
            let contentEnd = contentEnds.contentEnd(to: boundary)
            var width = lineWidth(start, contentEnd, breakingAt: boundary)
            if restOfWordChange == nil {
                // Shaped alone only when it might fit: a word far wider than the line is not.
                restOfWordChange = width - (reshaper?.margin ?? 0) > available
                    ? 0 : reshapingChange(start, contentEnd, near: available)
            }
            width += restOfWordChange ?? 0
            var limit = available
            if strictness != 0, contentEnd == boundary, text.lineEndAdjustments[Int32(contentEnd - 1)] != nil {
                limit -= strictness
            }
            // A closing bracket right before the break (no space after it) collapses only when
            // the line would not fit, and a collapsed end is one shaped again.
            if width > limit, contentEnd == boundary, case let collapse = text.lineEndCollapse(contentEnd), collapse != 0 {
                width += collapse
                limit = available - strictness
            }
            if width <= limit {
                fitting = (boundary, contentEnd)
                fittingWidth = width
                if text.boundary(at: boundary).contains(.mandatory) { break }
            } else {
                // Past the same phrase's end, what the last line's search inside it found holds.
                let insidePhrase = boundary == known?.boundary ? known?.insidePhrase : nil
                overflow = Overflow(boundary: boundary, contentEnd: contentEnd, insidePhrase: insidePhrase)
                overflowWidth = width
                break
            }
        }
        guard let fitting else {
            var overflow = overflow!
            var line: LineSpan?
            // Only phrase breaking marks opportunities inside a word.
            if text.lineBreak == .phrase {
                let search = insidePhraseLine(from: start, before: overflow)
                line = search.line
                overflow.insidePhrase = search.searched
            }
            return (line ?? overlongWordLine(from: start, before: overflow), overflow)
        }
        // Where only a broken word's parts are shaped again, `restOfWordChange` holds its rest's.
        let width = text.policy.lineEndShaping == .lineAlone
            ? reshaper?.brokenWordLineWidth(start, fitting.contentEnd, breakingAt: fitting.boundary) ?? fittingWidth
            : fittingWidth
        var slack = available - width
        if overflow != nil { slack = min(slack, overflowWidth - available) }
        let span = LineSpan(start: start, contentEnd: fitting.contentEnd, end: fitting.boundary, width: width, slack: slack)
        return (span, overflow)
    }

    /// For a phrase wider than the line: the line up to the last opportunity inside the
    /// phrase (``Boundary/insidePhrase``) before the phrase's end, `overflow`, that fits, or
    /// nil when none does; and the stretch after it that holds no opportunity, for the next
    /// line's search (``Overflow/insidePhrase``). The search stops at the first opportunity
    /// that does not fit and skips the stretch the last line's search found empty, so a long
    /// phrase costs its length over all its lines, with opportunities inside it or none (a
    /// word of one letter: each line's search ran to its end, quadratic in its length).
    private func insidePhraseLine(from start: Int, before overflow: Overflow)
        -> (line: LineSpan?, searched: (after: Int, next: Int))
    {
        var fitting: (boundary: Int, contentEnd: Int, width: Int64)?
        var overflowWidth = lineWidth(start, overflow.contentEnd, breakingAt: overflow.boundary)
        var first = start + 1
        if let known = overflow.insidePhrase, known.after <= start, start < known.next { first = known.next }
        var next = overflow.boundary
        var contentEnds = ContentEndCursor(text: text, start: start)
        for boundary in first..<max(first, overflow.boundary) where text.boundary(at: boundary).contains(.insidePhrase) {
            let contentEnd = contentEnds.contentEnd(to: boundary)
            let width = lineWidth(start, contentEnd, breakingAt: boundary)
            guard width <= available else {
                overflowWidth = width
                next = boundary
                break
            }
            fitting = (boundary, contentEnd, width)
        }
        let searched = (after: fitting?.boundary ?? start, next: next)
        guard let fitting else { return (nil, searched) }
        let slack = min(available - fitting.width, overflowWidth - available)
        let line = LineSpan(start: start, contentEnd: fitting.contentEnd, end: fitting.boundary, width: fitting.width, slack: slack)
        return (line, searched)
    }

    /// The line from `start` whose first word is wider than the line and ends at the break
    /// opportunity `overflow`: broken inside, or whole when the profile lets it overflow.
    private func overlongWordLine(from start: Int, before overflow: Overflow) -> LineSpan {
        guard text.policy.overlongWord == .overflow else { return clusterBrokenLine(from: start, before: overflow.boundary) }
        let width = lineWidth(start, overflow.contentEnd, breakingAt: overflow.boundary)
        return LineSpan(start: start, contentEnd: overflow.contentEnd, end: overflow.boundary, width: width, slack: 0)
    }

    /// The longest run of whole clusters from `start` that fits, at least one cluster.
    ///
    /// As the policy's ``ProfilePolicy/OverlongWordBreak`` says: between clusters, white
    /// space right after the break hangs on this line rather than starting the next. In
    /// Pango's retry, as in Pango 1.50's retry with character
    /// breaks, a break inside a word needs room for the hyphen Pango inserts, only the one
    /// white-space cluster before a break hangs (`find_break_extra_width`), so a run of
    /// spaces wider than the line breaks between its spaces and the next line starts with
    /// the rest; and as Pango walks on while the text without the hyphen still fits, a later
    /// break without a hyphen is taken over an earlier one with (`fail|'` over `fa-|il'`).
    private func clusterBrokenLine(from start: Int, before limit: Int) -> LineSpan {
        guard text.policy.overlongWord == .pangoRetry else { return betweenClustersLine(from: start, before: limit) }
        var breakAt = start + 1
        var next = start + 2
        // Pango walks on while the text without the hyphen is within a few characters of the
        // width (its log widths split a ligature's advance; the whole text's shaping puts it
        // on the first character, so a margin stands for that).
        let reach = available + (reshaper?.margin ?? 0)
        while next <= limit, text.width(of: start..<text.contentEnd(from: start, to: next)) <= reach {
            if clusterBrokenWidth(start, next) <= available { breakAt = next }
            next += 1
        }
        let contentEnd = text.contentEnd(from: start, to: breakAt)
        let width = reshaper?.brokenWordLineWidth(start, contentEnd, breakingAt: breakAt) ?? clusterBrokenWidth(start, breakAt)
        var slack = available - width
        if breakAt < text.clusterCount { slack = min(slack, clusterBrokenWidth(start, breakAt + 1) - available) }
        return LineSpan(start: start, contentEnd: contentEnd, end: breakAt, width: width, slack: slack)
    }

    /// ``clusterBrokenLine(from:before:)`` between clusters: white space after the break
    /// hangs. Where lines are shaped alone (Blink's `ShapingLineBreaker` shapes both parts of
    /// a word it breaks), the part near the width is measured shaped on its own: `Elde|st` at
    /// 16 px in 40 px in Noto, whose `st` kerns.
    private func betweenClustersLine(from start: Int, before limit: Int) -> LineSpan {
        var breakAt = start + 1
        let partWidth = { (end: Int) -> Int64 in
            let width = text.width(of: start..<end)
            guard let reshaper, abs(width - available) <= reshaper.margin, reshaper.canReshape(start..<end)
            else { return width }
            return reshaper.width(of: start..<end)
        }
        while breakAt < limit, partWidth(breakAt + 1) <= available { breakAt += 1 }
        let width = partWidth(breakAt)
        var slack = available - width
        if breakAt < text.clusterCount { slack = min(slack, partWidth(breakAt + 1) - available) }
        var end = breakAt
        while end < text.clusterCount, text.flags(of: end).contains(.whitespace),
            !text.flags(of: end).contains(.separator)
        {
            end += 1
        }
        return LineSpan(start: start, contentEnd: breakAt, end: end, width: width, slack: slack)
    }

    /// The width of `start..<end` as a line of Pango's retry: without the one white-space
    /// cluster that hangs, and with the hyphen if any; near the line's width, with the
    /// word's part shaped on its own as Pango measures it.
    private func clusterBrokenWidth(_ start: Int, _ end: Int) -> Int64 {
        let contentEnd = text.contentEnd(from: start, to: end)
        let width = lineWidth(start, contentEnd, breakingAt: end)
        return width + (reshapingChange(start, contentEnd, near: width) ?? 0)
    }

    /// Whether a line starting at `start` starts inside a word: after a break between
    /// characters, where Pango shapes the rest of the word on its own.
    private func startsInsideWord(_ start: Int) -> Bool {
        reshaper != nil && start > 0 && !text.boundary(at: start).contains(.lineBreak)
    }

    /// How much shaping `start..<contentEnd` on its own changes its width, when `width` (the
    /// line's width as the whole text's shaping has it) is near enough to the line's width
    /// for that to decide anything (``LineReshaper/margin``). Nil without a reshaper (lines
    /// keep the paragraph's shaping); 0 when far from the width.
    private func reshapingChange(_ start: Int, _ contentEnd: Int, near width: Int64) -> Int64? {
        guard let reshaper else { return nil }
        guard abs(width - available) <= reshaper.margin, reshaper.canReshape(start..<contentEnd) else { return 0 }
        return reshaper.width(of: start..<contentEnd) - text.lineContentWidth(start, contentEnd, breakingAt: contentEnd)
    }

    /// How much of the width's allowance a line from `start` may not use if its end is shaped
    /// again: all of it when it is the first line or starts where the line before was shaped
    /// again too (a kerning pair across that break), none otherwise. Chromium lays lines out so
    /// (`ついて` at 16 px is `つ|いて` in 32 px, `ああついて` is `ああ|つい|て`): in the sweep of
    /// 20,480 cases against it, checking every reshaped end without the allowance left 45 line
    /// starts different, this rule 12 (``ProfilePolicy/LineWidths``).
    private func strictAllowance(_ start: Int) -> Int64 {
        let allowance = text.policy.lineWidthAllowance
        guard allowance != 0, start == 0 || text.lineEndAdjustments[Int32(start - 1)] != nil else { return 0 }
        return allowance
    }

    /// The width of a line whose content is `start..<contentEnd` and which breaks at
    /// `boundary`: without the kerning across the break that Pango's line shaped alone does
    /// not have (``PreparedText/lineEndAdjustments``), and with the hyphen Pango inserts
    /// there, if it inserts one (`find_break_extra_width`; ``PangoHyphenation``).
    private func lineWidth(_ start: Int, _ contentEnd: Int, breakingAt boundary: Int) -> Int64 {
        text.lineContentWidth(start, contentEnd, breakingAt: boundary) + text.hyphenWidth(at: boundary, lineStart: start)
    }

    /// The last line of a clamped text, whose lines would go on after `line`, as the
    /// profile's ``ProfilePolicy/ClampedLine`` makes it.
    func ellipsizedLine(_ line: LineSpan) -> LineSpan {
        switch text.policy.clampedLine {
        case .fillsParagraph: paragraphEllipsizedLine(from: line.start)
        case .truncatesLine: truncatedLine(line)
        }
    }

    /// `line` cut between grapheme clusters so that an ellipsis fits after it, keeping at
    /// least one cluster (Blink's `LineTruncator` for `-webkit-line-clamp`): the width itself
    /// bounds it, without the allowance lines fit with; white space before the ellipsis is
    /// dropped. The line keeps its end, so that its box is the laid-out line's.
    private func truncatedLine(_ line: LineSpan) -> LineSpan {
        let ellipsis = text.sizedFonts.ellipsisAdvance
        let limit = available - text.policy.lineWidthAllowance
        var contentEnds = ContentEndCursor(text: text, start: line.start)
        var kept = line.start + 1
        while kept < line.contentEnd {
            let next = contentEnds.contentEnd(to: kept + 1)
            guard text.width(of: line.start..<next) + ellipsis <= limit else { break }
            kept += 1
        }
        let contentEnd = max(line.start + 1, text.contentEnd(from: line.start, to: kept))
        let width = text.width(of: line.start..<contentEnd) + ellipsis
        return LineSpan(
            start: line.start, contentEnd: contentEnd, end: line.end, width: width, slack: max(0, limit - width),
            hasEllipsis: true)
    }

    /// The last line of a clamped text: as much of its paragraph as fits before an
    /// ellipsis, cut between grapheme clusters; white space before the ellipsis is dropped.
    private func paragraphEllipsizedLine(from start: Int) -> LineSpan {
        var paragraphEnd = text.hasSeparator ? start : text.clusterCount  // one paragraph: the text's end
        while paragraphEnd < text.clusterCount, !text.flags(of: paragraphEnd).contains(.separator) {
            paragraphEnd += 1
        }
        let ellipsis = text.sizedFonts.ellipsisAdvance
        var contentEnds = ContentEndCursor(text: text, start: start)
        var cut = start
        var contentEnd = start
        var next = start  // the content end at cut + 1
        while cut < paragraphEnd {
            next = contentEnds.contentEnd(to: cut + 1)
            guard text.width(of: start..<next) + ellipsis <= available else { break }
            cut += 1
            contentEnd = next
        }
        let width = text.width(of: start..<contentEnd) + ellipsis
        var slack = available - width
        if cut < paragraphEnd { slack = min(slack, text.width(of: start..<next) + ellipsis - available) }
        return LineSpan(
            start: start, contentEnd: contentEnd, end: text.clusterCount, width: width, slack: slack,
            hasEllipsis: true)
    }
}
