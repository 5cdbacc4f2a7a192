// The error record for one catalog record that could not be read.

/// One input record that did not become a ``CatalogRecord``, and why.
///
/// A ``CatalogReader`` yields exactly one record or one error per input record, so errors
/// can be reported (or written to an error file) alongside the records that did load.
public struct CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The physical line the record starts on; in CSV the header is line 1.
    public let line: Int
    /// The record's 1-based position among the input's records, counting failed ones.
    public let recordNumber: Int
    /// The column (CSV) or key (JSON Lines) the problem is in, or `nil` when it concerns the
    /// whole record (a line that is not JSON, a row with extra fields).
    public let field: String?
    /// The problem in words: "invalid UTF-8", "empty id".
    public let message: String
    /// The record's id, when it was read before the problem was found.
    public let recordID: String?

    public init(line: Int, recordNumber: Int, field: String?, message: String, recordID: String?) {
        self.line = line
        self.recordNumber = recordNumber
        self.field = field
        self.message = message
        self.recordID = recordID
    }

    /// "line 12 (id 42), title: invalid UTF-8".
    public var description: String {
        let id = recordID.map { " (id \($0))" } ?? ""
        let fieldName = field.map { ", \($0)" } ?? ""
        return "line \(line)\(id)\(fieldName): \(message)"
    }
}
