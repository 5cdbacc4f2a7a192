// Shaping turns each run into glyph advances with HarfBuzz, per scalar.

/// Shapes a text's runs with HarfBuzz.
///
/// Every run is shaped whole. A cache of word widths across texts (as pretext and Blink
/// keep) was measured and left out: to stay exact it may only join words whose edges
/// HarfBuzz marks safe to concatenate, and in title-case catalogs nearly every run has a
/// kerned capital whose edge is marked unsafe, so the runs were shaped whole anyway.
struct Shaper {
    let fonts: [HarfBuzzFont]
    let language: OpaquePointer?

    /// Fills `scalarAdvances` with each scalar's advance in font units (1/1024 px).
    ///
    /// Each run is shaped with the whole text as context (so joining and kerning see the
    /// neighbours). A glyph's advance goes to the scalar HarfBuzz assigns it to: a ligature
    /// across clusters counts towards its first cluster.
    func shape(_ analysis: TextAnalysis, buffer: HarfBuzzBuffer, into scalarAdvances: inout [Int32]) {
        scalarAdvances.removeAll(keepingCapacity: true)
        scalarAdvances.append(contentsOf: repeatElement(0, count: analysis.scalars.count))
        analysis.scalars.withUnsafeBufferPointer { scalars in
            scalarAdvances.withUnsafeMutableBufferPointer { advances in
                for run in analysis.runs {
                    buffer.shape(
                        scalars, range: run.scalarRange, font: fonts[run.font], script: run.script,
                        rightToLeft: run.rightToLeft, language: language, into: advances)
                }
            }
        }
    }
}
