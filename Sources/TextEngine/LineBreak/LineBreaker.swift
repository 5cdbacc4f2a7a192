// Line breaking: the lines of a prepared text at a width, with an optional line limit.

/// Breaks a prepared text into lines at one width.
struct LineBreaker {
    let text: PreparedText
    let available: Int64
    /// For lines shaped alone (``ProfilePolicy/LineEndShaping``), shapes the parts of a
    /// word broken between characters.
    var reshaper: LineReshaper? = nil

    /// Greedy lines, at most `maxLines` of them when `maxLines > 0`, handed to `body` in
    /// order; returns whether the line limit cut the text. When text remains after the last
    /// allowed line, the text is truncated: with `ellipsize`, that line ends in an ellipsis;
    /// without, the rest is dropped. A text ending in a separator ends with an empty line
    /// (the seed's `"Label\n"`); so does an empty text when the profile lays it out as one
    /// empty line (Pango; UILabel's is zero tall).
    ///
    /// Handed over rather than collected: a measurement keeps its lines in points, and an
    /// array of these for each text would be an allocation and a release per measurement.
    /// - Complexity: O(n) in the text's clusters.
    func forEachLine(maxLines: Int, ellipsize: Bool, _ body: (LineSpan) -> Void) -> Bool {
        let filler = LineFiller(text: text, available: available, reshaper: reshaper)
        let clusterCount = text.clusterCount
        var lineCount = 0
        var start = 0
        var overflow: LineFiller.Overflow?
        while start < clusterCount {
            let line: LineSpan
            (line, overflow) = filler.line(from: start, after: overflow)
            if maxLines > 0, lineCount == maxLines - 1, line.end < clusterCount {
                body(ellipsize ? filler.ellipsizedLine(line) : line)
                return true
            }
            body(line)
            lineCount += 1
            start = line.end
        }
        let endsWithEmptyLine = clusterCount > 0
            ? text.flags(of: clusterCount - 1).contains(.separator) : text.policy.emptyTextIsOneLine
        if endsWithEmptyLine, maxLines == 0 || lineCount < maxLines {
            body(LineSpan(start: clusterCount, contentEnd: clusterCount, end: clusterCount, width: 0, slack: available))
        }
        return false
    }
}
