// The catalog readers: every input record yields one record or one error, in order.
import CatalogIO
import Foundation
import JSON

/// CSV catalogs: the streaming reader agrees with ``ReferenceCSV`` on every well-formed
/// input; on any input, records and errors are numbered 1, 2, 3… with no gap, in line
/// order, inside the input; the catalog decoder yields exactly one result per CSV record;
/// a small record limit changes which records fail, never the numbering.
struct CSVCatalogTarget: FuzzTarget {
    static let name = "csv-catalog"
    private let file = ScratchFile(suffix: ".csv")

    func check(_ input: [UInt8]) throws(InvariantViolation) {
        try file.write(input)
        let lineCount = input.count { $0 == UInt8(ascii: "\n") } + 1
        let expected = ReferenceCSV.records(of: input)
        for limit in [CSVReader.defaultMaximumRecordBytes, 7] {
            let reader: CSVReader
            do {
                reader = try CSVReader(path: file.path, maximumRecordBytes: limit)
            } catch {
                if let expected, limit > input.count {
                    let header = expected.first?.fields ?? []
                    try require(
                        expected.isEmpty || header.contains { String(validating: $0, as: UTF8.self) == nil },
                        "the reader refused a well-formed header: \(error)")
                }
                continue
            }
            var rows: [ReferenceCSV.Record] = []
            var spans = SpanChecker(lineCount: lineCount)
            for result in reader {
                switch result {
                case .success(let record):
                    try spans.next(recordNumber: record.recordNumber, line: record.line, lastLine: record.lastLine, isError: false)
                    rows.append(ReferenceCSV.Record(fields: record.map { Array($0) }, line: record.line, lastLine: record.lastLine))
                case .failure(let error):
                    try spans.next(recordNumber: error.recordNumber, line: error.line, lastLine: error.lastLine, isError: true)
                    if case .readFailed = error.reason { throw InvariantViolation("reading a regular file failed: \(error)") }
                }
            }
            if let expected, limit > input.count {
                guard let header = expected.first else { throw InvariantViolation("the reader found a header in an input without rows") }
                try require(
                    reader.header == header.fields.map { String(decoding: $0, as: UTF8.self) },
                    "header \(reader.header) differs from the reference's")
                try require(rows == Array(expected.dropFirst()), "records differ from the reference's: \(rows) vs \(expected.dropFirst())")
            }
            try checkCatalogDecoder(count: spans.count, limit: limit)
        }
    }

    /// The catalog decoder over the same file: one record or error per CSV record.
    private func checkCatalogDecoder(count: Int, limit: Int) throws(InvariantViolation) {
        guard let catalog = try? CatalogReader(path: file.path, format: .csv, maximumRecordBytes: limit) else { return }
        try checkCatalog(catalog, lineCount: nil, expectedCount: count)
    }
}

/// JSON Lines catalogs: one result per non-blank line (or line over the limit), on that line, numbered without gaps;
/// a record's fields are the line's values as written.
struct JSONLinesCatalogTarget: FuzzTarget {
    static let name = "jsonl-catalog"
    private let file = ScratchFile(suffix: ".jsonl")

    func check(_ input: [UInt8]) throws(InvariantViolation) {
        try file.write(input)
        let lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for limit in [CSVReader.defaultMaximumRecordBytes, 7] {
            // A line over the limit is an error whatever it holds: it is not kept to be looked at.
            let nonBlank = lines.indices.filter {
                lines[$0].count > limit || !lines[$0].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            }
            let catalog: CatalogReader
            do {
                catalog = try CatalogReader(path: file.path, format: .jsonLines, maximumRecordBytes: limit)
            } catch {
                throw InvariantViolation("a JSON Lines catalog cannot fail to open: \(error)")
            }
            let results = try checkCatalog(catalog, lineCount: lines.count, expectedCount: nonBlank.count)
            for (result, index) in zip(results, nonBlank) {
                let line = lines[index]
                let (number, id) = switch result {
                case .success(let record): (record.line, Optional(record.id))
                case .failure(let error): (error.line, Optional<String>.none)
                }
                try require(number == index + 1, "the result for line \(index + 1) says line \(number)")
                guard let id else { continue }
                try require(line.count <= limit, "a line over the limit was read")
                guard case .object(let members)? = try? JSONParser.value(of: line),
                    let value = members.first(where: { $0.key == "id" })?.value
                else { throw InvariantViolation("line \(index + 1) became a record without an id member") }
                let written: String? = switch value {
                case .string(let text): text
                case .number(let number): number.literal
                case .null: ""
                default: nil
                }
                try require(written == id, "line \(index + 1): id \(value) read as \(id)")
            }
        }
    }
}

/// Record numbers 1, 2, 3… without a gap; start lines in order, each inside the input; a
/// record's span ends before the next result starts.
struct SpanChecker {
    let lineCount: Int?
    private(set) var count = 0
    private var previousLine = 0
    private var previousEnd = 0

    init(lineCount: Int?) {
        self.lineCount = lineCount
    }

    mutating func next(recordNumber: Int, line: Int, lastLine: Int, isError: Bool) throws(InvariantViolation) {
        count += 1
        try require(recordNumber == count, "result \(count) is numbered \(recordNumber)")
        try require(line > previousLine && line > previousEnd, "result \(count) starts on line \(line), after line \(max(previousLine, previousEnd))")
        try require(lastLine >= line, "result \(count) ends on line \(lastLine), before its start \(line)")
        if let lineCount { try require(lastLine <= lineCount, "result \(count) ends on line \(lastLine) of \(lineCount)") }
        previousLine = line
        // An error may resume inside its own span (after a stray quote's line); a record may not.
        previousEnd = isError ? 0 : lastLine
    }
}

/// Reads `catalog` to its end, checking numbering and spans and, when given, the count.
@discardableResult
private func checkCatalog(
    _ catalog: CatalogReader, lineCount: Int?, expectedCount: Int
) throws(InvariantViolation) -> [Result<CatalogRecord, CatalogError>] {
    var spans = SpanChecker(lineCount: lineCount)
    var results: [Result<CatalogRecord, CatalogError>] = []
    for result in catalog {
        switch result {
        case .success(let record):
            try spans.next(recordNumber: record.recordNumber, line: record.line, lastLine: record.lastLine, isError: false)
            try require(!record.id.isEmpty, "record \(record.recordNumber) has an empty id")
        case .failure(let error):
            try spans.next(recordNumber: error.recordNumber, line: error.line, lastLine: error.line, isError: true)
            try require(!error.message.isEmpty, "error \(error.recordNumber) says nothing")
        }
        results.append(result)
    }
    try require(results.count == expectedCount, "\(results.count) results for \(expectedCount) input records")
    return results
}
