// Records column by column, as Arrow holds them: read and measured exactly as
// `cardsize measure` reads and measures a catalog's records, from the caller's buffers,
// with no string per cell made on the caller's side.
import CCardsize
import CardModel
import CatalogIO
import CatalogLayout
import Parallel

@_cdecl("cardsize_measure_columns")
public func cardsize_measure_columns(
    _ measurer: OpaquePointer?, _ records: UnsafePointer<cardsize_record_columns>?, _ count: Int, _ width: Double,
    _ threads: Int, _ sizes: UnsafePointer<cardsize_card_columns>?, _ onFailure: cardsize_card_callback?,
    _ context: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<cardsize_error>?
) -> cardsize_status {
    reporting(error) {
        let handle = try object(measurer, as: CardMeasurerHandle.self, field: "measurer")
        let width = try cardWidth(width)
        let threads = try threadCount(threads)
        guard count > 0 else { return }
        guard let records else { throw InterfaceError.null("records") }
        guard let sizes else { throw InterfaceError.null("sizes") }
        let table = try RecordColumns(records.pointee, count: count)
        let output = try CardColumns(sizes.pointee)
        let failures = Parallel.mapChunks(count: count, threads: threads == 0 ? nil : threads, state: {}) { _, rows in
            rows.compactMap { row in measure(row: row, of: table, with: handle, width: width, into: output) }
        }
        guard let onFailure else { return }
        for (row, record) in failures.joined() {
            var failure = cardsize_error()
            failure.fill(InterfaceError(CARDSIZE_ERROR_RECORD, field: record.field ?? "", record.message))
            var size = cardsize_card_size()
            (record.id ?? "").withCString { onFailure(context, row, $0, &size, &failure) }
        }
    }
}

/// Measures row `row`'s card into `output`; the error record standing for it when it fails,
/// as `cardsize measure` writes it (its line is the row's number from 1).
private func measure(
    row: Int, of table: RecordColumns, with handle: CardMeasurerHandle, width: Double, into output: CardColumns
) -> (Int, ErrorRecord)? {
    let record = table.decoder.record(line: row + 1, recordNumber: row + 1) { table.cell(column: $0, row: row) }
    let outcome: CardOutcome
    switch record {
    case .success(let record):
        let card = handle.cards.card(for: record)
        let measured = Result { () throws(CardModelError) in
            try handle.measurer.measure(record: card, width: width, withFrames: false)
        }
        outcome = CardOutcome(card: card, line: record.line, measured: measured)
    case .failure(let error):
        outcome = .failure(ErrorRecord(error))
    }
    switch outcome {
    case .card(_, _, let measurement):
        output.write(cardsize_card_size(measurement), failed: false, at: row)
        return nil
    case .failure(let error):
        output.write(cardsize_card_size(), failed: true, at: row)
        return (row, error)
    }
}

/// The caller's columns of a record batch, checked, and the decoder that reads a row of them.
private struct RecordColumns: @unchecked Sendable {
    let decoder: CatalogRecordDecoder
    /// Each mapped column by its name, in the mapping's order: a short list searched in order.
    let columns: [(name: String, column: StringColumn)]

    init(_ records: cardsize_record_columns, count: Int) throws {
        var named = [("id", records.id), ("title", records.title), ("author", records.author)]
        let hasCovers = records.image_width.name != nil || records.image_height.name != nil
        if hasCovers { named += [("image_width", records.image_width), ("image_height", records.image_height)] }
        columns = try named.map { field, column in
            (try string(column.name, "\(field).name"), try StringColumn(column, field: field, count: count))
        }
        decoder = CatalogRecordDecoder(
            mapping: ColumnMapping(
                id: columns[0].name, title: columns[1].name, author: columns[2].name,
                imageSize: hasCovers ? .init(width: columns[3].name, height: columns[4].name) : nil))
    }

