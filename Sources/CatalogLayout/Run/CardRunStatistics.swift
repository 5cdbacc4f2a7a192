// What a catalog run counted: cards, heights, title lines, truncation, errors, caches, time.
import CardModel
import TextEngine

/// The figures of a catalog run a person wants to know afterwards.
public struct CardRunStatistics: Sendable {
    public internal(set) var measured = 0
    public internal(set) var failed = 0
    /// How many cards had each height.
    public internal(set) var heights: [Double: Int] = [:]
    /// How many titles took each number of lines.
    public internal(set) var titleLines: [Int: Int] = [:]
    public internal(set) var truncated = 0
    /// Titles whose break decision was within half a point of going the other way.
    public internal(set) var nearTies = 0
    /// Cards with characters no font has (measured as `.notdef` boxes).
    public internal(set) var missingGlyphCards = 0
    /// Records read over several lines (a quoted field with line breaks, or a stray `"` that
    /// joined lines), and the line the first starts on.
    public internal(set) var multilineRecords = 0
    public internal(set) var firstMultilineRecordLine: Int?
    /// From the first batch read to the last handed on.
    public internal(set) var elapsed = Duration.zero
    /// The caches at the end of the run, where the measurer has them.
    public internal(set) var cardCache: TextMeasurer.CacheStatistics?
    public internal(set) var measurementCache: TextMeasurer.CacheStatistics?
    public internal(set) var preparedTextCache: TextMeasurer.CacheStatistics?

    public init() {}

    /// Records and their results, cards plus errors.
    public var records: Int { measured + failed }

    mutating func noteMultilineRecords(at lines: [Int]) {
        guard let first = lines.first else { return }
        multilineRecords += lines.count
        if firstMultilineRecordLine == nil { firstMultilineRecordLine = first }
    }

    mutating func add(_ card: CardMeasurement) {
        measured += 1
        heights[card.size.height, default: 0] += 1
        titleLines[card.titleLineCount, default: 0] += 1
        if card.isTitleTruncated { truncated += 1 }
        if card.titleMinimumSlack < 0.5 { nearTies += 1 }
        if card.missingGlyphCount > 0 { missingGlyphCards += 1 }
    }
}
