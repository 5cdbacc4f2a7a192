// Writing output records as JSON Lines or CSV, buffered, with deterministic formatting.
import Foundation

/// The formats commands write.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// One JSON object per line, fields in record order.
    case jsonl
    /// RFC 4180 CSV with a header row of the writer's columns.
    case csv
}

/// Writes output records to a file handle in 64 KiB blocks.
///
/// Numbers are written in their shortest form that reads back exactly (`17.5`, `127`, never
/// `127.0`; see ``JSONBytes``); NaN and infinities as `null` (JSON) or empty (CSV). In CSV
/// each record fills the columns it names and leaves the others empty, so error records and
/// results share one file. Hand-written rather than `JSONEncoder`, which costs several microseconds per
/// record and would dominate a run over millions of cards.
public final class RecordWriter {
    private let handle: FileHandle
    private let format: OutputFormat
    private let columns: [String]
    private var buffer: [UInt8] = []

    /// - Parameter columns: the CSV header; ignored for JSON Lines.
    public init(handle: FileHandle, format: OutputFormat, columns: [String]) {
        self.handle = handle
        self.format = format
        self.columns = columns
        buffer.reserveCapacity(1 << 17)
        if format == .csv { appendCSVRow(columns.map { .string($0) }) }
    }

    deinit { try? flush() }

    public func write(_ record: OutputRecord) throws {
        switch format {
        case .jsonl: try append(record)
        case .csv:
            appendCSVRow(columns.map { record[$0] ?? .null })
            if buffer.count >= 1 << 16 { try flush() }
        }
    }

    /// Writes a row that encodes its own JSON (a record of a fixed shape, written millions
    /// of times): the same bytes as writing its ``OutputRow/outputRecord``, which debug
    /// builds check on every row.
    public func write<Row: OutputRow>(_ row: Row) throws {
        guard format == .jsonl else { return try write(row.outputRecord) }
        try append(row)
    }

    /// Appends `row` as a JSON line. The buffer is worked on as a local: every append to a
    /// class's stored property is a run-time exclusivity check, which cost a third of
    /// writing a record.
    private func append<Row: OutputRow>(_ row: Row) throws {
        var bytes: [UInt8] = []
        swap(&bytes, &buffer)
        let start = bytes.count
        row.appendJSONLine(to: &bytes)
        assert(
            Row.self == OutputRecord.self || bytes[start...].elementsEqual(row.outputRecord.jsonLine),
            "\(Row.self) encodes differently from its output record")
        swap(&bytes, &buffer)
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes out everything buffered.
    public func flush() throws {
        guard !buffer.isEmpty else { return }
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func appendCSVRow(_ values: [OutputValue]) {
        let fields = values.map { value -> String in
            switch value {
            case .string(let text): CSVWriter.escape(text)
            case .number(let number) where !number.isFinite: ""
            default: Self.plainText(value)
            }
        }
        buffer.append(contentsOf: fields.joined(separator: ",").utf8)
        buffer.append(UInt8(ascii: "\n"))
    }

    /// A number or boolean as JSON and CSV write it; a non-finite number is `null`.
    static func plainText(_ value: OutputValue) -> String {
        switch value {
        case .string(let text): text
        case .integer(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .null: ""
        case .number(let number): JSONBytes.numberText(number)
        }
    }
}
