// The C interface's Arrow entry point called from Swift, for what the C test
// (Tests/CInterface/test_cardsize.c) leaves out: real catalogs on several threads against the
// record call, every malformed column refused with the field and the sentence the header
// promises, and cover-size cells failing as `cardsize measure` fails them.
import CCardsize
import CardsizeC
import CatalogIO
import Foundation
import Testing

/// Strings laid out as an Arrow utf8 column (32-bit offsets), owned until deinit.
private final class ArrowStrings {
    let name: UnsafeMutablePointer<CChar>
    let offsets: UnsafeMutableBufferPointer<Int32>
    let data: UnsafeMutableBufferPointer<UInt8>

    init(name: String, _ values: [String]) {
        self.name = strdup(name)!
        let bytes = values.flatMap { Array($0.utf8) }
        data = .allocate(capacity: max(bytes.count, 1))
        _ = data.initialize(from: bytes)
        offsets = .allocate(capacity: values.count + 1)
        var end: Int32 = 0
        offsets[0] = 0
        for (index, value) in values.enumerated() {
            end += Int32(value.utf8.count)
            offsets[index + 1] = end
        }
    }

    deinit {
        free(name)
        offsets.deallocate()
        data.deallocate()
    }

    var column: cardsize_string_column {
        cardsize_string_column(
            name: name, offsets: UnsafeRawPointer(offsets.baseAddress), offset_width: 4, data: data.baseAddress,
            data_length: Int64(offsets[offsets.count - 1]), validity: nil, offset: 0)
    }
}

/// Result columns for `count` rows.
private final class SizeColumns {
    var width, height, slack: [Double]
    var lines: [Int32]
    var truncated, failed: [UInt8]

    init(count: Int) {
        width = [Double](repeating: -1, count: count)
        height = width
        slack = width
        lines = [Int32](repeating: -1, count: count)
        truncated = [UInt8](repeating: 9, count: count)
        failed = truncated
    }

