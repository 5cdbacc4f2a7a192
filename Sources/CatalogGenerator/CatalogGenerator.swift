// The catalog generator: catalogs of any size, made deterministically from the real ones.

/// Writes catalogs of any size, from one record to hundreds of millions, made only from the
/// real catalogs in `Catalogs/`, the same bytes for the same mode and seed on every machine.
///
/// Every record is English (60%: title and author from goodbooks-10k) or Japanese (40%:
/// from Aozora Bunko), and has a real cover size drawn uniformly from `cover-sizes.csv`, so
/// sizes are as common as they are among real thumbnails. Records start from a book drawn
/// by popularity: the book of popularity rank *r* (1 = most popular) is drawn with weight
/// 1/(*r* + 10), a Zipf–Mandelbrot law. English ranks follow goodbooks' own order (most-rated
/// first); Japanese ranks are a shuffle of Aozora's books by the seed. The author is the
/// drawn book's real author. How titles are made depends on the mode:
///
/// - term `realistic`: **repeated** real titles. Nine records in ten carry the drawn book's
///   title unchanged; one in ten carries it with a volume number from 2 to 13: English
///   `(Series, #7)` (the book's own series, or the title as its series name, as Goodreads
///   writes a series named after its first book), Japanese ` 第7巻`. The 1% most popular
///   books (about 250) make up about a third of the records, and about three records in
///   four repeat a title already seen at 100,000 records (over nine in ten at a million):
///   a prepared-text cache hits often.
/// - term `unique`: **recombined words**, every title distinct. An English title is the
///   first 0 to 5 words of the drawn book's title (before any series suffix), then three
///   words from the 4,096 most frequent words of goodbooks titles: 3 to 8 words. A Japanese
///   title is, half the time, the first script run of the drawn book's title, then three
///   segments from the 4,096 most frequent kanji or katakana runs (2 to 4 characters) of
///   Aozora titles, joined with `の`, `と` or `・`. The three words spell the record's number,
///   scrambled by a seeded bijection on 36 bits and read as three base-4,096 digits, so no
///   two titles are equal: by construction, with no set of titles in memory. A cache sees
///   each title once.
///
/// Determinism: all randomness comes from one SplitMix64 stream seeded with the seed, used in
/// integer and plain IEEE arithmetic only; nothing depends on locale, hashing order or the
/// standard library's random algorithms. The first *N* records of a larger catalog are the
/// catalog of *N* records with the same mode and seed.
///
/// ```swift
/// let generator = try CatalogGenerator(sources: SourceCatalogs(), mode: .realistic, seed: 1)
/// let output = try OutputFile(path: "books.csv")
/// try generator.write(recordCount: 1_000_000, to: output, format: .csv)
/// try output.commit()
/// ```
///
/// - Complexity: O(1) time and memory per record; memory holds only the source catalogs.
public struct CatalogGenerator: Sendable {
    /// How titles are made; see ``CatalogGenerator``.
    public enum Mode: String, Sendable, CaseIterable {
        /// Real titles, repeated with a Zipf-like popularity, some with a volume number.
        case realistic
        /// Every title distinct: real title openings and recombined words.
        case unique

        /// The mode called `name`.
        ///
        /// - Throws: ``CatalogGeneratorError/unknownMode(_:)`` for any other name.
        public init(parsing name: String) throws(CatalogGeneratorError) {
            guard let mode = Mode(rawValue: name) else { throw .unknownMode(name) }
            self = mode
        }
    }

    /// The most records a catalog may have: as many as nine-digit ids can number.
    public static let maximumRecordCount = 999_999_999
    static let idDigitCount = 9
    /// Japanese records per ``languageMixDenominator``: 2 in 5, 40%.
    static let japaneseRecordsPerMix = 2
    static let languageMixDenominator = 5

    public let mode: Mode
    public let seed: UInt64
    let englishBooks: BookPool
    let japaneseBooks: BookPool
    let coverSizes: [SourceCatalogs.CoverSize]
    /// How titles are made: ``Mode``'s maker, with what it prepared from the sources.
    let titles: TitleMaker

    /// The title makers of the modes.
    enum TitleMaker {
        case realistic(RealisticTitles)
        case unique(UniqueTitles)
    }

    /// A generator of catalogs made from `sources` in `mode`.
    ///
    /// - Throws: ``CatalogGeneratorError/unusableSource(path:reason:)`` in the `unique` mode
    ///   when a source's titles hold fewer than 4,096 distinct words.
    public init(sources: SourceCatalogs, mode: Mode, seed: UInt64) throws(CatalogGeneratorError) {
        self.mode = mode
        self.seed = seed
        var shuffle = SplitMix64(seed: seed ^ 0x6A61_7261_6E6B_7321)  // "jaranks!"
        englishBooks = BookPool(rankedBooks: sources.englishBooks)
        japaneseBooks = BookPool(shuffling: sources.japaneseBooks, using: &shuffle)
        coverSizes = sources.coverSizes
        titles =
            switch mode {
            case .realistic: .realistic(RealisticTitles(englishBooks: englishBooks))
            case .unique:
                .unique(try UniqueTitles(englishBooks: englishBooks, japaneseBooks: japaneseBooks, seed: seed))
            }
    }

    /// The catalog's first `count` records, generated one at a time as they are iterated.
    ///
    /// - Throws: ``CatalogGeneratorError/recordCountOutOfRange(_:)`` unless `count` is 0 to
    ///   ``maximumRecordCount``.
    public func records(count: Int) throws(CatalogGeneratorError) -> GeneratedRecords {
        guard (0...Self.maximumRecordCount).contains(count) else { throw .recordCountOutOfRange(count) }
        return GeneratedRecords(generator: self, count: count)
    }

    /// Record `number` (0-based), drawing from `random`, which must have made every record
    /// before it; `scratch` is a buffer reused between records.
    func record(number: Int, using random: inout SplitMix64, scratch: inout [UInt8]) -> GeneratedRecord {
        let isJapanese = random.chance(Self.japaneseRecordsPerMix, in: Self.languageMixDenominator)
        let language: GeneratedRecord.Language = isJapanese ? .japanese : .english
        let books = isJapanese ? japaneseBooks : englishBooks
        let rank = books.drawRank(using: &random)
        let title =
            switch titles {
            case .realistic(let realistic):
                realistic.title(rank: rank, in: books, language: language, using: &random)
            case .unique(let unique):
                unique.title(
                    number: number, openingRank: rank, language: language, using: &random, scratch: &scratch)
            }
        return GeneratedRecord(
            id: GeneratedRecord.id(number: number + 1), title: title, author: books.books[rank].author,
            language: language, coverSize: coverSizes[random.index(below: coverSizes.count)])
    }
}

/// A generated catalog's records, in order, made as they are iterated; single-pass.
public struct GeneratedRecords: Sequence, IteratorProtocol {
    private let generator: CatalogGenerator
    private let count: Int
    private var random: SplitMix64
    private var nextNumber = 0
    private var scratch: [UInt8] = []

    init(generator: CatalogGenerator, count: Int) {
        self.generator = generator
        self.count = count
        random = SplitMix64(seed: generator.seed)
    }

    public mutating func next() -> GeneratedRecord? {
        guard nextNumber < count else { return nil }
        defer { nextNumber += 1 }
        return generator.record(number: nextNumber, using: &random, scratch: &scratch)
    }
}
