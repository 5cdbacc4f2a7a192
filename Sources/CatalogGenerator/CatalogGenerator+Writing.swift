// Writing a generated catalog as CSV or JSON Lines, streaming, in 64 KiB writes.
import CatalogIO

extension CatalogGenerator {
    /// The columns of a generated catalog, in order.
    public static let columns = ["id", "title", "author", "language", "cover_width", "cover_height"]
    /// Output is written in blocks of at least this many bytes.
    static let writeBlockBytes = 1 << 16

    /// Writes the catalog's first `recordCount` records to `output`: CSV with a header row, or
    /// JSON Lines with the same keys, byte for byte as ``CSVWriter`` and ``RecordWriter``
    /// write them; either reads back with ``CatalogReader``. The caller commits the output.
    ///
    /// Memory does not grow with `recordCount`: records are made one at a time and written
    /// out every 64 KiB.
    ///
    /// - Parameter afterEachRecord: called after each record is encoded, for progress.
    /// - Returns: the number of bytes written.
    /// - Throws: ``CatalogGeneratorError/recordCountOutOfRange(_:)``, or the output's ``OutputError``.
    @discardableResult
    public func write(
        recordCount: Int, to output: OutputFile, format: OutputFormat, afterEachRecord: () -> Void = {}
    ) throws -> Int {
        var records = try records(count: recordCount)
        var byteCount = 0
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.writeBlockBytes + 4096)
        if format == .csv { GeneratedRecord.appendCSVHeader(to: &buffer) }
        while let record = records.next() {
            switch format {
            case .csv: record.appendCSVRow(to: &buffer)
            case .jsonl: record.appendJSONLine(to: &buffer)
            }
            if buffer.count >= Self.writeBlockBytes {
                try output.write(buffer)
                byteCount += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
            afterEachRecord()
        }
        if !buffer.isEmpty { try output.write(buffer) }
        return byteCount + buffer.count
    }
}
