// The line breaker as first written, straightforward and quadratic in a word wider than the
// line: each line scans its break opportunities from its own start, and measures every
// candidate's content by walking back over its white space. Kept to check the linear
// breaker against.

@testable import TextEngine

/// The lines of a text and whether a line limit cut it.
struct BrokenLines {
    var lines: [LineSpan]
    var isTruncated: Bool
}

extension LineBreaker {
    /// The lines ``LineBreaker/forEachLine(maxLines:ellipsize:_:)`` hands over, collected.
    func breakLines(maxLines: Int, ellipsize: Bool) -> BrokenLines {
        var lines: [LineSpan] = []
        let isTruncated = forEachLine(maxLines: maxLines, ellipsize: ellipsize) { lines.append($0) }
        return BrokenLines(lines: lines, isTruncated: isTruncated)
    }
}

struct ReferenceLineBreaker {
    let text: PreparedText
    let available: Int64

    func breakLines(maxLines: Int, ellipsize: Bool) -> BrokenLines {
        let clusterCount = text.clusterCount
        var lines: [LineSpan] = []
        var start = 0
        while start < clusterCount {
            let line = line(from: start)
            if maxLines > 0, lines.count == maxLines - 1, line.end < clusterCount {
                lines.append(ellipsize ? ellipsizedLine(from: start) : line)
                return BrokenLines(lines: lines, isTruncated: true)
            }
            lines.append(line)
            start = line.end
        }
        let endsWithEmptyLine = clusterCount > 0
            ? text.flags(of: clusterCount - 1).contains(.separator) : text.style.profile == .pango
        if endsWithEmptyLine, maxLines == 0 || lines.count < maxLines {
            lines.append(
                LineSpan(start: clusterCount, contentEnd: clusterCount, end: clusterCount, width: 0, slack: available))
        }
        return BrokenLines(lines: lines, isTruncated: false)
    }

    private func line(from start: Int) -> LineSpan {
        var fitting: Int?
        var overflowing: Int?
        for boundary in (start + 1)...text.clusterCount where text.boundary(at: boundary).contains(.lineBreak) {
            if breakWidth(start, boundary) <= available {
                fitting = boundary
                if text.boundary(at: boundary).contains(.mandatory) { break }
            } else {
                overflowing = boundary
                break
            }
        }
        guard let fitting else {
            return insidePhraseLine(from: start, before: overflowing!) ?? clusterBrokenLine(from: start, before: overflowing!)
        }
        let contentEnd = text.contentEnd(from: start, to: fitting)
        let width = breakWidth(start, fitting)
        var slack = available - width
        if let overflowing { slack = min(slack, breakWidth(start, overflowing) - available) }
        return LineSpan(start: start, contentEnd: contentEnd, end: fitting, width: width, slack: slack)
    }

    /// The last of the opportunities inside the phrase that fit, taken in order.
    private func insidePhraseLine(from start: Int, before limit: Int) -> LineSpan? {
        let inside = ((start + 1)..<limit).filter { text.boundary(at: $0).contains(.insidePhrase) }
        guard let fitting = inside.prefix(while: { breakWidth(start, $0) <= available }).last else { return nil }
        let contentEnd = text.contentEnd(from: start, to: fitting)
        let width = breakWidth(start, fitting)
        let next = inside.first { $0 > fitting } ?? limit
        let slack = min(available - width, breakWidth(start, next) - available)
        return LineSpan(start: start, contentEnd: contentEnd, end: fitting, width: width, slack: slack)
    }

    /// Breaks between clusters: every position up to `limit` tried in turn, the last of
    /// those that fit taken (at least one cluster). Pango hangs one white-space cluster and
    /// starts the next line right at the break, and looks on past a break whose hyphen does
    /// not fit while the text alone does; UIKit hangs all the white space after it.
    private func clusterBrokenLine(from start: Int, before limit: Int) -> LineSpan {
        let positions = (start + 2)..<max(start + 2, limit + 1)
        let breakAt = text.style.profile == .pango
            ? positions.prefix(while: { contentWidth(start, $0) <= available })
                .filter({ clusterBrokenWidth(start, $0) <= available }).last ?? start + 1
            : positions.prefix(while: { clusterBrokenWidth(start, $0) <= available }).last ?? start + 1
        let width = clusterBrokenWidth(start, breakAt)
        var slack = available - width
        if breakAt < text.clusterCount { slack = min(slack, clusterBrokenWidth(start, breakAt + 1) - available) }
        if text.style.profile == .pango {
            return LineSpan(
                start: start, contentEnd: text.contentEnd(from: start, to: breakAt), end: breakAt, width: width, slack: slack)
        }
        let end = (breakAt..<text.clusterCount).first {
            !text.flags(of: $0).contains(.whitespace) || text.flags(of: $0).contains(.separator)
        } ?? text.clusterCount
        return LineSpan(start: start, contentEnd: breakAt, end: end, width: width, slack: slack)
    }

    private func clusterBrokenWidth(_ start: Int, _ end: Int) -> Int64 {
        guard text.style.profile == .pango else { return text.width(of: start..<end) }
        return breakWidth(start, end)
    }

    /// A line's width when it breaks at `end`: its content (in the Pango profile without the
    /// kerning across the break), and in the Pango profile the hyphen Pango inserts there,
    /// which may take the place of a hyphenation point.
    private func breakWidth(_ start: Int, _ end: Int) -> Int64 {
        let contentEnd = text.contentEnd(from: start, to: end)
        let width = text.lineContentWidth(start, contentEnd, breakingAt: end)
        guard text.style.profile == .pango, end < text.clusterCount, text.boundary(at: end).contains(.hyphenates) else {
            return width
        }
        let hyphen = text.sizedFonts.hyphenAdvances[Int(text.font(of: end - 1))]
        let replaced = text.boundary(at: end).contains(.hyphenReplacesPreceding) ? text.width(of: (end - 1)..<end) : 0
        return width + hyphen - replaced
    }

    private func ellipsizedLine(from start: Int) -> LineSpan {
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

    private func contentWidth(_ start: Int, _ end: Int) -> Int64 {
        text.width(of: start..<text.contentEnd(from: start, to: end))
    }
}
