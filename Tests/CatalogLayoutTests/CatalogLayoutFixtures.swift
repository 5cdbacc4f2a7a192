// Shared fixtures for the catalog layout tests: small catalogs with failing records, a measurer.
import BundledFonts
import CardModel
import CatalogIO
import CatalogLayout
import Foundation
import TextEngine

enum CatalogLayoutFixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One engine for every test (thread-safe).
    static let textMeasurer = TextMeasurer(cacheCapacity: 4096)

    /// A measurer of hugging book cards at scale 2, without a card cache, so every run
    /// measures its cards.
    static func measurer() throws -> CardMeasurer {
        try CardMeasurer(template: .bookHugging, fonts: BundledFonts.chain(), displayScale: 2, textMeasurer: textMeasurer)
    }

    /// A title over the engine's length limit: its card fails to measure.
    static let unmeasurableRow = "huge," + String(repeating: "a", count: 300_000) + ",Nobody"

    /// The first `count` rows of both bundled catalogs, alternating, with `extraRows` put in
    /// at `position`, as a CSV file's text with an `id,title,author` header.
    static func catalogText(count: Int, inserting extraRows: [String] = [], at position: Int = 0) throws -> String {
        var rows: [String] = []
        for name in ["goodbooks-10k.csv", "aozora-bunko.csv"] {
            let path = repositoryRoot.appendingPathComponent("Catalogs/\(name)").path
            for result in try CatalogReader(path: path).prefix(count / 2) {
                let record = try result.get()
                rows.append([record.id, record.title, record.author].map(CSVWriter.escape).joined(separator: ","))
            }
        }
        rows.insert(contentsOf: extraRows, at: min(position, rows.count))
        return (["id,title,author"] + rows).joined(separator: "\n") + "\n"
    }

    /// A reader of `text` as a CSV catalog (from a file removed once it is open).
    static func reader(_ text: String) throws -> CatalogReader {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("CatalogLayoutTests-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try CatalogReader(input: try InputFile(path: url.path), format: .csv)
    }

    /// A run over `text` read as a CSV catalog.
    static func run(
        _ text: String, widths: CardWidths, threads: Int, batchSize: Int = 64, measurer: CardMeasurer? = nil
    ) throws -> CatalogCardRun {
        CatalogCardRun(
            reader: try reader(text), cards: CatalogCardMaker(), measurer: try measurer ?? self.measurer(),
            widths: widths, threads: threads, batchSize: batchSize)
    }

    /// Every outcome of `run`, in order.
    static func outcomes(of run: inout CatalogCardRun) throws -> [CardOutcome] {
        var all: [CardOutcome] = []
        try run.run { all += $0 }
        return all
    }

    /// Records written as JSON Lines.
    static func jsonLines(_ records: some Sequence<some WritableRecord>) -> String {
        var bytes: [UInt8] = []
        for record in records { record.appendJSONLine(to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A `#require` outside a test: throws when `value` is `nil`.
private func `require`<T>(_ value: T?) throws -> T {
    guard let value else { throw CocoaError(.fileReadNoPermission) }
    return value
}
