// Pieces of a prepared text shaped on their own, as Pango 1.50 measures a line it breaks
// inside a word.

/// The width of clusters of a prepared text shaped on their own, run by run, as Pango's
/// `process_item` shapes the part of an item that ends a line at a break between characters
/// (and the part that starts the next): a ligature cut by the break falls apart (`Insuf|ficient`
/// draws an `f`, not the `ffi` the word has), and a kerning pair across it is lost.
///
/// Only for the Pango profile's lines broken inside a word too wide for them; everywhere else
/// the prepared advances are exact, because a line breaks where the font proves the text
/// independent or with the line-end adjustments.
struct LineReshaper {
    let text: PreparedText
    /// Where a HarfBuzz buffer comes from.
    let buffers: Buffers

    /// A buffer of its own (drawing), or one borrowed from a measurer's pool when needed:
    /// most lines never are, so measuring a text allocates nothing for this.
    enum Buffers {
        case own(HarfBuzzBuffer)
        /// The pool of the measurer measuring the text, unretained: a reshaper lives only
        /// within that measurer's call, and retaining the pool for each text touched a
        /// reference count that every measuring thread shares.
        case pool(Unmanaged<ScratchPool<ShapingContext>>)
    }

    private func withBuffer(_ body: (HarfBuzzBuffer) -> Int64) -> Int64 {
        switch buffers {
        case .own(let buffer): body(buffer)
        case .pool(let pool): pool._withUnsafeGuaranteedRef { $0.withItem { body($0.buffer) } }
        }
    }

    /// The width of `clusters` with each run's part among them shaped alone.
    func width(of clusters: Range<Int>) -> Int64 {
        guard !clusters.isEmpty else { return 0 }
        let scalarRange = scalars(of: clusters)
        return withBuffer { buffer in
            var total: Int64 = 0
            var advances: [Int32] = []
            text.shapingScalars.withUnsafeBufferPointer { scalars in
                for run in text.shapingRuns where run.scalarRange.overlaps(scalarRange) {
                    let piece = run.scalarRange.clamped(to: scalarRange)
                    advances.removeAll(keepingCapacity: true)
                    advances.append(contentsOf: repeatElement(0, count: piece.count))
                    advances.withUnsafeMutableBufferPointer { out in
                        buffer.shape(
                            UnsafeBufferPointer(rebasing: scalars[piece]), range: 0..<piece.count,
                            font: text.sizedFonts.fonts[run.font], script: run.script, rightToLeft: run.rightToLeft,
                            language: HarfBuzzUnicode.language(text.language), into: out)
                    }
                    total += advances.reduce(0) { $0 + Int64($1) }
                }
            }
            return total
        }
    }

    /// The width Pango reports for a line from `start` whose content ends at `contentEnd`
    /// and which breaks at `boundary`, when the line starts inside a word or breaks inside
    /// one: its text shaped on its own, run by run, plus the hyphen; nil for any other line,
    /// whose prepared advances (with the line-end adjustments) are already exact.
    func brokenWordLineWidth(_ start: Int, _ contentEnd: Int, breakingAt boundary: Int) -> Int64? {
        brokenWordLine(start, contentEnd, breakingAt: boundary)?.width
    }

    /// ``brokenWordLineWidth(_:_:breakingAt:)``, with where the drawn text ends (before a
    /// hyphenation point the hyphen replaces) and whether a hyphen ends the line.
    func brokenWordLine(
        _ start: Int, _ contentEnd: Int, breakingAt boundary: Int
    ) -> (width: Int64, drawnEnd: Int, hasHyphen: Bool)? {
        guard breaksWord(start: start, end: boundary), canReshape(start..<contentEnd) else { return nil }
        let hyphen = text.hyphenWidth(at: boundary, lineStart: start)
        guard hyphen != 0 else { return (width(of: start..<contentEnd), contentEnd, false) }
        if text.boundary(at: boundary).contains(.hyphenReplacesPreceding), contentEnd == boundary, contentEnd - 1 >= start {
            let advance = text.sizedFonts.hyphenAdvances[Int(text.font(of: boundary - 1))]
            return (width(of: start..<(contentEnd - 1)) + advance, contentEnd - 1, true)
        }
        return (width(of: start..<contentEnd) + hyphen, contentEnd, true)
    }

    /// Whether `clusters` shape alone as Pango shapes them: left-to-right runs of the scripts
    /// HarfBuzz shapes without context, and no control, format or tab character (which the
    /// prepared advances treat as their own, not as HarfBuzz draws them). Other text keeps
    /// the prepared advances.
    func canReshape(_ clusters: Range<Int>) -> Bool {
        guard !clusters.isEmpty else { return false }
        let scalarRange = scalars(of: clusters)
        for run in text.shapingRuns where run.scalarRange.overlaps(scalarRange) {
            guard !run.rightToLeft, Shaper.shapesWithoutContext(run.script) else { return false }
        }
        return !clusters.contains { cluster in
            text.flags(of: cluster).contains(.fontNeutral) && text.shapingScalars[text.scalarOffset(of: cluster)] != 0x20
        }
    }

    /// The scalars of `clusters`.
    private func scalars(of clusters: Range<Int>) -> Range<Int> {
        text.scalarOffset(of: clusters.lowerBound)..<text.scalarOffset(of: clusters.upperBound)
    }

    /// Twice the font size in font units: farther than that from the line's width, shaping
    /// alone (which moves a ligature's or a kerning pair's share of an em) decides nothing.
    var margin: Int64 { 2 * text.policy.units.units(text.size) }

    /// Whether a line from `start` to `end` starts or ends inside a word: at a boundary that
    /// is not a line-break opportunity.
    func breaksWord(start: Int, end: Int) -> Bool {
        (start > 0 && !text.boundary(at: start).contains(.lineBreak))
            || (end < text.clusterCount && !text.boundary(at: end).contains(.lineBreak))
    }
}
