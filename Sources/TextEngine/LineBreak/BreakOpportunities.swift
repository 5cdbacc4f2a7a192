// Break opportunities: where UAX #14, as ICU tailors it for the language, allows a line to end.

/// The break opportunity before a cluster boundary.
enum BreakKind: UInt8, Sendable {
    case none = 0
    /// A line may end here.
    case allowed = 1
    /// A line must end here (after a line or paragraph separator).
    case mandatory = 2
}

/// Finds break opportunities with ICU's line-break iterator.
struct BreakOpportunities {
    /// The break kind at each cluster boundary `0...clusterCount`; boundary 0 is `.none`, and
    /// the end of the text is `.allowed` unless a separator makes it mandatory. ICU reports
    /// UTF-16 offsets; an offset that falls inside a grapheme cluster is dropped.
    static func find(in analysis: TextAnalysis, breaker: ICULineBreaker) -> [BreakKind] {
        var breaks = [BreakKind](repeating: .none, count: analysis.clusterCount + 1)
        guard !analysis.scalars.isEmpty else { return breaks }
        var utf16: [UInt16] = []
        var utf16ToScalar: [Int32] = []
        utf16.reserveCapacity(analysis.scalars.count + 8)
        utf16ToScalar.reserveCapacity(analysis.scalars.count + 8)
        for (index, value) in analysis.scalars.enumerated() {
            for unit in Unicode.Scalar(value)!.utf16 {
                utf16.append(unit)
                utf16ToScalar.append(Int32(index))
            }
        }
        utf16ToScalar.append(Int32(analysis.scalars.count))
        utf16.withUnsafeBufferPointer { text in
            breaker.forEachBreak(in: text) { offset, mandatory in
                let scalar = Int(utf16ToScalar[offset])
                let cluster = scalar == analysis.scalars.count
                    ? analysis.clusterCount : Int(analysis.scalarClusters[scalar])
                guard Int(analysis.clusterScalarOffsets[cluster]) == scalar else { return }
                breaks[cluster] = mandatory ? .mandatory : .allowed
            }
        }
        // ICU reports a break after a trailing separator as mandatory; the plain end of
        // the text is only where the last line ends.
        if breaks[analysis.clusterCount] == .none { breaks[analysis.clusterCount] = .allowed }
        return breaks
    }
}
