// Every title of a catalog measured with one style: one result per input record, and counts.
import CatalogIO
import JSON
import TextEngine

/// Measures the title of every record of a catalog with one style and layout, giving one
/// ``TextResult`` per input record, in input order: the measurement, or an error naming the
/// line and field (a record that could not be read, or a title the engine refuses).
///
/// ```swift
/// var titles = CatalogTitleMeasurer(style: style, width: 127, maxLines: 2)
/// for read in try CatalogReader(path: "Catalogs/goodbooks-10k.csv") { write(titles.result(for: read)) }
/// print(titles.statistics.truncated)
/// ```
public struct CatalogTitleMeasurer {
    public let style: TextStyle
    /// The line width; `.infinity` for no wrapping.
    public let width: Double
    /// The most lines shown, 0 for no limit.
    public let maxLines: Int
    /// The label is at least this many lines tall.
    public let reserveLines: Int
    /// Whether a clamped title ends with an ellipsis.
    public let ellipsize: Bool
    public let measurer: TextMeasurer
    /// What the results so far hold.
    public private(set) var statistics = CatalogTitleStatistics()

    public init(
        style: TextStyle, width: Double, maxLines: Int = 0, reserveLines: Int = 0, ellipsize: Bool = true,
        measurer: TextMeasurer = TextMeasurer()
    ) {
        self.style = style
        self.width = width
        self.maxLines = maxLines
        self.reserveLines = reserveLines
        self.ellipsize = ellipsize
        self.measurer = measurer
    }

    /// The result for the next input record (or the error reading it), counted in ``statistics``.
    public mutating func result(for read: Result<CatalogRecord, CatalogError>) -> TextResult {
        switch read {
        case .success(let record):
            statistics.noteLines(of: record)
            do {
                let measurement = try measurer.measure(
                    record.title, style: style, width: width, maxLines: maxLines, reserveLines: reserveLines,
                    ellipsize: ellipsize)
                statistics.add(measurement)
                return TextResult(id: .string(record.id), measurement: measurement)
            } catch {
                statistics.failed += 1
                return TextResult(id: .string(record.id), error: "title: \(error)", line: record.line, field: "title")
            }
        case .failure(let error):
            statistics.failed += 1
            return TextResult(id: error.recordID.map(JSONValue.string), error: error.message, line: error.line, field: error.field)
        }
    }
}

/// Counts over a catalog's measured titles.
public struct CatalogTitleStatistics: Sendable, Hashable {
    /// Titles by line count.
    public var lineCounts: [Int: Int] = [:]
    public var truncated = 0
    /// Records that could not be read or measured.
    public var failed = 0
    public var measured = 0
    /// Titles with characters no font in the chain has.
    public var missingGlyphTitles = 0
    /// Records whose quoted fields ran over more than one line, and the first one's line.
    public var multilineRecords = 0
    public var firstMultilineRecordLine: Int?

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
}
