// Break opportunities: where UAX #14, as ICU tailors it for the language, allows a line to
// end, and where a break between clusters would need a hyphen.

/// What a cluster boundary allows.
struct Boundary: OptionSet, Sendable {
    let rawValue: UInt8
    /// A line may end here (a UAX #14 break opportunity).
    static let lineBreak = Boundary(rawValue: 1)
    /// A line must end here (after a line or paragraph separator).
    static let mandatory = Boundary(rawValue: 2)
    /// Breaking a too-long word here inserts a hyphen in the Pango profile: inside a word of
    /// an alphabetic script, as Pango 1.50's `break_inserts_hyphen` marks it.
    static let hyphenates = Boundary(rawValue: 4)
}

/// Finds break opportunities with ICU's line-break iterator.
struct BreakOpportunities {
    /// The flags of each cluster boundary `0...clusterCount`. The end of the text is always a
    /// line break. ICU reports UTF-16 offsets; one that falls inside a grapheme cluster is
    /// dropped.
    static func find(in analysis: TextAnalysis, breaker: ICULineBreaker) -> [Boundary] {
        var boundaries = [Boundary](repeating: [], count: analysis.clusterCount + 1)
        guard !analysis.scalars.isEmpty else { return boundaries }
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
                boundaries[cluster].insert(mandatory ? [.lineBreak, .mandatory] : .lineBreak)
            }
        }
        boundaries[analysis.clusterCount].insert(.lineBreak)
        markHyphenation(in: analysis, &boundaries)
        return boundaries
    }

    /// Pango inserts a hyphen when it breaks between two word characters (no word boundary)
    /// whose first is of an alphabetic script: not Common, Han, Hangul, Hiragana or Katakana.
    private static func markHyphenation(in analysis: TextAnalysis, _ boundaries: inout [Boundary]) {
        var previousIsAlphabetic = false
        for cluster in 0..<analysis.clusterCount {
            let isWordCharacter = analysis.clusterFlags[cluster].contains(.wordCharacter)
            if previousIsAlphabetic, isWordCharacter, !boundaries[cluster].contains(.lineBreak) {
                boundaries[cluster].insert(.hyphenates)
            }
            let script = analysis.scalarScripts[Int(analysis.clusterScalarOffsets[cluster])]
            previousIsAlphabetic = isWordCharacter && !HarfBuzzUnicode.isCommonOrCJK(script: script)
        }
    }
}
