// Line breaking: the lines of a prepared text at a width, with an optional line limit.

/// The lines of a text and whether a line limit cut it.
struct BrokenLines {
    var lines: [LineSpan]
    var isTruncated: Bool
}

/// Breaks a prepared text into lines at one width.
struct LineBreaker {
    let text: PreparedText
    let available: Int64
    /// In the Pango profile, shapes the parts of a word broken between characters.
    var reshaper: LineReshaper? = nil

    /// Greedy lines, at most `maxLines` of them when `maxLines > 0`. When text remains after
    /// the last allowed line, the text is truncated: with `ellipsize`, that line ends in an
    /// ellipsis; without, the rest is dropped. A text ending in a separator ends with an
    /// empty line (the seed's `"Label\n"`); so does an empty text in the Pango profile, which
    /// lays it out as one empty line (UILabel's is zero tall).
    /// - Complexity: O(n) in the text's clusters.
    func breakLines(maxLines: Int, ellipsize: Bool) -> BrokenLines {
        let filler = LineFiller(text: text, available: available, reshaper: reshaper)
        let clusterCount = text.clusterCount
        var lines: [LineSpan] = []
        // Room for a title's lines at once: growing from one line to two allocated twice.
        lines.reserveCapacity(maxLines > 0 ? min(maxLines, 8) : 4)
        var start = 0
        var overflow: LineFiller.Overflow?
        while start < clusterCount {
            let line: LineSpan
            (line, overflow) = filler.line(from: start, after: overflow)
            if maxLines > 0, lines.count == maxLines - 1, line.end < clusterCount {
                lines.append(ellipsize ? filler.ellipsizedLine(from: start) : line)
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
}
