// A catalog run: every record's card measured, in input order, on every core.
import CardModel
import CatalogIO
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Measures the card of every record of a catalog and hands the outcomes on in input order,
/// batch by batch, counting what a person wants to know afterwards.
///
/// Three stages overlap, each on its own thread, with at most two batches waiting between
/// them: reading and parsing (making each record's card there too); measuring a batch's
/// cards on `threads` threads at once; and, on the caller's thread, checking the outcomes in
/// input order and handing them to the caller. The outcomes are the same for any number of
/// threads, and memory is bounded by the batches, whatever the catalog's size.
///
/// ```swift
/// var run = CatalogCardRun(
///     reader: try CatalogReader(path: "Catalogs/goodbooks-10k.csv"), cards: CatalogCardMaker(),
///     measurer: measurer, widths: CardWidths(uniform: 127))
/// try run.run { outcomes in for case .card(let id, _, let card) in outcomes { print(id, card.size.height) } }
/// run.statistics.measured
/// ```
public struct CatalogCardRun: Sendable {
    public let measurer: CardMeasurer
    public let widths: CardWidths
    /// Threads that measure cards at once.
    public let threads: Int
    private let records: HandedOver<BatchReader>
    public private(set) var statistics = CardRunStatistics()

    /// Records read and measured together by default: large enough to keep every thread
    /// busy, small enough that memory does not grow with the catalog.
    public static let defaultBatchSize = 4096

    /// A run over the records `reader` has left, which it reads on a thread of its own.
    ///
    /// - Parameters:
    ///   - reader: the catalog, read from where it stands.
    ///   - cards: makes each record's card (its language and cover size).
    ///   - measurer: measures the cards.
    ///   - widths: each card's width, from its section of the layout.
    ///   - threads: threads that measure cards (default: every core).
    ///   - batchSize: records read and measured together.
    ///   - reading: given each record as it is read, in input order, on the reading thread
    ///     (what keeps a catalog's records while it is laid out, so it is read once).
    public init(
        reader: sending CatalogReader, cards: CatalogCardMaker, measurer: CardMeasurer, widths: CardWidths,
        threads: Int? = nil, batchSize: Int = defaultBatchSize, reading: RecordTap? = nil
    ) {
        self.measurer = measurer
        self.widths = widths
        self.threads = max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount)
        records = HandedOver(BatchReader(reader: reader, cards: cards, batchSize: max(1, batchSize), reading: reading))
    }

    /// What is given each record of a run as it is read.
    public typealias RecordTap = @Sendable (Result<CatalogRecord, CatalogError>) -> Void

    /// Calls `body` with the outcomes of each batch of records, in input order. A card whose
    /// place moved because a card before it failed to measure is measured again when its
    /// place's width differs, so any thread count gives the sequential answer.
    ///
    /// Throws what `body` throws, which ends the run.
    public mutating func run(_ body: ([CardOutcome]) throws -> Void) throws {
        let started = ContinuousClock.now
        let parsed = ReadAhead(depth: 2) { [records] in records.use { $0.next() } }
        let measured = ReadAhead(depth: 2) { [measurer, widths, threads] in
            parsed.next().map { $0.measured(with: measurer, widths: widths, threads: threads) }
        }
        defer {
            measured.cancel()
            parsed.cancel()
        }
        while let batch = measured.next() {
            try body(outcomes(of: batch))
        }
        statistics.elapsed = ContinuousClock.now - started
        statistics.cardCache = measurer.cardCacheStatistics
        statistics.measurementCache = measurer.textMeasurer.measurementCacheStatistics
        statistics.preparedTextCache = measurer.textMeasurer.cacheStatistics
    }

    /// The batch's outcomes in input order, counted.
    private mutating func outcomes(of batch: CardBatch) -> [CardOutcome] {
        var outcomes: [CardOutcome] = []
        outcomes.reserveCapacity(batch.entries.count)
        var card = 0
        statistics.noteMultilineRecords(at: batch.multilineRecordLines)
        for entry in batch.entries {
            switch entry {
            case .unreadable(let error):
                statistics.failed += 1
                outcomes.append(.failure(error))
            case .card(let line):
                let result = settled(
                    batch.cards[card], measured: batch.measured[card], plannedPlace: batch.firstPlace + card)
                switch result {
                case .success(let measurement): statistics.add(measurement)
                case .failure: statistics.failed += 1
                }
                outcomes.append(CardOutcome(card: batch.cards[card], line: line, measured: result))
                card += 1
            }
        }
        return outcomes
    }

    /// The card's measurement at its place's width: the one made in parallel when the card
    /// kept the place it was planned at (or one as wide), else measured again.
    private func settled(
        _ card: CardRecord, measured: Result<CardMeasurement, CardModelError>, plannedPlace: Int
    ) -> Result<CardMeasurement, CardModelError> {
        let place = statistics.measured
        if place == plannedPlace || widths.width(forCard: place) == widths.width(forCard: plannedPlace) {
            return measured
        }
        return Result { () throws(CardModelError) in
            try measurer.measure(record: card, width: widths.width(forCard: place), withFrames: false)
        }
    }
}

/// Reads records into batches on the reading thread, making their cards there too and
/// numbering the cards.
private struct BatchReader {
    let reader: CatalogReader
    let cards: CatalogCardMaker
    let batchSize: Int
    let reading: CatalogCardRun.RecordTap?
    var cardsBefore = 0

    mutating func next() -> CardBatch? {
        var batch = CardBatch(firstPlace: cardsBefore)
        batch.entries.reserveCapacity(batchSize)
        while batch.entries.count < batchSize, let record = reader.next() {
            reading?(record)
            switch record {
            case .success(let record):
                batch.entries.append(.card(line: record.line))
                if record.lastLine > record.line { batch.multilineRecordLines.append(record.line) }
                batch.cards.append(cards.card(for: record))  // the record's last use: its strings move
                cardsBefore += 1
            case .failure(let error):
                batch.entries.append(.unreadable(ErrorRecord(error)))
            }
            // A co-process's writer waits for these answers before it sends more.
            if reader.isWaitingForInput { break }
        }
        return batch.entries.isEmpty ? nil : batch
    }
}
