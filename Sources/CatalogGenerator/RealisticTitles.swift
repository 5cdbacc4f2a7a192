// Realistic titles: real titles repeated as they are, some with a volume number.

/// Makes the titles of the `realistic` mode from drawn books.
struct RealisticTitles {
    /// One record in this many carries a volume number.
    static let volumeOneIn = 10
    /// The volume numbers given.
    static let volumeNumbers = 2...13

    /// Each English book's title up to its series number, by rank.
    private let englishSeriesStems: [String]

    init(englishBooks: BookPool) {
        englishSeriesStems = englishBooks.books.map { Self.seriesStem(of: $0.title) }
    }

    /// The title of the book of `rank`, or one time in ``volumeOneIn`` the title of another
    /// volume of it.
    func title(
        rank: Int, in pool: BookPool, language: GeneratedRecord.Language, using random: inout SplitMix64
    ) -> String {
        guard random.chance(1, in: Self.volumeOneIn) else { return pool.books[rank].title }
        let volume = Self.volumeNumbers.lowerBound + random.index(below: Self.volumeNumbers.count)
        switch language {
        case .english: return englishSeriesStems[rank] + String(volume) + ")"
        case .japanese: return pool.books[rank].title + " 第" + String(volume) + "巻"
        }
    }

    /// The title up to its series number, `Catching Fire (The Hunger Games, #`; for a title
    /// outside a series, the title as its own series, `Dune (Dune, #`, as Goodreads writes a
    /// series named after its first book.
    static func seriesStem(of title: String) -> String {
        if title.hasSuffix(")"), let number = title.ranges(of: ", #").last,
            title[..<number.lowerBound].contains("(" as Character)
        {
            return String(title[..<number.upperBound])
        }
        return title + " (" + title + ", #"
    }
}
