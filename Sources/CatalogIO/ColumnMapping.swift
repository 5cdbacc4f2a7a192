// Which columns (CSV) or keys (JSON Lines) of a catalog hold each part of a record.

/// The names of the columns a ``CatalogRecord`` is read from.
///
/// In CSV the names are matched against the header (the first column of a name wins when a
/// name repeats); in JSON Lines they are object keys.
public struct ColumnMapping: Sendable, Equatable {
    /// The two columns holding a cover image's width and height.
    public struct ImageSizeColumns: Sendable, Equatable {
        public var width: String
        public var height: String

        public init(width: String, height: String) {
            self.width = width
            self.height = height
        }

        /// Parses a command-line argument of the form `width,height`; `nil` unless it holds
        /// exactly two non-empty names.
        public init?(argument: String) {
            let names = argument.split(separator: ",", omittingEmptySubsequences: false)
            guard names.count == 2, !names[0].isEmpty, !names[1].isEmpty else { return nil }
            self.init(width: String(names[0]), height: String(names[1]))
        }
    }

    /// The column holding the record's id, which must not be empty. Default `id`.
    public var id: String
    /// The column holding the title. Default `title`.
    public var title: String
    /// The column holding the author (the value may be empty). Default `author`.
    public var author: String
    /// The columns holding the cover image size, if the catalog has them.
    public var imageSize: ImageSizeColumns?
    /// Further columns to carry, as text, into ``CatalogRecord/otherFields``.
    public var otherColumns: [String]

    public init(
        id: String = "id", title: String = "title", author: String = "author",
        imageSize: ImageSizeColumns? = nil, otherColumns: [String] = []
    ) {
        self.id = id
        self.title = title
        self.author = author
        self.imageSize = imageSize
        self.otherColumns = otherColumns
    }

    /// Every column the mapping reads, in the order they are checked.
    var mappedColumns: [String] {
        [id, title, author] + [imageSize?.width, imageSize?.height].compactMap { $0 }
            + otherColumns
    }

    /// Each mapped column's 0-based index in `header`.
    ///
    /// - Throws: ``CatalogOpenError/columnNotInHeader(column:header:)`` for the first mapped
    ///   column the header lacks.
    func columnIndices(in header: [String]) throws(CatalogOpenError) -> [String: Int] {
        var indices: [String: Int] = [:]
        for column in mappedColumns {
            guard let index = header.firstIndex(of: column) else {
                throw .columnNotInHeader(column: column, header: header)
            }
            indices[column] = index
        }
        return indices
    }
}
