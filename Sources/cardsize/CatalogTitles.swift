// `cardsize text --catalog`: every title of a catalog measured with one style.
import ArgumentParser
import CatalogIO
import Foundation
import JSON
import TextBatch
import TextEngine

/// Measures the title of every record of a catalog and writes one JSONL result per record:
/// the measurement, or an error naming the line and field. Prints a summary on stderr.
struct CatalogTitles {
    let path: String
    let mapping: ColumnMapping
    let style: TextStyle
    let width: Double
    let maxLines: Int
    let reserveLines: Int
    let ellipsize: Bool

    func run(output: String?) throws {
        var (reader, progress) = try openCatalogFile(path, format: nil, mapping: mapping, progressLabel: "titles")
        var sink = try OutputSink(path: output, inputs: [path])
        let measurer = TextMeasurer()
        var summary = Summary()
        let started = ContinuousClock.now
        for record in reader {
            let result: TextResult
            switch record {
            case .success(let record):
                summary.noteLines(of: record)
                do {
                    let measurement = try measurer.measure(
                        record.title, style: style, width: width, maxLines: maxLines, reserveLines: reserveLines,
                        ellipsize: ellipsize)
                    summary.add(measurement)
                    result = TextResult(id: .string(record.id), measurement: measurement)
                } catch {
                    summary.failed += 1
                    result = TextResult(id: .string(record.id), error: "title: \(error)", line: record.line, field: "title")
                }
            case .failure(let error):
                summary.failed += 1
                result = TextResult(
                    id: error.recordID.map(JSONValue.string), error: error.message, line: error.line, field: error.field)
            }
            try sink.write(result.appendJSONLine(to:))
            progress.tick()
        }
        progress.finish()
        try sink.commit()
        StandardError.write(summary.report(elapsed: ContinuousClock.now - started) + "\n")
        if summary.failed > 0 { throw ExitCode(2) }
    }

    /// Counts for the summary a person reads.
    struct Summary {
        var lineCounts: [Int: Int] = [:]
        var truncated = 0
        var failed = 0
        var measured = 0
        var missingGlyphTitles = 0
        var multilineRecords = 0
        var firstMultilineRecordLine: Int?

        mutating func noteLines(of record: CatalogRecord) {
            guard record.lastLine > record.line else { return }
            multilineRecords += 1
            if firstMultilineRecordLine == nil { firstMultilineRecordLine = record.line }
        }

        mutating func add(_ measurement: TextMeasurement) {
            measured += 1
            if measurement.missingGlyphs.count > 0 { missingGlyphTitles += 1 }
            lineCounts[measurement.lineCount, default: 0] += 1
            if measurement.isTruncated { truncated += 1 }
        }

        func report(elapsed: Duration) -> String {
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let perTitle = measured > 0 ? seconds / Double(measured) * 1e6 : 0
            let lines = lineCounts.keys.sorted().map { "\($0) line(s): \(lineCounts[$0]!)" }.joined(separator: ", ")
            return "cardsize text: \(measured + failed) records, \(measured) measured (\(lines)), "
                + "\(truncated) truncated, \(failed) failed; \(String(format: "%.2f", perTitle)) µs per title"
                + (MissingGlyphNote.lines(count: missingGlyphTitles, of: "title")
                    + MultilineRecordNote.lines(count: multilineRecords, firstLine: firstMultilineRecordLine))
                .map { "\n" + $0 }.joined()
        }
    }
}
