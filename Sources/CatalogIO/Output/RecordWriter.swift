// Writing output records as JSON Lines or CSV, buffered, with deterministic formatting.
import JSON

/// The formats commands write.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// One JSON object per line, fields in record order.
    case jsonl
    /// RFC 4180 CSV with a header row of the writer's columns.
    case csv
}

/// Writes output records to an ``OutputFile`` in 64 KiB blocks.
///
/// Numbers are written in their shortest form that reads back exactly (`17.5`, `127`, never
/// `127.0`; see ``JSONBytes``); NaN and infinities as `null` (JSON) or empty (CSV). In CSV
/// each record fills the columns it names and leaves the others empty, so error records and
/// results share one file. Hand-written rather than `JSONEncoder`, which costs several microseconds per
/// record and would dominate a run over millions of cards.
public final class RecordWriter {
    private let output: OutputFile
    private let format: OutputFormat
    private let columns: [String]
    /// Not checked for overlapping accesses at run time: the writer is one thread's, and
    /// it borrows the buffer once per record.
    @exclusivity(unchecked) private var buffer: [UInt8] = []

    /// - Parameter columns: the CSV header; ignored for JSON Lines.
    public init(output: OutputFile, format: OutputFormat, columns: [String]) {
        self.output = output
        self.format = format
        self.columns = columns
        buffer.reserveCapacity(1 << 17)
        if format == .csv { appendCSVRow(columns.map { .string($0) }) }
    }

    deinit { try? flush() }

    /// Writes `record`: as a JSON line, or as a CSV row filling the columns its fields name.
    public func write<Record: WritableRecord>(_ record: Record) throws {
        switch format {
        case .jsonl: appendJSONLine(record)
        case .csv:
            let fields = record.outputRecord
            appendCSVRow(columns.map { fields[$0] ?? .null })
        }
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Appends `record` as a JSON line. The buffer is worked on as a local: every append to
    /// a class's stored property is a run-time exclusivity check, which cost a third of
    /// writing a record.
    private func appendJSONLine<Record: WritableRecord>(_ record: Record) {
        var bytes: [UInt8] = []
        swap(&bytes, &buffer)
        record.appendJSONLine(to: &bytes)
        swap(&bytes, &buffer)
    }

    /// Writes out everything buffered.
    public func flush() throws {
        guard !buffer.isEmpty else { return }
        try output.write(buffer)
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
