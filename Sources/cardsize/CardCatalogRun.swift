// Reading a catalog and measuring every record's card: the first half of measure and layout.
import CardModel
import CatalogIO
import Foundation

/// One input record's outcome: its card, or the error record that stands for it.
enum CardOutcome {
    case card(record: CardRecord, measurement: CardMeasurement)
    case failure(OutputRecord)
}

/// Measures the card of every record of a catalog, in input order, counting what a person
/// wants to know afterwards.
///
/// Records are read in batches; a batch's cards are measured on all threads at once, then
/// handed on in input order, so the output is the same bytes for any number of threads and
/// memory is bounded by the batch, whatever the catalog's size.
struct CardCatalogRun {
    let catalog: CatalogOptions
    let measurer: CardMeasurer
    /// The width to measure the n-th card at (n counts the cards, not the failed records).
    let cellWidth: (Int) throws -> Double
    private let covers: CoverSizes?
    private(set) var summary = CardSummary()

    /// Records read and measured together: large enough to keep every thread busy, small
    /// enough that memory does not grow with the catalog.
    static let batchSize = 4096

    init(catalog: CatalogOptions, measurer: CardMeasurer, cellWidth: @escaping (Int) throws -> Double) throws {
        self.catalog = catalog
        self.measurer = measurer
        self.cellWidth = cellWidth
        covers = try catalog.coverSizes.map(CoverSizes.init(path:))
    }

    init(catalog: CatalogOptions, measurer: CardMeasurer, cellWidth: Double) throws {
        try self.init(catalog: catalog, measurer: measurer) { _ in cellWidth }
    }

    /// A batch of input records and the cards made of the readable ones, read ahead of
    /// the batch being measured.
    private struct Batch: Sendable {
        var records: [Result<CatalogRecord, CatalogError>] = []
        var cards: [CardRecord?] = []
    }

    /// Calls `body` with each record's outcome, in input order.
    mutating func run(_ body: (CardOutcome) throws -> Void) throws {
        try runBatches { outcomes in
            for outcome in outcomes { try body(outcome) }
        }
    }

    /// Calls `body` with the outcomes of each batch of records, in input order.
    mutating func runBatches(_ body: ([CardOutcome]) throws -> Void) throws {
        var progress = Progress(label: "cards")
        let started = ContinuousClock.now
        let batches = ReadAhead(depth: 2, produce: try batchReader())
        defer { batches.cancel() }
        while let batch = batches.next() {
            let outcomes = try outcomes(of: batch)
            try body(outcomes)
            progress.tick(by: outcomes.count)
        }
        progress.finish()
        summary.elapsed = ContinuousClock.now - started
        summary.cardCache = measurer.cardCacheStatistics
        summary.measurementCache = measurer.textMeasurer.measurementCacheStatistics
        summary.preparedTextCache = measurer.textMeasurer.cacheStatistics
    }

    /// Reads the next batch of records on the read-ahead thread, making their cards there too.
    private func batchReader() throws -> @Sendable () -> Batch? {
        let reader = UncheckedSendable(value: try catalog.reader())
        let makeCard = catalog.cardMaker(covers: covers)
        return {
            var batch = Batch()
            batch.records.reserveCapacity(Self.batchSize)
            while batch.records.count < Self.batchSize, let record = reader.value.next() { batch.records.append(record) }
            guard !batch.records.isEmpty else { return nil }
            batch.cards = batch.records.map { try? $0.get() }.map { $0.map(makeCard) }
            return batch
        }
    }

    /// The batch's outcomes in order: cards measured in parallel at the widths their places
    /// would give them, then checked in order (a card whose place moved because a record
    /// before it failed is measured again at its own width, so any thread count gives the
    /// sequential answer).
    private mutating func outcomes(of batch: Batch) throws -> [CardOutcome] {
        let cards = batch.cards
        // Each card's place among the cards, assuming every card of the batch is measured.
        var places: [Int] = []
        var widths: [Double] = []
        var next = summary.measured
        for card in cards {
            places.append(next)
            widths.append(card == nil ? 0 : try cellWidth(next))  // a bad layout option ends the run
            if card != nil { next += 1 }
        }
        let measured = measureInParallel(cards, widths: widths)
        var outcomes: [CardOutcome] = []
        outcomes.reserveCapacity(cards.count)
        for (position, record) in batch.records.enumerated() {
            outcomes.append(try outcome(of: record, card: cards[position], assumedPlace: places[position], measured[position]))
        }
        return outcomes
    }

    private mutating func outcome(
        of record: Result<CatalogRecord, CatalogError>, card: CardRecord?, assumedPlace: Int,
        _ measured: Result<CardMeasurement, CardModelError>?
    ) throws -> CardOutcome {
        switch record {
        case .failure(let error):
            summary.failed += 1
            return .failure(.error(id: error.recordID, line: error.line, field: error.field, message: error.message))
        case .success(let record):
            let card = card!
            let width = summary.measured == assumedPlace ? nil : try cellWidth(summary.measured)
            let result = width.map { width in
                Result { () throws(CardModelError) in try measurer.measure(record: card, width: width, withFrames: false) }
            } ?? measured!
            switch result {
            case .success(let measurement):
                summary.add(measurement)
                return .card(record: card, measurement: measurement)
            case .failure(let error):
                summary.failed += 1
                return .failure(.error(id: record.id, line: record.line, field: error.field, message: error.description))
            }
        }
    }

    /// Each card measured at its width, spread over the threads.
    private func measureInParallel(_ cards: [CardRecord?], widths: [Double]) -> [Result<CardMeasurement, CardModelError>?] {
        var results = [Result<CardMeasurement, CardModelError>?](repeating: nil, count: cards.count)
        let threads = max(1, min(catalog.threads ?? ProcessInfo.processInfo.activeProcessorCount, cards.count))
        let measurer = measurer
        results.withUnsafeMutableBufferPointer { slots in
            let slots = UnsafeSlots(base: slots)
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                // Each thread writes only its own slots.
                for index in stride(from: thread, to: cards.count, by: threads) {
                    guard let card = cards[index] else { continue }
                    slots.base[index] = Result { () throws(CardModelError) in
                        try measurer.measure(record: card, width: widths[index], withFrames: false)
                    }
                }
            }
        }
        return results
    }
}

/// A buffer that threads write disjoint slots of; unchecked because the disjointness is
/// the caller's promise, not the type system's.
private struct UnsafeSlots<Element>: @unchecked Sendable {
    let base: UnsafeMutableBufferPointer<Element>
}

extension CardModelError {
    /// The record field an error is about, for the error record.
    var field: String? {
        switch self {
        case .invalidRecord(_, _, let field, _), .textEngine(_, let field, _): field
        default: nil
        }
    }
}
