// Shaping turns each run into glyph advances with HarfBuzz, per scalar.

/// Shapes a text's runs with HarfBuzz, reusing the advances of segments shaped before.
///
/// A run is cut into segments that shape alike wherever they occur, and each segment's
/// advances come from the thread's ``SegmentAdvanceCache`` when it was shaped before:
/// - scripts HarfBuzz shapes with its default shaper (Latin, Greek, Cyrillic, Han, kana,
///   Common) read nothing of the text around a run (only the Arabic-joining shapers do),
///   so a run shapes alike in any text; the one exception, a dotted circle before a mark
///   that starts the text, is kept out by never caching a run that starts with a mark;
/// - the run is cut further on both sides of every character that no lookup of the run's
///   plan involves (``GlyphWalls``): at spaces in most Latin fonts, so words are shaped once
///   per font and size and reused across titles; at every kanji in Noto Sans CJK, so the
///   kana between them are.
/// A segment of one character (a wall, a one-letter word) takes its advance from the cache's
/// table of characters shaped alone, without hashing. The segments of a run not yet in the
/// cache are shaped in one call, joined by spaces where a space is a wall (a title met for
/// the first time often has several new words, and HarfBuzz's cost per call is that of a
/// few glyphs). Other runs are shaped whole with the whole text as context, as without a
/// cache.
struct Shaper {
    let fonts: [HarfBuzzFont]
    let language: OpaquePointer?

    /// Fills `scalarAdvances` with each scalar's advance in font units (1/1024 px); with
    /// `lineEndsAt`, the text's break opportunities, also returns the Pango profile's
    /// `PreparedText.lineEndAdjustments` (empty without), measured run by run as each run is
    /// shaped, with the run's walls and cache style looked up once for both.
    ///
    /// A glyph's advance goes to the scalar HarfBuzz assigns it to: a ligature across
    /// clusters counts towards its first cluster. Without `segments`, every run is shaped
    /// whole (the reference the segment cache is tested against).
    func shape(
        _ analysis: TextAnalysis, buffer: HarfBuzzBuffer, segments: inout SegmentAdvanceCache?,
        into scalarAdvances: inout ScratchBuffer<Int32>, lineEndsAt boundaries: ScratchBuffer<Boundary>? = nil
    ) -> [Int32: Int32] {
        var lineEnds = LineEnds()
        scalarAdvances.overwrite(count: analysis.scalars.count, with: 0)
        analysis.scalars.withUnsafeBufferPointer { scalars in
            scalarAdvances.withUnsafeMutableBufferPointer { advances in
                for run in analysis.runs {
                    let font = fonts[run.font]
                    let withoutContext = Self.shapesWithoutContext(run.script)
                    let cachesSegments = segments != nil && withoutContext
                        && !Self.isMark(scalars[run.scalarRange.lowerBound])
                    let measuresLineEnds = boundaries != nil && withoutContext && !run.rightToLeft
                    guard cachesSegments || measuresLineEnds else {
                        buffer.shape(
                            scalars, range: run.scalarRange, font: font, script: run.script,
                            rightToLeft: run.rightToLeft, language: language, into: advances)
                        continue
                    }
                    let styleIndex = segments?.styleIndex(
                        SegmentAdvanceCache.Style(
                            font: ObjectIdentifier(font), script: run.script, rightToLeft: run.rightToLeft,
                            language: language))
                    buffer.walls(font: font, script: run.script, rightToLeft: run.rightToLeft, language: language)
                        ._withUnsafeGuaranteedRef { walls in
                            if cachesSegments {
                                shapeSegments(
                                    of: run, font: font, walls: walls, styleIndex: styleIndex!, scalars: scalars,
                                    buffer: buffer, segments: &segments, into: advances)
                            } else {
                                buffer.shape(
                                    scalars, range: run.scalarRange, font: font, script: run.script,
                                    rightToLeft: run.rightToLeft, language: language, into: advances)
                            }
                            if measuresLineEnds {
                                addLineEndAdjustments(
                                    of: run, font: font, walls: walls, styleIndex: styleIndex, analysis: analysis,
                                    boundaries: boundaries!, scalars: scalars, advances: UnsafeBufferPointer(advances),
                                    buffer: buffer, segments: &segments, into: &lineEnds)
                            }
                        }
                }
            }
        }
        return lineEnds.adjustments
    }

