// Catalog records from CSV: a CSVReader's raw records decoded through a column mapping.

/// Decodes each record of a ``CSVReader`` into a ``CatalogRecord`` or a ``CatalogError``.
///
/// Row width: a row with fewer fields than the header fails, naming the first missing
/// column; a row with more fails too, unless the extra fields are all empty (trailing
/// commas), which are ignored.
struct CSVCatalogDecoder: IteratorProtocol {
    private var reader: CSVReader
    /// Each mapped column's index in a row; a short list searched in order rather than a
    /// dictionary, whose hashing cost more than the few comparisons (the names asked for
    /// are the mapping's own strings, so each comparison is mostly an identity check).
    private let columnIndices: [(column: String, index: Int)]
    private let decoder: CatalogRecordDecoder

    /// - Throws: ``CatalogOpenError/columnNotInHeader(column:header:)`` when the header
    ///   lacks a mapped column.
    init(reader: CSVReader, mapping: ColumnMapping) throws(CatalogOpenError) {
        self.reader = reader
        columnIndices = try mapping.columnIndices(in: reader.header).map { ($0.key, $0.value) }
        decoder = CatalogRecordDecoder(mapping: mapping)
    }

    var isWaitingForInput: Bool { reader.isWaitingForInput }

    mutating func next() -> Result<CatalogRecord, CatalogError>? {
        switch reader.next() {
        case nil: nil
        case .success(let record): decode(record)
        case .failure(let error): .failure(catalogError(for: error))
        }
    }

    private func decode(_ record: CSVRecord) -> Result<CatalogRecord, CatalogError> {
        // A local, so the closure does not capture (and copy) the whole decoder per record.
        let columnIndices = columnIndices
        let result = decoder.decode(
            line: record.line, lastLine: record.lastLine, recordNumber: record.recordNumber, rowProblem: widthProblem(record)
        ) { column throws(FieldFailure) in
            // Every mapped column was resolved against the header when the decoder was made.
            let index = columnIndices.first { $0.column == column }!.index
            guard index < record.count else {
                throw FieldFailure(field: column, message: "missing field")
            }
            guard let text = record.string(at: index) else {
                throw FieldFailure(field: column, message: "invalid UTF-8")
            }
            return text
        }
        guard case .failure(let error) = result else { return result }
        return .failure(
            CatalogError(
                line: error.line, recordNumber: error.recordNumber, field: error.field,
                message: error.message + Self.lineSpanNote(from: record.line, to: record.lastLine),
                recordID: error.recordID))
    }

    /// A record over several lines that fails is most likely a stray quote that swallowed the
    /// lines after it: the note says so, with the lines it took.
    private static func lineSpanNote(from line: Int, to lastLine: Int) -> String {
        lastLine > line ? " (a quoted field runs over lines \(line)–\(lastLine))" : ""
    }

    private func widthProblem(_ record: CSVRecord) -> FieldFailure? {
        let header = reader.header
        if record.count < header.count {
            return FieldFailure(
                field: header[record.count],
                message: "missing field: row has \(record.count) of \(header.count) columns")
        }
        // Most rows have exactly the header's width: no slice of fields to look through.
        guard record.count > header.count, record[header.count...].contains(where: { !$0.isEmpty }) else { return nil }
        return FieldFailure(
            field: nil, message: "row has \(record.count) fields but the header has \(header.count)"
        )
    }

    private func catalogError(for error: CSVSyntaxError) -> CatalogError {
        let header = reader.header
        return CatalogError(
            line: error.line, recordNumber: error.recordNumber,
            field: error.fieldIndex < header.count ? header[error.fieldIndex] : nil,
            message: error.message + Self.lineSpanNote(from: error.line, to: error.lastLine), recordID: nil)
    }
}
