// What a catalog run counted: cards, heights, title lines, truncation, errors, caches, time.
import CardModel
import TextEngine

/// The figures of a catalog run a person wants to know afterwards.
public struct CardRunStatistics: Sendable {
    public internal(set) var measured = 0
    public internal(set) var failed = 0
    /// How many cards had each height.
    public var heights: [Double: Int] { heightTally.counts }
    /// How many titles took each number of lines.
    public var titleLines: [Int: Int] { titleLineTally.counts }
    private var heightTally = Tally<Double>()
    private var titleLineTally = Tally<Int>()
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
        heightTally.add(card.size.height)
        titleLineTally.add(card.titleLineCount)
        if card.isTitleTruncated { truncated += 1 }
        if card.titleMinimumSlack < 0.5 { nearTies += 1 }
        if card.missingGlyphCount > 0 { missingGlyphCards += 1 }
    }
}

/// Counts of values of which a catalog has few (card heights, line counts): the first few
/// are counted in a short list searched in order, the rest in a dictionary. Two dictionary
/// updates per card, each hashing its key, cost more than the rest of a card's bookkeeping.
struct Tally<Key: Hashable & Sendable>: Sendable {
    private var few: [(key: Key, count: Int)] = []
    private var more: [Key: Int] = [:]
    private static var fewCapacity: Int { 16 }

    mutating func add(_ key: Key) {
        if let index = few.firstIndex(where: { $0.key == key }) {
            few[index].count += 1
        } else if few.count < Self.fewCapacity {
            few.append((key, 1))
        } else {
            more[key, default: 0] += 1
        }
    }

    /// Each value and how often it was added.
    var counts: [Key: Int] {
        var counts = more
        for (key, count) in few { counts[key, default: 0] += count }
        return counts
    }
}
