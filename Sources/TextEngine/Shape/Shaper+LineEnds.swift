// Kerning across a line break, as Pango 1.50 measures it: the text before a break shaped alone.

extension Shaper {
    /// For each line-break opportunity inside `run`, how much the advance of the cluster
    /// before it changes when that cluster ends the line; keyed by that cluster, zero
    /// changes left out (the Pango profile's `PreparedText/lineEndAdjustments`); `run` is
    /// shaped in `advances`, left to right, of a script shaped without context.
    ///
    /// Pango measures a candidate line with its run's text up to the break shaped on its
    /// own (`process_item` shapes the split item), so a kerning pair across the break
    /// (`に|す`, `っ|て` in Noto Sans CJK JP) does not count, where the text shaped whole
    /// puts the pair's adjustment on the first glyph. The cluster is shaped alone and
    /// compared with its advance in the text; only breaks between two characters the font
    /// does not prove independent (``GlyphWalls``) are looked at, in left-to-right runs of
    /// the scripts shaped without context. (Breaks inside a word too wide for the line are
    /// measured by re-shaping while lines are broken: ``LineReshaper``.)
    func addLineEndAdjustments(
        of run: ShapingRun, font: HarfBuzzFont, walls: GlyphWalls, styleIndex: Int?, analysis: TextAnalysis,
        boundaries: ScratchBuffer<Boundary>, scalars: UnsafeBufferPointer<UInt32>, advances: UnsafeBufferPointer<Int32>,
        buffer: HarfBuzzBuffer, segments: inout SegmentAdvanceCache?, into lineEnds: inout LineEnds
    ) {
        let firstCluster = Int(analysis.scalarClusters[run.scalarRange.lowerBound])
        let endCluster = run.scalarRange.upperBound == analysis.scalars.count
            ? analysis.clusterCount : Int(analysis.scalarClusters[run.scalarRange.upperBound])
        for boundary in (firstCluster + 1)..<max(firstCluster + 1, endCluster)
        where boundaries[boundary].contains(.lineBreak) {
            let before = Int(analysis.clusterScalarOffsets[boundary - 1])..<Int(analysis.clusterScalarOffsets[boundary])
            guard !walls.isWall(scalars[before.lowerBound]), !walls.isWall(scalars[before.upperBound]) else {
                continue
            }
            let piece = UnsafeBufferPointer(rebasing: scalars[before])
            let aloneWidth: Int32
            if piece.count == 1, let styleIndex, SegmentAdvanceCache.keepsAlone(piece[0]) {
                // Most clusters are one character: its advance alone, without hashing.
                aloneWidth = segments!.aloneAdvance(of: piece[0], styleIndex: styleIndex) {
                    shapeAlone(piece, font: font, script: run.script, rightToLeft: false, buffer: buffer)
                }
            } else {
                lineEnds.alone.removeAll(keepingCapacity: true)
                lineEnds.alone.append(contentsOf: repeatElement(0, count: before.count))
                lineEnds.alone.withUnsafeMutableBufferPointer { out in
                    // Named apart from `shapeAlone(_:…)`, which shapes one scalar.
                    let shapePiece = { (out: UnsafeMutableBufferPointer<Int32>) in
                        buffer.shape(
                            piece, range: 0..<piece.count, font: font, script: run.script, rightToLeft: false,
                            language: language, into: out)
                    }
                    if let styleIndex {
                        segments!.advances(of: piece, styleIndex: styleIndex, into: out, shape: shapePiece)
                    } else {
                        shapePiece(out)
                    }
                }
                aloneWidth = lineEnds.alone.reduce(0, +)
            }
            let change = aloneWidth - advances[before].reduce(0, +)
            if change != 0 { lineEnds.adjustments[Int32(boundary - 1)] = change }
        }
    }

    /// What ``addLineEndAdjustments`` builds over a text's runs.
    struct LineEnds {
        var adjustments: [Int32: Int32] = [:]
        /// A cluster's advances shaped alone (scratch).
        var alone: [Int32] = []
    }
}
