// A catalog's titles measured with one style: one result per record, errors in place, counts.
import BundledFonts
import CatalogIO
import Foundation
import JSON
import TextBatch
import TextEngine
import Testing

@Suite struct CatalogTitleMeasurerTests {
    @Test func everyRecordGivesItsMeasurementOrAnErrorInOrder() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var lines = try String(contentsOf: repository.appendingPathComponent("Catalogs/aozora-bunko.csv"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).prefix(201).map(String.init)
        lines.insert(",No id,Nobody,,,,", at: 50)
        lines.insert("huge," + String(repeating: "a", count: 300_000) + ",Nobody,,,,", at: 120)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("titles-\(UUID().uuidString).csv")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        let style = TextStyle(fonts: try BundledFonts.chain(), size: 15, language: "ja")
        let engine = TextMeasurer()
        var titles = CatalogTitleMeasurer(style: style, width: 127, maxLines: 2, measurer: engine)
        var results: [TextResult] = []
        var records: [Result<CatalogRecord, CatalogError>] = []
        for read in try CatalogReader(path: url.path) {
            records.append(read)
            results.append(titles.result(for: read))
        }
        #expect(results.count == 202)
        #expect(titles.statistics.failed == 2)
        #expect(titles.statistics.measured == 200)
        #expect(titles.statistics.lineCounts.values.reduce(0, +) == 200)
        let errors = results.filter { $0.error != nil }
        #expect(errors.map(\.field) == ["id", "title"])
        #expect(errors.first?.line == 51)
        #expect(errors.last?.id == .string("huge"))
        var truncated = 0
        for (read, result) in zip(records, results) {
            guard case .success(let record) = read, record.id != "huge" else { continue }
            let measurement = try engine.measure(record.title, style: style, width: 127, maxLines: 2)
            #expect(result == TextResult(id: .string(record.id), measurement: measurement))
            if measurement.isTruncated { truncated += 1 }
        }
        #expect(titles.statistics.truncated == truncated)
    }
}
