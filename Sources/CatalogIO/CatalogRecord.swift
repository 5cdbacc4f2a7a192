// A catalog record decoded through a column mapping: what card layout needs of a book.

/// A book from a catalog, with the fields named by a ``ColumnMapping`` decoded.
///
/// Only mapped columns are decoded (never the whole row), so reading stays cheap for wide
/// catalogs; list any other columns needed in ``ColumnMapping/otherColumns``.
public struct CatalogRecord: Sendable {
    /// The id, never empty. JSON numbers become their decimal text (`12` → `"12"`).
    public let id: String
    public let title: String
    /// The author; may be empty.
    public let author: String
    /// The cover image size: `nil` when the mapping has no image columns or both of the
    /// record's image cells are empty (or JSON `null`); otherwise both are positive and at
    /// most `LengthRange.maximum`, neither more than that many times the other.
    public let imageSize: (width: Double, height: Double)?
    /// The ``ColumnMapping/otherColumns``, by column name.
    public let otherFields: [String: String]
    /// The physical line the record starts on; in CSV the header is line 1.
    public let line: Int
    /// The physical line it ends on: past ``line`` when a quoted CSV field holds line breaks,
    /// which is how a stray `"` joins the lines after it into one record.
    public let lastLine: Int
    /// The record's 1-based position among the input's records, counting failed ones.
    public let recordNumber: Int

    /// A record as a reader decodes it (the checks on ids and image sizes are the reader's).
    public init(
        id: String, title: String, author: String, imageSize: (width: Double, height: Double)?,
        otherFields: [String: String], line: Int, lastLine: Int, recordNumber: Int
    ) {
        self.id = id
        self.title = title
        self.author = author
        self.imageSize = imageSize
        self.otherFields = otherFields
        self.line = line
        self.lastLine = lastLine
        self.recordNumber = recordNumber
    }
}
