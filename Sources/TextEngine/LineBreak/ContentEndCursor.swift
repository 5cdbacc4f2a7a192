// Where a line's content ends, for one line start and line ends that only move forward.

/// ``PreparedText/contentEnd(from:to:)`` for a fixed line start and growing line ends, each
/// in amortised constant time: a long run of white space is walked back over once for the
/// line, not once for every end after it (which made a line search quadratic in the run).
struct ContentEndCursor {
    let text: PreparedText
    let start: Int
    /// The last end asked for and its content end.
    private var last: (end: Int, contentEnd: Int)?

    /// - Parameter known: an end at or after `start` and its content end for a line that
    ///   started at or before `start`: a later start only cuts it off at the start, since the
    ///   walk back from the end takes the same steps until it reaches either start.
    init(text: PreparedText, start: Int, known: (end: Int, contentEnd: Int)? = nil) {
        self.text = text
        self.start = start
        if let known, known.end >= start { last = (known.end, max(start, known.contentEnd)) }
    }

    /// The content end of the line `start..<end`; `end` must not be before the last one asked.
    mutating func contentEnd(to end: Int) -> Int {
        let contentEnd = resolve(end)
        last = (end, contentEnd)
        return contentEnd
    }

    private func resolve(_ end: Int) -> Int {
        guard let last, last.end <= end else { return text.contentEnd(from: start, to: end) }
        if last.end == end { return last.contentEnd }
        // Walk back no further than the last end: stopped short of it, the walk from `start`
        // stops at the same place.
        let partial = text.contentEnd(from: last.end, to: end)
        if partial > last.end { return partial }
        switch text.policy.hangingWhiteSpace {
        case .all:
            // All of last.end..<end is white space and hangs: the content ends where it did.
            return last.contentEnd
        case .separatorAndOneSpace:
            // At most a separator and one white-space cluster hang: a short walk.
            return text.contentEnd(from: start, to: end)
        }
    }
}
