// The 4,096 words (or Japanese segments) that spell a unique title's record number.

/// The most frequent fragments of one language's real titles, 4,096 of them, each a digit
/// of a base-4,096 number.
///
/// Ordered by how often the titles use them (most first), ties by first appearance, so the
/// vocabulary is fixed by the titles and their order. No fragment contains a space or a
/// Japanese joiner (`の`, `と`, `・`), and no two are equal as Swift strings (canonical
/// equivalence included), which is what makes titles built from them unique.
struct CodeVocabulary {
    static let size = 1 << UniqueTitleCode.bitsPerDigit

    let fragments: [String]

    /// The vocabulary of `titles`, cut into candidate fragments by `fragments`.
    ///
    /// - Throws: ``CatalogGeneratorError/unusableSource(path:reason:)`` naming `sourceName`
    ///   when the titles hold fewer than 4,096 distinct fragments.
    init(titles: [String], sourceName: String, fragments: (String) -> [Substring])
        throws(CatalogGeneratorError)
    {
        var firstSeen: [String] = []
        var positionByFragment: [String: Int] = [:]
        var counts: [Int] = []
        for title in titles {
            for fragment in fragments(title) {
                let text = String(fragment)
                if let position = positionByFragment[text] {
                    counts[position] += 1
                } else {
                    positionByFragment[text] = firstSeen.count
                    firstSeen.append(text)
                    counts.append(1)
                }
            }
        }
        guard firstSeen.count >= Self.size else {
            throw .unusableSource(
                path: sourceName,
                reason: "unique titles need \(Self.size) distinct title words, it has \(firstSeen.count)")
        }
        let byFrequency = firstSeen.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        self.fragments = byFrequency.prefix(Self.size).map { firstSeen[$0] }
    }

    /// English words of goodbooks titles.
    static func english(titles: [String]) throws(CatalogGeneratorError) -> CodeVocabulary {
        try CodeVocabulary(titles: titles, sourceName: SourceCatalogs.englishFileName) {
            TitleFragments.englishWords(of: $0)
        }
    }

    /// Kanji or katakana runs of 2–4 characters of Aozora titles.
    static func japanese(titles: [String]) throws(CatalogGeneratorError) -> CodeVocabulary {
        try CodeVocabulary(titles: titles, sourceName: SourceCatalogs.japaneseFileName) { title in
            JapaneseScript.runs(of: title).compactMap { run in
                (run.script == .kanji || run.script == .katakana) && (2...4).contains(run.text.unicodeScalars.count)
                    ? run.text : nil
            }
        }
    }
}
