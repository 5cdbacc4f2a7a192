// Reading a catalog and measuring every record's card: the first half of measure and layout.
import CardModel
import CatalogIO
import Foundation
import Geometry

/// One input record's outcome: its card (its id, cover size and measurement: what the
/// commands write and lay out, not the whole record, whose strings would be copied once
/// more between threads), or the error record that stands for it.
enum CardOutcome {
    case card(id: String, cover: Size?, measurement: CardMeasurement)
    case failure(OutputRecord)
}

/// Measures the card of every record of a catalog, in input order, counting what a person
/// wants to know afterwards.
///
/// Three stages overlap, each on its own thread, with at most two batches waiting between
/// them: reading and parsing; measuring a batch's cards on all threads at once; and, on the
/// caller's thread, checking the outcomes in input order and handing them on. The output is
/// the same bytes for any number of threads, and memory is bounded by the batches, whatever
/// the catalog's size.
struct CardCatalogRun {
    let catalog: CatalogOptions
    let measurer: CardMeasurer
    /// The width to measure the n-th card at (n counts the cards, not the failed records);
    /// called from the measuring thread too.
    let cellWidth: @Sendable (Int) throws -> Double
    private let covers: CoverSizes?
    private(set) var summary = CardSummary()

    /// Records read and measured together: large enough to keep every thread busy, small
    /// enough that memory does not grow with the catalog.
    static let batchSize = 4096

    init(catalog: CatalogOptions, measurer: CardMeasurer, cellWidth: @escaping @Sendable (Int) throws -> Double) throws {
        self.catalog = catalog
        self.measurer = measurer
        self.cellWidth = cellWidth
        covers = try catalog.coverSizes.map(CoverSizes.init(path:))
    }

    init(catalog: CatalogOptions, measurer: CardMeasurer, cellWidth: Double) throws {
        try self.init(catalog: catalog, measurer: measurer) { _ in cellWidth }
    }

    /// A batch of input records: the card made of each readable one, the error of each other
    /// one, where each starts in the input, and (once measured) each card's measurement at
    /// the width of the place it would have if every card before it measured without error.
    /// The catalog records themselves are not kept: each copy between threads costs its
    /// strings' reference counts.
    private struct Batch: Sendable {
        var cards: [CardRecord?] = []
        /// The unreadable records' errors, by position in the batch.
        var unreadable: [Int: CatalogError] = [:]
        var lines: [Int] = []
        var firstPlace = 0
        var widths: [Double] = []
        var measured: [Result<CardMeasurement, CardModelError>?] = []
        /// A layout option that gives no width: the run ends with it.
        var widthFailure: (any Error)?
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
        let parsed = ReadAhead(depth: 2, produce: try batchReader())
        let measure = batchMeasurer()
        let measured = ReadAhead(depth: 2) { parsed.next().map(measure) }
        defer {
            measured.cancel()
            parsed.cancel()
        }
        while let batch = measured.next() {
            if let failure = batch.widthFailure { throw failure }
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

    /// Reads the next batch of records on the reading thread, making their cards there too
    /// and numbering them.
    private func batchReader() throws -> @Sendable () -> Batch? {
        let reader = UncheckedSendable(value: try catalog.reader())
        let makeCard = catalog.cardMaker(covers: covers)
        let cardsBefore = Counter()  // used by the reading thread only
        return {
            var batch = Batch()
            batch.cards.reserveCapacity(Self.batchSize)
            batch.lines.reserveCapacity(Self.batchSize)
            while batch.cards.count < Self.batchSize, let record = reader.value.next() {
                switch record {
                case .success(let record):
                    batch.lines.append(record.line)
                    batch.cards.append(makeCard(record))
                case .failure(let error):
                    batch.unreadable[batch.cards.count] = error
                    batch.lines.append(error.line)
                    batch.cards.append(nil)
                }
            }
            guard !batch.cards.isEmpty else { return nil }
            batch.firstPlace = cardsBefore.value
            cardsBefore.value += batch.cards.count { $0 != nil }
            return batch
        }
    }

    /// Measures a batch's cards, spread over the threads, at the widths of their places.
    private func batchMeasurer() -> @Sendable (Batch) -> Batch {
        let threads = catalog.threads ?? ProcessInfo.processInfo.activeProcessorCount
        return { [measurer, cellWidth] batch in
            var batch = batch
            var place = batch.firstPlace
            do {
                batch.widths = try batch.cards.map { card in
                    defer { if card != nil { place += 1 } }
                    return card == nil ? 0 : try cellWidth(place)
                }
            } catch {
                batch.widthFailure = error
                return batch
            }
            batch.measured = Self.measureInParallel(batch.cards, widths: batch.widths, measurer: measurer, threads: threads)
            return batch
        }
    }

    /// The batch's outcomes in order. A card whose place moved because a card before it
    /// failed to measure is measured again if its place's width differs, so any thread
    /// count gives the sequential answer.
    private mutating func outcomes(of batch: Batch) throws -> [CardOutcome] {
        var outcomes: [CardOutcome] = []
        outcomes.reserveCapacity(batch.cards.count)
        for (position, card) in batch.cards.enumerated() {
            guard let card else {
                let error = batch.unreadable[position]!
                summary.failed += 1
                outcomes.append(
                    .failure(.error(id: error.recordID, line: error.line, field: error.field, message: error.message)))
                continue
            }
            let width = try cellWidth(summary.measured)
            let result = width == batch.widths[position]
                ? batch.measured[position]!
                : Result { () throws(CardModelError) in try measurer.measure(record: card, width: width, withFrames: false) }
            switch result {
            case .success(let measurement):
                summary.add(measurement)
                outcomes.append(.card(id: card.id, cover: card.imageSize, measurement: measurement))
            case .failure(let error):
                summary.failed += 1
                outcomes.append(
                    .failure(
                        .error(id: card.id, line: batch.lines[position], field: error.field, message: error.description)))
            }
        }
        return outcomes
    }

    /// Each card measured at its width, spread over `threads` threads.
    private static func measureInParallel(
        _ cards: [CardRecord?], widths: [Double], measurer: CardMeasurer, threads: Int
    ) -> [Result<CardMeasurement, CardModelError>?] {
        var results = [Result<CardMeasurement, CardModelError>?](repeating: nil, count: cards.count)
        let threads = max(1, min(threads, cards.count))
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

/// A count kept by one thread across calls of a `@Sendable` closure.
private final class Counter: @unchecked Sendable {
    var value = 0
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