    func cell(column name: String, row: Int) -> UnsafeBufferPointer<UInt8>? {
        // Every name asked for is the mapping's, made from these columns' names.
        columns.first { $0.name == name }!.column.cell(row)
    }
}

/// An Arrow string column (utf8 or large_utf8) of the caller's, borrowed for a call.
private struct StringColumn {
    let offsets: UnsafeRawPointer
    let isLarge: Bool
    let data: UnsafePointer<UInt8>?
    let validity: UnsafePointer<UInt8>?
    let first: Int

    /// The column, its offsets checked for `count` rows against its data's length.
    init(_ column: cardsize_string_column, field: String, count: Int) throws {
        guard let offsets = column.offsets else { throw InterfaceError.null("\(field).offsets") }
        guard column.offset_width == 4 || column.offset_width == 8 else {
            throw InterfaceError.invalid("\(field).offset_width", "must be 4 or 8, got \(column.offset_width)")
        }
        guard column.offset >= 0 else {
            throw InterfaceError.invalid("\(field).offset", "must be at least 0, got \(column.offset)")
        }
        self.offsets = UnsafeRawPointer(offsets)
        isLarge = column.offset_width == 8
        data = column.data
        validity = column.validity
        first = Int(column.offset)
        // One pass over the offsets, so that no row reads outside the data.
        var previous = offset(at: first)
        guard previous >= 0 else {
            throw InterfaceError.invalid("\(field).offsets", "row 0 starts at \(previous), before the data")
        }
        for row in 0..<count {
            let end = offset(at: first + row + 1)
            guard end >= previous, end <= column.data_length else {
                throw InterfaceError.invalid(
                    "\(field).offsets", "row \(row) ends at \(end), outside \(previous)...\(column.data_length)")
            }
            previous = end
        }
        if previous > 0, data == nil { throw InterfaceError.null("\(field).data") }
    }

    /// The offset at `index` in the offsets buffer.
    private func offset(at index: Int) -> Int {
        isLarge
            ? Int(offsets.assumingMemoryBound(to: Int64.self)[index])
            : Int(offsets.assumingMemoryBound(to: Int32.self)[index])
    }

    /// Row `row`'s bytes; nil when it is null.
    func cell(_ row: Int) -> UnsafeBufferPointer<UInt8>? {
        let index = first + row
        if let validity, validity[index >> 3] & (1 << (index & 7)) == 0 { return nil }
        let start = offset(at: index)
        return UnsafeBufferPointer(start: data.map { $0 + start }, count: offset(at: index + 1) - start)
    }
}

/// The caller's result columns, written at distinct rows by several threads.
private struct CardColumns: @unchecked Sendable {
    let width: UnsafeMutablePointer<Double>
    let height: UnsafeMutablePointer<Double>
    let titleLines: UnsafeMutablePointer<Int32>
    let truncated: UnsafeMutablePointer<UInt8>
    let titleSlack: UnsafeMutablePointer<Double>
    let failed: UnsafeMutablePointer<UInt8>

    init(_ columns: cardsize_card_columns) throws {
        func column<Value>(_ pointer: UnsafeMutablePointer<Value>?, _ field: String) throws -> UnsafeMutablePointer<Value> {
            guard let pointer else { throw InterfaceError.null("sizes.\(field)") }
            return pointer
        }
        width = try column(columns.width, "width")
        height = try column(columns.height, "height")
        titleLines = try column(columns.title_lines, "title_lines")
        truncated = try column(columns.truncated, "truncated")
        titleSlack = try column(columns.title_slack, "title_slack")
        failed = try column(columns.failed, "failed")
    }

    func write(_ size: cardsize_card_size, failed isFailed: Bool, at row: Int) {
        width[row] = size.width
        height[row] = size.height
        titleLines[row] = size.title_lines
        truncated[row] = UInt8(size.title_truncated)
        titleSlack[row] = size.title_slack
        failed[row] = isFailed ? 1 : 0
    }
}
