// The error record: what every command writes for an input record it could not use.

/// An input record that could not be used, in place of its result:
/// `{"id", "line", "field", "error"}`.
public struct ErrorRecord: OutputSchema, Hashable {
    /// The record's id, when it was read before the problem was found.
    public var id: String?
    /// The line the record starts on.
    public var line: Int
    /// The field the problem is in, or `nil` when it concerns the whole record.
    public var field: String?
    /// The problem in words.
    public var message: String

    public init(id: String?, line: Int, field: String?, message: String) {
        self.id = id
        self.line = line
        self.field = field
        self.message = message
    }

    /// The record a reading error stands for.
    public init(_ error: CatalogError) {
        self.init(id: error.recordID, line: error.line, field: error.field, message: error.message)
    }

    public static let fields: [OutputField<ErrorRecord>] = [
        OutputField("id") { $0.id.map(OutputValue.string) ?? .null },
        OutputField("line") { .integer($0.line) },
        OutputField("field") { $0.field.map(OutputValue.string) ?? .null },
        OutputField("error") { .string($0.message) },
    ]
}

/// One input record's line of output: its result, or its error record.
public enum RecordOrError<Result: OutputSchema>: WritableRecord {
    case result(Result)
    case error(ErrorRecord)

    /// The CSV header of a file of results and error records: the result's columns, then
    /// the error record's that it lacks.
    public static var columns: [String] {
        let resultColumns = Result.columns
        return resultColumns + ErrorRecord.columns.filter { !resultColumns.contains($0) }
    }

    public var outputRecord: OutputRecord {
        switch self {
        case .result(let result): result.outputRecord
        case .error(let error): error.outputRecord
        }
    }

    public func appendJSONLine(to bytes: inout [UInt8]) {
        switch self {
        case .result(let result): result.appendJSONLine(to: &bytes)
        case .error(let error): error.appendJSONLine(to: &bytes)
        }
    }
}
