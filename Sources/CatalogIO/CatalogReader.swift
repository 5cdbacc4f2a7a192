// One sequence of catalog records over CSV or JSON Lines input, chosen by file extension.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The formats a catalog may be in.
public enum CatalogFormat: Sendable, Equatable {
    /// RFC 4180 CSV with a header row; see ``CSVReader``.
    case csv
    /// One JSON object per line.
    case jsonLines

    /// The format a file's extension names (case-insensitive): `.csv`, or `.jsonl` /
    /// `.ndjson`; `nil` for any other.
    public init?(path: String) {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "csv": self = .csv
        case "jsonl", "ndjson": self = .jsonLines
        default: return nil
        }
    }
}

/// Reads a catalog's records, decoded through a ``ColumnMapping``, from CSV or JSON Lines.
///
/// Yields exactly one `Result` per input record, in input order, so records out equals
/// records in: a ``CatalogRecord``, or a ``CatalogError`` naming the line, the field and the
/// problem. Blank lines are not records and are skipped in both formats. A failed record
/// reports its first problem only, checked in this order: the record's syntax and width, id,
/// title, author, image size, other columns.
///
/// CSV: the header must contain every mapped column (checked when opening). A row with fewer
/// fields than the header fails, naming the first missing column; a row with more fails
/// unless the extra fields are empty (trailing commas). Malformed CSV, invalid UTF-8 in a
/// mapped field, an empty id and an image size that is not a positive number each fail the
/// record, and reading continues.
///
/// JSON Lines: each line is an object whose keys the mapping names; values may be strings or
/// numbers (`12` reads as `"12"`) and `null` reads as empty. A line that is not a JSON object
/// fails as a whole.
///
/// The reader is single-pass and consumes its input; copies share their position.
///
/// - Complexity: O(*n*) in the input's size; memory stays bounded by the longest record
///   allowed (`maximumRecordBytes`) plus a 64 KiB chunk.
public struct CatalogReader: Sequence, IteratorProtocol {
    /// The decoder, one of the two, behind a reference so that copies share their position
    /// (optionals rather than an enum, so that each record is decoded in place, without
    /// copying the decoder's buffer).
    ///
    /// Not checked for overlapping accesses at run time: a reader is not `Sendable`; one
    /// thread at a time reads it, a record at a time.
    private final class Records {
        @exclusivity(unchecked) var csv: CSVCatalogDecoder?
        @exclusivity(unchecked) var jsonLines: JSONLinesCatalogReader?
        init(csv: CSVCatalogDecoder? = nil, jsonLines: JSONLinesCatalogReader? = nil) {
            self.csv = csv
            self.jsonLines = jsonLines
        }
    }
    private let records: Records
    /// Whether the input may wait for a writer (a pipe, a terminal): asked once, so that
    /// ``isWaitingForInput``, asked after every record, costs nothing on a file (reaching the
    /// readers' state through their optionals copied each of them, arrays and all).
    private let mayWait: Bool

    /// Opens the catalog at `path` in `format`, or in the format its extension names.
    ///
    /// - Parameter maximumRecordBytes: the longest CSV record or JSON line read; a longer one
    ///   is reported as an error and skipped, which keeps memory bounded.
    /// - Throws: ``CatalogOpenError`` when the format is unknown, the file cannot be read, or
    ///   (CSV) its header is missing, malformed or lacks a mapped column.
    public init(
        path: String, format: CatalogFormat? = nil, mapping: ColumnMapping = ColumnMapping(),
        maximumRecordBytes: Int = CSVReader.defaultMaximumRecordBytes
    ) throws(CatalogOpenError) {
        guard let format = format ?? CatalogFormat(path: path) else {
            throw .unrecognizedExtension(path: path)
        }
        try self.init(
            input: try InputFile(path: path), format: format, mapping: mapping, maximumRecordBytes: maximumRecordBytes
        )
    }

    /// Reads a catalog in `format` from `input`, such as standard input.
    ///
    /// - Parameter maximumRecordBytes: as for ``init(path:format:mapping:maximumRecordBytes:)``.
    /// - Throws: ``CatalogOpenError`` when (CSV) the header cannot be read, is malformed or
    ///   lacks a mapped column.
    public init(
        input: InputFile, format: CatalogFormat, mapping: ColumnMapping = ColumnMapping(),
        maximumRecordBytes: Int = CSVReader.defaultMaximumRecordBytes
    ) throws(CatalogOpenError) {
        mayWait = !input.isRegularFile
        switch format {
        case .csv:
            let reader = try CSVReader(input: input, maximumRecordBytes: maximumRecordBytes)
            records = Records(csv: try CSVCatalogDecoder(reader: reader, mapping: mapping))
        case .jsonLines:
            records = Records(
                jsonLines: JSONLinesCatalogReader(input: input, mapping: mapping, maximumLineBytes: maximumRecordBytes))
        }
    }

    /// The next record or error, or `nil` at the end of the input.
    public func next() -> Result<CatalogRecord, CatalogError>? {
        records.csv?.next() ?? records.jsonLines?.next()
    }

    /// Whether every record read so far has been delivered and the input holds nothing more
    /// yet: a pipe or terminal whose writer may be waiting for the answers before it sends
    /// more. Never true of a regular file.
    public var isWaitingForInput: Bool {
        mayWait && (records.csv?.isWaitingForInput ?? records.jsonLines?.isWaitingForInput ?? false)
    }
}
