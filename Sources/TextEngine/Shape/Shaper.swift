// Shaping turns each run into glyph advances with HarfBuzz, summed per grapheme cluster.

/// Shapes a text's runs with HarfBuzz and measures each cluster.
struct Shaper {
    let fonts: [HarfBuzzFont]
    let language: OpaquePointer?

    /// The running sum of cluster advances, in font units (1/1024 px): element `i` is the
    /// width of clusters `0..<i`, so any span's width is one subtraction.
    ///
    /// Each run is shaped with the whole text as context (so joining and kerning see the
    /// neighbours). A glyph's advance goes to the cluster of the scalar HarfBuzz assigns it
    /// to: a ligature across clusters counts towards its first cluster.
    func advancePrefix(of analysis: TextAnalysis, buffer: HarfBuzzBuffer) -> [Int64] {
        var scalarAdvances = [Int32](repeating: 0, count: analysis.scalars.count)
        analysis.scalars.withUnsafeBufferPointer { scalars in
            for run in analysis.runs {
                buffer.shape(
                    scalars, range: run.scalarRange, font: fonts[run.font], script: run.script,
                    rightToLeft: run.rightToLeft, language: language, into: &scalarAdvances)
            }
        }
        var prefix = [Int64](repeating: 0, count: analysis.clusterCount + 1)
        var total: Int64 = 0
        for cluster in 0..<analysis.clusterCount {
            let scalars = Int(analysis.clusterScalarOffsets[cluster])..<Int(analysis.clusterScalarOffsets[cluster + 1])
            for scalar in scalars { total += Int64(scalarAdvances[scalar]) }
            prefix[cluster + 1] = total
        }
        return prefix
    }
}
