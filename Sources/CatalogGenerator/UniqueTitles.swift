// Unique titles: real title openings followed by three code words that spell the record's number.

/// Makes the titles of the `unique` mode: every title distinct, by construction.
///
/// A title is an optional opening taken from a real title, then the three words of the
/// record's ``UniqueTitleCode`` digits, separated from each other and from the opening by
/// joiners (a space in English; `の`, `と` or `・` in Japanese). Joiners never occur inside
/// code words, so the last three pieces of a title, split at joiners, are its code words:
/// two titles can only be equal if their record numbers are.
struct UniqueTitles {
    /// At most this many words of a real English title open a unique one.
    static let maximumEnglishOpeningWords = 5
    static let japaneseJoiners = ["の", "と", "・"]

    private let code: UniqueTitleCode
    private let englishWords: CodeVocabulary
    private let japaneseSegments: CodeVocabulary
    /// Each English book's openings of 1 to 5 words (fewer for shorter titles), by rank:
    /// rank `r`'s opening of `n` words is at `r * 5 + n - 1` (one flat array, to spare a
    /// memory access per title).
    private let englishOpenings: [String]
    /// Each Japanese book's first script run, or `nil` when it is not kana or kanji, by rank.
    private let japaneseOpenings: [String?]

    init(englishBooks: BookPool, japaneseBooks: BookPool, seed: UInt64) throws(CatalogGeneratorError) {
        code = UniqueTitleCode(seed: seed)
        englishWords = try .english(titles: englishBooks.books.map(\.title))
        japaneseSegments = try .japanese(titles: japaneseBooks.books.map(\.title))
        englishOpenings = englishBooks.books.flatMap { book in
            (1...Self.maximumEnglishOpeningWords).map {
                String(TitleFragments.leadingEnglishWords(of: book.title, count: $0))
            }
        }
        japaneseOpenings = japaneseBooks.books.map { book in
            JapaneseScript.runs(of: book.title).first.flatMap { $0.script == .other ? nil : String($0.text) }
        }
    }

    /// The title of record `number` (0-based), opened with words of the book of `rank`.
    ///
    /// - Parameter scratch: a buffer to assemble the title's bytes in, reused between titles
    ///   so that a title costs one allocation, its `String`.
    func title(
        number: Int, openingRank rank: Int, language: GeneratedRecord.Language, using random: inout SplitMix64,
        scratch: inout [UInt8]
    ) -> String {
        let words = language == .english ? englishWords.fragments : japaneseSegments.fragments
        let (first, second, third) = code.digits(of: number)
        scratch.removeAll(keepingCapacity: true)
        if let opening = opening(rank: rank, language: language, using: &random) {
            scratch.append(contentsOf: opening.utf8)
            scratch.append(contentsOf: joiner(language, using: &random).utf8)
        }
        scratch.append(contentsOf: words[first].utf8)
        scratch.append(contentsOf: joiner(language, using: &random).utf8)
        scratch.append(contentsOf: words[second].utf8)
        scratch.append(contentsOf: joiner(language, using: &random).utf8)
        scratch.append(contentsOf: words[third].utf8)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The first 0 to 5 words of an English title, or half the time the first script run of
    /// a Japanese one; `nil` for none.
    private func opening(rank: Int, language: GeneratedRecord.Language, using random: inout SplitMix64)
        -> String?
    {
        switch language {
        case .english:
            let wordCount = random.index(below: Self.maximumEnglishOpeningWords + 1)
            guard wordCount > 0 else { return nil }
            let opening = englishOpenings[rank * Self.maximumEnglishOpeningWords + wordCount - 1]
            return opening.isEmpty ? nil : opening
        case .japanese:
            return random.chance(1, in: 2) ? japaneseOpenings[rank] : nil
        }
    }

    private func joiner(_ language: GeneratedRecord.Language, using random: inout SplitMix64) -> String {
        switch language {
        case .english: " "
        case .japanese: Self.japaneseJoiners[random.index(below: Self.japaneseJoiners.count)]
        }
    }
}