    func with<Result>(_ body: (cardsize_card_columns) -> Result) -> Result {
        width.withUnsafeMutableBufferPointer { width in
            height.withUnsafeMutableBufferPointer { height in
                lines.withUnsafeMutableBufferPointer { lines in
                    truncated.withUnsafeMutableBufferPointer { truncated in
                        slack.withUnsafeMutableBufferPointer { slack in
                            failed.withUnsafeMutableBufferPointer { failed in
                                body(cardsize_card_columns(
                                    width: width.baseAddress, height: height.baseAddress, title_lines: lines.baseAddress,
                                    truncated: truncated.baseAddress, title_slack: slack.baseAddress, failed: failed.baseAddress))
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The failed rows `cardsize_measure_columns` reports: row, id, field and message.
private final class Failures {
    var rows: [(row: Int, id: String, field: String, message: String)] = []
}

/// A `cardsize_card_callback` that adds each failed row to the `Failures` its context is.
private func recordFailure(
    _ context: UnsafeMutableRawPointer?, _ row: Int, _ id: UnsafePointer<CChar>?, _ size: UnsafePointer<cardsize_card_size>?,
    _ error: UnsafePointer<cardsize_error>?
) {
    let failures = Unmanaged<Failures>.fromOpaque(context!).takeUnretainedValue()
    failures.rows.append((row, String(cString: id!), error!.pointee.fieldText, error!.pointee.messageText))
}

extension cardsize_error {
    var fieldText: String { withUnsafeBytes(of: field) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) } }
    var messageText: String { withUnsafeBytes(of: message) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) } }
}

@Suite struct RecordColumnsTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A grid card measurer with the C interface's defaults; destroyed by the caller.
    private func measurer() throws -> OpaquePointer {
        var options = cardsize_card_options()
        cardsize_card_options_init(&options, CARDSIZE_LAYOUT_GRID)
        var error = cardsize_error()
        return try #require(cardsize_card_measurer_create(&options, &error), "\(error.messageText)")
    }

    /// Measures `records` (id, title, author and, when given, cover columns) at 127 pt.
    private func measure(
        _ measurer: OpaquePointer, _ records: inout cardsize_record_columns, count: Int, threads: Int, into sizes: SizeColumns,
        failures: Failures? = nil
    ) -> (cardsize_status, cardsize_error) {
        var error = cardsize_error()
        let status = sizes.with { columns in
            withUnsafePointer(to: columns) { columns in
                cardsize_measure_columns(
                    measurer, &records, count, 127, threads, columns, failures == nil ? nil : recordFailure,
                    failures.map { Unmanaged.passUnretained($0).toOpaque() }, &error)
            }
        }
        return (status, error)
    }

    /// 300 records of each bundled catalog as columns, measured on 1 and 4 threads: the same
    /// sizes, each the one `cardsize_measure_cards` gives the record.
    @Test func realRecordsMeasureAsTheRecordCallDoesOnAnyThreadCount() throws {
        var records: [CatalogRecord] = []
        for name in ["goodbooks-10k.csv", "aozora-bunko.csv"] {
            records += try CatalogReader(path: Self.packageRoot.appendingPathComponent("Catalogs/\(name)").path).prefix(300).map { try $0.get() }
        }
        let ids = ArrowStrings(name: "id", records.map(\.id))
        let titles = ArrowStrings(name: "title", records.map(\.title))
        let authors = ArrowStrings(name: "author", records.map(\.author))
        var columns = cardsize_record_columns(
            id: ids.column, title: titles.column, author: authors.column, image_width: .init(), image_height: .init())
        let measurer = try measurer()
        defer { cardsize_card_measurer_destroy(measurer) }
        let one = SizeColumns(count: records.count)
        let four = SizeColumns(count: records.count)
        let failures = Failures()
        #expect(measure(measurer, &columns, count: records.count, threads: 1, into: one, failures: failures).0 == CARDSIZE_OK)
        #expect(measure(measurer, &columns, count: records.count, threads: 4, into: four).0 == CARDSIZE_OK)
        #expect(failures.rows.isEmpty)
        #expect(one.height == four.height && one.lines == four.lines && one.slack == four.slack && one.truncated == four.truncated)
        #expect(one.failed.allSatisfy { $0 == 0 })
        // The same records one by one through the record call.
        var expected = [cardsize_card_size](repeating: .init(), count: records.count)
        var statuses = [cardsize_status](repeating: CARDSIZE_OK, count: records.count)
        var error = cardsize_error()
        let cRecords = records.map { record in
            cardsize_record(id: strdup(record.id), title: strdup(record.title), author: strdup(record.author), image_width: 0, image_height: 0)
        }
        defer { for record in cRecords { free(UnsafeMutablePointer(mutating: record.id)); free(UnsafeMutablePointer(mutating: record.title)); free(UnsafeMutablePointer(mutating: record.author)) } }
        #expect(cardsize_measure_cards(measurer, cRecords, records.count, 127, 2, &expected, &statuses, nil, &error) == CARDSIZE_OK)
        #expect(one.width == expected.map(\.width))
        #expect(one.height == expected.map(\.height))
        #expect(one.lines == expected.map(\.title_lines))
        #expect(one.truncated.map(Int32.init) == expected.map(\.title_truncated))
        #expect(one.slack == expected.map(\.title_slack))
        #expect(Set(one.lines).count > 1 && one.truncated.contains(1))  // titles of one and two lines, some cut
    }

    @Test func noRowsNeedNoColumns() throws {
        let measurer = try measurer()
        defer { cardsize_card_measurer_destroy(measurer) }
        var error = cardsize_error()
        #expect(cardsize_measure_columns(measurer, nil, 0, 127, 0, nil, nil, nil, &error) == CARDSIZE_OK)
        #expect(error.fieldText.isEmpty && error.messageText.isEmpty)
    }

    /// Every argument the entry point checks, broken one at a time: the status, the field and
    /// the message, which starts with the field.
    @Test func eachMalformedArgumentIsRefusedByName() throws {
        let measurer = try measurer()
        defer { cardsize_card_measurer_destroy(measurer) }
        let ids = ArrowStrings(name: "id", ["1", "2", "3"])
        let titles = ArrowStrings(name: "title", ["Dune", "Emma", "Ulysses"])
        let authors = ArrowStrings(name: "author", ["Frank Herbert", "Jane Austen", "James Joyce"])
        let good = cardsize_record_columns(
            id: ids.column, title: titles.column, author: authors.column, image_width: .init(), image_height: .init())
        var columns = good
        let sizes = SizeColumns(count: 3)
        #expect(measure(measurer, &columns, count: 3, threads: 0, into: sizes).0 == CARDSIZE_OK)

        func refused(_ change: (inout cardsize_record_columns) -> Void, field: String, message: String) {
            var broken = good
            change(&broken)
            let (status, error) = measure(measurer, &broken, count: 3, threads: 0, into: sizes)
            #expect(status == CARDSIZE_ERROR_INVALID_ARGUMENT, "\(field)")
            #expect(error.fieldText == field)
            #expect(error.messageText == message)
        }
        refused({ $0.title.offset_width = 2 }, field: "title.offset_width", message: "title.offset_width: must be 4 or 8, got 2")
        refused({ $0.id.offset = -1 }, field: "id.offset", message: "id.offset: must be at least 0, got -1")
        refused({ $0.id.name = nil }, field: "id.name", message: "id.name: must not be NULL")
        refused({ $0.author.data = nil }, field: "author.data", message: "author.data: must not be NULL")
        refused({ $0.author.data_length = 20 }, field: "author.offsets", message: "author.offsets: row 1 ends at 24, outside 13...20")
        // Offsets that go back: "Emma" ends before it starts.
        let backwards = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 4)
        defer { backwards.deallocate() }
        _ = backwards.initialize(from: [0, 4, 3, 15])
        refused({ $0.title.offsets = UnsafeRawPointer(backwards.baseAddress) }, field: "title.offsets", message: "title.offsets: row 1 ends at 3, outside 4...15")
        backwards[0] = -1
        refused({ $0.title.offsets = UnsafeRawPointer(backwards.baseAddress) }, field: "title.offsets", message: "title.offsets: row 0 starts at -1, before the data")

        var error = cardsize_error()
        sizes.with { sizeColumns in
            withUnsafePointer(to: sizeColumns) { sizeColumns in
                #expect(cardsize_measure_columns(nil, &columns, 3, 127, 0, sizeColumns, nil, nil, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT)
                #expect(error.messageText == "measurer: must not be NULL")
                #expect(cardsize_measure_columns(measurer, &columns, 3, 0, 0, sizeColumns, nil, nil, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT)
                #expect(error.fieldText == "width" && error.messageText == "width: must be a finite number > 0, got 0.0")
                #expect(cardsize_measure_columns(measurer, &columns, 3, 127, 2000, sizeColumns, nil, nil, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT)
                #expect(error.messageText == "threads: must be in 0...1024, got 2000")
                #expect(cardsize_measure_columns(measurer, nil, 3, 127, 0, sizeColumns, nil, nil, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT)
                #expect(error.messageText == "records: must not be NULL")
            }
        }
        #expect(cardsize_measure_columns(measurer, &columns, 3, 127, 0, nil, nil, nil, &error) == CARDSIZE_ERROR_INVALID_ARGUMENT)
        #expect(error.messageText == "sizes: must not be NULL")
    }

    /// Cover sizes as text cells: a cell that is no number fails its row with the field and
    /// message `cardsize measure` writes for the same record in a CSV catalog.
    @Test func aBadCoverCellFailsItsRowAsTheCatalogReaderDoes() throws {
        let measurer = try measurer()
        defer { cardsize_card_measurer_destroy(measurer) }
        let rows = [("1", "Dune", "Frank Herbert", "300", "450"), ("2", "Emma", "Jane Austen", "wide", "450"), ("3", "Ulysses", "", "300", "12px")]
        let ids = ArrowStrings(name: "id", rows.map(\.0))
        let titles = ArrowStrings(name: "title", rows.map(\.1))
        let authors = ArrowStrings(name: "author", rows.map(\.2))
        let widths = ArrowStrings(name: "w", rows.map(\.3))
        let heights = ArrowStrings(name: "h", rows.map(\.4))
        var columns = cardsize_record_columns(
            id: ids.column, title: titles.column, author: authors.column, image_width: widths.column, image_height: heights.column)
        let sizes = SizeColumns(count: rows.count)
        let failures = Failures()
        #expect(measure(measurer, &columns, count: rows.count, threads: 2, into: sizes, failures: failures).0 == CARDSIZE_OK)

        let csv = FileManager.default.temporaryDirectory.appendingPathComponent("columns-\(UUID().uuidString).csv")
        try Data((["id,title,author,w,h"] + rows.map { "\($0.0),\($0.1),\($0.2),\($0.3),\($0.4)" }).joined(separator: "\n").utf8).write(to: csv)
        defer { try? FileManager.default.removeItem(at: csv) }
        let read = try CatalogReader(path: csv.path, mapping: ColumnMapping(imageSize: .init(width: "w", height: "h"))).map { $0 }
        var expected: [(row: Int, id: String, field: String, message: String)] = []
        for (row, result) in read.enumerated() {
            if case .failure(let error) = result {
                let record = ErrorRecord(error)
                expected.append((row, record.id ?? "", record.field ?? "", record.message))
            }
        }
        #expect(expected.count == 2)
        #expect(failures.rows.map(\.row) == expected.map(\.row))
        #expect(failures.rows.map(\.id) == expected.map(\.id))
        #expect(failures.rows.map(\.field) == expected.map(\.field))
        #expect(failures.rows.map(\.message) == expected.map(\.message))
        #expect(sizes.failed == [0, 1, 1])
        #expect(sizes.height[1] == 0 && sizes.height[0] > 0)
    }
}