    /// The run's advances segment by segment, each from the cache when shaped before; the
    /// segments never shaped are shaped together, a group at a time (``SegmentAdvanceCache/shapePending(in:joiner:into:shape:)``).
    private func shapeSegments(
        of run: ShapingRun, font: HarfBuzzFont, walls: GlyphWalls, styleIndex: Int,
        scalars: UnsafeBufferPointer<UInt32>, buffer: HarfBuzzBuffer, segments: inout SegmentAdvanceCache?,
        into advances: UnsafeMutableBufferPointer<Int32>
    ) {
        let shapePending = { (segments: inout SegmentAdvanceCache) in
            // Joined by a space where it is a wall; left to right only, since right to left
            // HarfBuzz may mirror a wall's own glyph.
            let joiner: UInt32? = !run.rightToLeft && walls.isWall(0x20) ? 0x20 : nil
            segments.shapePending(in: scalars, joiner: joiner, into: advances) { pieceScalars, out in
                buffer.shape(
                    pieceScalars, range: 0..<pieceScalars.count, font: font, script: run.script,
                    rightToLeft: run.rightToLeft, language: language, into: out)
            }
        }
        Self.forEachSegment(of: run.scalarRange, in: scalars, walls: walls) { piece in
            let pieceScalars = UnsafeBufferPointer(rebasing: scalars[piece])
            if piece.count == 1, SegmentAdvanceCache.keepsAlone(pieceScalars[0]) {
                advances[piece.lowerBound] = segments!.aloneAdvance(of: pieceScalars[0], styleIndex: styleIndex) {
                    // Left to right (right to left, HarfBuzz mirrors brackets), a wall shapes
                    // to its nominal glyph, which no lookup moves: its advance, unshaped.
                    !run.rightToLeft && walls.isWall(pieceScalars[0])
                        ? font.nominalAdvance(of: pieceScalars[0])
                        : shapeAlone(
                            pieceScalars, font: font, script: run.script, rightToLeft: run.rightToLeft, buffer: buffer)
                }
                return
            }
            segments!.copyOrDefer(piece, of: scalars, styleIndex: styleIndex, into: advances)
            if segments!.isPendingFull { shapePending(&segments!) }
        }
        if segments!.hasPending { shapePending(&segments!) }
    }

    /// The advance of the one scalar in `scalar`, shaped on its own.
    func shapeAlone(
        _ scalar: UnsafeBufferPointer<UInt32>, font: HarfBuzzFont, script: UInt32, rightToLeft: Bool,
        buffer: HarfBuzzBuffer
    ) -> Int32 {
        var alone: Int32 = 0
        withUnsafeMutablePointer(to: &alone) { out in
            buffer.shape(
                scalar, range: 0..<1, font: font, script: script, rightToLeft: rightToLeft, language: language,
                into: UnsafeMutableBufferPointer(start: out, count: 1))
        }
        return alone
    }

    /// The run cut on both sides of every wall: a wall is a segment of its own, and the
    /// characters between walls are one. A cut never falls where HarfBuzz continues a
    /// cluster: before a mark or other extending scalar, or after a ZWJ (HarfBuzz joins the
    /// pictograph after it to its cluster); so no segment starts with a continuation.
    static func forEachSegment(
        of run: Range<Int>, in scalars: UnsafeBufferPointer<UInt32>, walls: GlyphWalls, _ body: (Range<Int>) -> Void
    ) {
        var start = run.lowerBound
        var previousIsWall = walls.isWall(scalars[start])
        for index in (run.lowerBound + 1)..<run.upperBound {
            let isWall = walls.isWall(scalars[index])  // a wall never extends the character before it
            if (isWall || (previousIsWall && !isExtending(scalars[index]))) && scalars[index - 1] != 0x200D {
                body(start..<index)
                start = index
            }
            previousIsWall = isWall
        }
        body(start..<run.upperBound)
    }

    /// Scripts HarfBuzz 6 shapes with its default shaper, which ignores the text's context.
    static func shapesWithoutContext(_ script: UInt32) -> Bool {
        switch script {
        case HarfBuzzUnicode.common, HarfBuzzUnicode.latin, HarfBuzzUnicode.greek, HarfBuzzUnicode.cyrillic,
            HarfBuzzUnicode.han, HarfBuzzUnicode.hiragana, HarfBuzzUnicode.katakana:
            true
        default:
            false
        }
    }

    /// A nonspacing, spacing or enclosing mark: HarfBuzz puts a dotted circle before one
    /// that starts the text.
    private static func isMark(_ value: UInt32) -> Bool {
        guard value >= 0x300, !isKanaOrIdeograph(value), let scalar = Unicode.Scalar(value) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Kana, CJK punctuation and unified ideographs, less the marks among them (U+302A–302F,
    /// U+3099–309A): no property lookup for the scalars that start most Japanese runs.
    private static func isKanaOrIdeograph(_ value: UInt32) -> Bool {
        (0x3000...0x9FFF).contains(value) && !(0x302A...0x302F).contains(value) && !(0x3099...0x309A).contains(value)
    }

    /// A scalar that extends the grapheme cluster before it (marks, joiners, variation
    /// selectors, emoji modifiers: what HarfBuzz 6 marks as a cluster's continuation).
    private static func isExtending(_ value: UInt32) -> Bool {
        guard value >= 0x300, !isKanaOrIdeograph(value), let scalar = Unicode.Scalar(value) else { return false }
        return scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .spacingMark
            || value == 0x200D || (0x1F3FB...0x1F3FF).contains(value)
    }
}
