// Problems that stop a catalog from being read at all, as opposed to per-record errors.

/// Why a catalog could not be opened: its file, its header or its column mapping.
///
/// Problems with single records are ``CatalogError`` values in the record stream instead.
public enum CatalogOpenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file does not exist or cannot be opened for reading.
    case cannotOpen(path: String)
    /// Reading the input failed before the header was complete.
    case readFailed(String)
    /// The input has no header row: it is empty or holds only blank lines.
    case missingHeader
    /// The header row itself is malformed CSV.
    case malformedHeader(CSVSyntaxError)
    /// The header's name for the given column (1-based) is not valid UTF-8.
    case headerNotUTF8(column: Int)
    /// A mapped column is not among the header's names.
    case columnNotInHeader(column: String, header: [String])
    /// The format was not given and the file's extension is not `.csv`, `.jsonl` or `.ndjson`.
    case unrecognizedExtension(path: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path): "cannot open '\(path)' for reading"
        case .readFailed(let detail): "read failed: \(detail)"
        case .missingHeader: "no header row: the input is empty"
        case .malformedHeader(let error): "malformed header: \(error.message)"
        case .headerNotUTF8(let column): "header column \(column) is not valid UTF-8"
        case .columnNotInHeader(let column, let header):
            "column '\(column)' not in header: \(header.joined(separator: ", "))"
        case .unrecognizedExtension(let path):
            "cannot tell the format of '\(path)': expected .csv, .jsonl or .ndjson"
        }
    }
}
