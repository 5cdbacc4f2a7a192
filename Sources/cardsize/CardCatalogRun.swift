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
struct CardCatalogRun {
    let catalog: CatalogOptions
    let measurer: CardMeasurer
    /// The width to measure the n-th card at (n counts the cards, not the failed records).
    let cellWidth: (Int) throws -> Double
    private let covers: CoverSizes?
    private(set) var summary = CardSummary()

    init(catalog: CatalogOptions, measurer: CardMeasurer, cellWidth: @escaping (Int) throws -> Double) throws {
        self.catalog = catalog
        self.measurer = measurer
        self.cellWidth = cellWidth
        covers = try catalog.coverSizes.map(CoverSizes.init(path:))
    }

    init(catalog: CatalogOptions, measurer: CardMeasurer, cellWidth: Double) throws {
        try self.init(catalog: catalog, measurer: measurer) { _ in cellWidth }
    }

    /// Calls `body` with each record's outcome, in input order.
    mutating func run(_ body: (CardOutcome) throws -> Void) throws {
        var progress = Progress(label: "cards")
        let started = ContinuousClock.now
        for record in try CatalogReader(path: catalog.catalog, mapping: catalog.mapping) {
            try body(try outcome(of: record))
            progress.tick()
        }
        progress.finish()
        summary.elapsed = ContinuousClock.now - started
    }

    private mutating func outcome(of record: Result<CatalogRecord, CatalogError>) throws -> CardOutcome {
        switch record {
        case .failure(let error):
            summary.failed += 1
            return .failure(.error(id: error.recordID, line: error.line, field: error.field, message: error.message))
        case .success(let record):
            let width = try cellWidth(summary.measured)  // a bad layout option ends the run
            do {
                let card = catalog.cardRecord(record, covers: covers)
                let measurement = try measurer.measure(record: card, width: width)
                summary.add(measurement)
                return .card(record: card, measurement: measurement)
            } catch {
                summary.failed += 1
                return .failure(.error(id: record.id, line: record.line, field: error.field, message: error.description))
            }
        }
    }
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

/// What a person reads after a run: cards, heights, title lines, truncation, errors, speed.
struct CardSummary {
    var measured = 0
    var failed = 0
    var heights: [Double: Int] = [:]
    var titleLines: [Int: Int] = [:]
    var truncated = 0
    /// Titles whose break decision was within half a point of going the other way.
    var nearTies = 0
    var elapsed = Duration.zero

    mutating func add(_ card: CardMeasurement) {
        measured += 1
        heights[card.size.height, default: 0] += 1
        titleLines[card.titleLineCount, default: 0] += 1
        if card.isTitleTruncated { truncated += 1 }
        if card.titleMinimumSlack < 0.5 { nearTies += 1 }
    }

    var lines: [String] {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Int(Double(measured + failed) / seconds) : 0
        let heightText = heights.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
            .prefix(4).map { "\(Self.format($0.key)) pt × \($0.value)" }.joined(separator: ", ")
        let linesText = titleLines.keys.sorted().map { "\(titleLines[$0]!) on \($0) line\($0 == 1 ? "" : "s")" }
            .joined(separator: ", ")
        return [
            "\(measured + failed) records: \(measured) cards, \(failed) errors; \(rate) cards/s, "
                + "peak memory \(PeakMemory.megabytes()) MB",
            "card heights: \(heightText)\(heights.count > 4 ? " (\(heights.count) heights in all)" : "")",
            "titles: \(linesText); \(truncated) truncated; \(nearTies) near-ties (slack < 0.5 pt)",
        ]
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
