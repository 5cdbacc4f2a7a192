// `cardsize text --catalog`: every title of a catalog measured with one style.
import CatalogLayout
import ArgumentParser
import CatalogIO
import TextBatch

extension CatalogTitleMeasurer {
    /// Measures every title of the catalog at `path` and writes one JSONL result per record
    /// to `output`; prints a summary on stderr. The exit status is 2 if any record failed.
    mutating func run(catalog path: String, mapping: ColumnMapping, output: String?) throws {
        var (reader, progress) = try openCatalogFile(path, format: nil, mapping: mapping, progressLabel: "titles")
        var sink = try OutputSink(path: output, inputs: [path])
        let started = ContinuousClock.now
        for read in reader {
            try sink.write(result(for: read).appendJSONLine(to:))
            progress.tick()
        }
        progress.finish()
        try sink.commit()
        StandardError.write(statistics.report(elapsed: ContinuousClock.now - started) + "\n")
        if statistics.failed > 0 { throw ExitCode(2) }
    }
}

extension CatalogTitleStatistics {
    /// The summary a person reads.
    func report(elapsed: Duration) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let perTitle = measured > 0 ? seconds / Double(measured) * 1e6 : 0
        let lines = lineCounts.keys.sorted().map { "\($0) line(s): \(lineCounts[$0]!)" }.joined(separator: ", ")
        return "cardsize text: \(measured + failed) records, \(measured) measured (\(lines)), "
            + "\(truncated) truncated, \(failed) failed; \(fixedPoint(perTitle, digits: 2)) µs per title"
            + (MissingGlyphNote.lines(count: missingGlyphTitles, of: "title")
                + MultilineRecordNote.lines(count: multilineRecords, firstLine: firstMultilineRecordLine))
            .map { "\n" + $0 }.joined()
    }
}
