// Records given cell by cell, as columnar tables (Arrow, Parquet) hold them.

extension CatalogRecordDecoder {
    /// The record whose mapped columns' cells `cell` gives as UTF-8 bytes, checked as a
    /// catalog file's record is (id present and not empty, cover size, other columns).
    ///
    /// A `nil` cell (a null) reads as empty, as JSON's `null` does in a JSON Lines catalog,
    /// so a table and the JSON Lines file of its rows give the same records; bytes that are
    /// not UTF-8 fail as a CSV cell's do. `line` names the record in its error.
    public func record(
        line: Int, recordNumber: Int, cell: (String) -> UnsafeBufferPointer<UInt8>?
    ) -> Result<CatalogRecord, CatalogError> {
        decode(line: line, recordNumber: recordNumber) { column throws(FieldFailure) in
            guard let bytes = cell(column) else { return "" }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw FieldFailure(field: column, message: "invalid UTF-8")
            }
            return text
        }
    }
}
