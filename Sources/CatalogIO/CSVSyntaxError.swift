// The ways one CSV record can be malformed, reported per record while reading goes on.

/// A record that could not be parsed; the reader resumes at a following line.
public struct CSVSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong with the record.
    public enum Reason: Sendable, Equatable {
        /// A `"` inside a field that did not start with one.
        case quoteInUnquotedField
        /// Something other than a comma or a row end right after a field's closing quote.
        case textAfterClosingQuote
        /// A quoted field still open at the end of the input.
        case unterminatedQuote
        /// A record longer than the reader's limit.
        case recordTooLong(limit: Int)
        /// A record that reached the reader's limit inside a quoted field (most likely an
        /// unterminated quote).
        case quotedFieldTooLong(limit: Int)
        /// Reading the input failed; the reader stops after reporting it.
        case readFailed(String)
    }

    /// The physical line the record starts on (the header is line 1).
    public let line: Int
    /// The record's 1-based position among the data records, counting malformed ones.
    public let recordNumber: Int
    /// The 0-based index of the field the problem was found in.
    public let fieldIndex: Int
    public let reason: Reason
    /// The physical line the problem was found on: past ``line`` when a quoted field ran over
    /// line ends before it (a stray quote takes the next lines into one field).
    public let lastLine: Int

    public init(line: Int, recordNumber: Int, fieldIndex: Int, reason: Reason, lastLine: Int? = nil) {
        self.line = line
        self.recordNumber = recordNumber
        self.fieldIndex = fieldIndex
        self.reason = reason
        self.lastLine = lastLine ?? line
    }

    /// The problem in words, without the position: "quote in unquoted field".
    public var message: String {
        switch reason {
        case .quoteInUnquotedField: "quote in unquoted field"
        case .textAfterClosingQuote: "text after closing quote"
        case .unterminatedQuote: "quoted field not closed before the end of the input"
        case .recordTooLong(let limit): "record longer than \(limit) bytes"
        case .quotedFieldTooLong(let limit): "record longer than \(limit) bytes in a quoted field (unclosed quote?)"
        case .readFailed(let detail): "read failed: \(detail)"
        }
    }

    public var description: String { "line \(line), field \(fieldIndex + 1): \(message)" }
}
