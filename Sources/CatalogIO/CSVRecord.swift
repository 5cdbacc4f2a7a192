// One raw CSV record: its fields as undecoded bytes, and where it starts in the file.
import JSON

/// A CSV record as parsed: each field's bytes with quoting removed, not yet decoded.
///
/// The record is a collection of its fields (`record[2]`, `record.count`), so a caller decodes
/// only the fields it uses, with ``string(at:)``.
public struct CSVRecord: RandomAccessCollection, Sendable {
    /// The physical line the record starts on, counting the header row as line 1 (a quoted
    /// field with embedded newlines makes a record span several lines).
    public let line: Int
    /// The record's 1-based position among the data records (the header is not counted).
    public let recordNumber: Int
    /// Every field's bytes, one separator byte between two fields (so that a line without
    /// quotes is kept as it is).
    private let bytes: [UInt8]
    /// Where each field ends in `bytes`; field `i` starts one byte after field `i - 1` ends.
    private let fieldEnds: [Int]

    init(line: Int, lastLine: Int, recordNumber: Int, bytes: [UInt8], fieldEnds: [Int]) {
        self.line = line
        self.lastLine = lastLine
        self.recordNumber = recordNumber
        self.bytes = bytes
        self.fieldEnds = fieldEnds
    }

    /// The physical line the record ends on: past ``line`` when a quoted field holds line
    /// breaks (or when a stray quote made the reader take the next lines into one field).
    public let lastLine: Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { fieldEnds.count }

    /// The bytes of the field at `position` (0-based), without its quotes and with `""`
    /// already turned into `"`.
    public subscript(position: Int) -> ArraySlice<UInt8> {
        let fieldStart = position == 0 ? 0 : fieldEnds[position - 1] + 1
        return bytes[fieldStart..<fieldEnds[position]]
    }

    /// The field at `position` decoded as UTF-8, or `nil` when its bytes are not valid UTF-8.
    ///
    /// - Complexity: O(*n*) in the field's length; allocates one `String`.
    public func string(at position: Int) -> String? {
        let field = self[position]
        // Checked here, then decoded: `String(validating:)`'s generic checks cost a
        // microsecond a field.
        guard field.withUnsafeBufferPointer(UTF8Validation.isValid) else { return nil }
        return String(decoding: field, as: UTF8.self)
    }
}
