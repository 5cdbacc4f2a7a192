// Streaming RFC 4180 CSV parsing at the byte level, one record at a time.
//
// Written by hand rather than with a CSV library because the catalogs need three things
// libraries do not combine: a malformed record becomes its own error, with its line number,
// while reading goes on; fields stay bytes until asked for, so invalid UTF-8 is reported per
// field instead of aborting the stream; and millions of rows parse at byte speed without a
// String per field.

/// Reads CSV records (RFC 4180) from a file or another input, streaming in 64 KiB chunks.
///
/// The first record is the header (``header``); iterating yields the data records after it,
/// each a ``CSVRecord`` of raw field bytes, or a ``CSVSyntaxError`` for a malformed one.
///
/// Accepted syntax: fields separated by commas; rows ended by LF or CRLF (the last row may
/// have neither); a field that starts with `"` is quoted and may hold commas, `""` for a
/// quote, and LF or CRLF newlines, kept as written. A UTF-8 byte order mark at the start is
/// skipped. A CR is data unless it precedes LF or ends the input. Blank lines (empty, or a
/// lone CR) are skipped without producing a record, but still count as lines. Line numbers count
/// LFs.
///
/// Errors and recovery: a quote inside an unquoted field, or text after a closing quote,
/// fails the record, and reading resumes after the next LF. A quoted field still open at the
/// end of the input fails the record, and reading resumes at the line after that field's
/// opening quote, so one stray quote costs one record rather than the rest of the file. A
/// record longer than ``maximumRecordBytes`` fails; reading resumes after the next LF, or, if
/// the limit was reached inside a quoted field (an unclosed quote, most likely), at the line
/// after the opening quote. A read error is reported once and ends the sequence. Nothing is dropped
/// silently: every record is either yielded or reported.
///
/// The reader is single-pass: it consumes the input as it goes.
///
/// - Complexity: O(*n*) in the input's size; memory is O(``maximumRecordBytes``) plus one chunk.
public struct CSVReader: Sequence, IteratorProtocol {
    /// The longest record (in bytes, as written) read by default: 1 MiB.
    public static let defaultMaximumRecordBytes = 1 << 20

    /// The column names from the first record.
    public private(set) var header: [String] = []
    /// Records longer than this many bytes are reported as errors instead of being kept.
    public let maximumRecordBytes: Int
    /// Whether a line without CRs and with quotes only around whole fields is split in one
    /// pass (``splitPlainLine()``) rather than parsed byte by byte; off only in the test that
    /// compares the two.
    let splitsPlainLines: Bool

    private var input: ChunkedByteInput
    private var state = ParseState.fieldStart
    /// Where the open quoted field's opening quote is, counted from `input.start`.
    private var openingQuoteOffset = 0
    /// The physical line at `input.start`.
    private var line = 1
    private var recordsRead = 0
    /// The current record's field bytes and field ends, as in ``CSVRecord``.
    private var fieldBytes: [UInt8] = []
    private var fieldEnds: [Int] = []
    /// Whether `fieldBytes` and `fieldEnds` still belong to the record last returned: they
    /// are emptied when the next record starts, by when that record is usually gone, so the
    /// arrays keep their storage instead of being copied (two allocations per record).
    private var fieldsHandedOut = false

    /// Where the parser is within a record.
    private enum ParseState {
        case fieldStart, unquoted, quoted
        /// Just past a `"` inside a quoted field: an escaped quote or the closing one.
        case closingQuote
        /// Past a closing quote and a CR, which must be followed by LF.
        case closingQuoteCR
        /// Discarding the rest of a line after an error.
        case skippingLine
    }

    /// Opens the file at `path` and reads its header.
    ///
    /// - Throws: ``CatalogOpenError`` when the file cannot be opened or read, is empty, or its
    ///   header row is malformed or not UTF-8.
    public init(path: String, maximumRecordBytes: Int = defaultMaximumRecordBytes)
        throws(CatalogOpenError)
    {
        try self.init(input: try InputFile(path: path), maximumRecordBytes: maximumRecordBytes)
    }

    /// Reads the header from `input` (a file or standard input); records follow on iteration.
    ///
    /// - Throws: ``CatalogOpenError`` when the input cannot be read, is empty, or its header
    ///   row is malformed or not UTF-8.
    public init(input: InputFile, maximumRecordBytes: Int = defaultMaximumRecordBytes)
        throws(CatalogOpenError)
    {
        try self.init(input: input, maximumRecordBytes: maximumRecordBytes, splitsPlainLines: true)
    }

    init(input: InputFile, maximumRecordBytes: Int, splitsPlainLines: Bool) throws(CatalogOpenError) {
        precondition(maximumRecordBytes > 0, "maximumRecordBytes must be positive")
        self.maximumRecordBytes = maximumRecordBytes
        self.splitsPlainLines = splitsPlainLines
        self.input = ChunkedByteInput(input: input)
        try skipByteOrderMark()
        header = try readHeader()
    }

    /// Whether every record read so far has been delivered and the input holds nothing more
    /// yet (a pipe or terminal whose writer is waiting for answers).
    public var isWaitingForInput: Bool { input.isWaitingForInput }

    /// The next data record, an error for a malformed one, or `nil` at the end of the input.
    public mutating func next() -> Result<CSVRecord, CSVSyntaxError>? {
        if fieldsHandedOut {
            fieldBytes.removeAll(keepingCapacity: true)
            fieldEnds.removeAll(keepingCapacity: true)
            fieldsHandedOut = false
        }
        while true {
            if input.hasUnexaminedBytes {
                // At a record's start (its field arrays empty, as `startNextRecord` and the top
                // of this method leave them).
                if splitsPlainLines, state == .fieldStart, input.cursor == input.start, let record = splitPlainLine() {
                    return .success(record)
                }
                if let result = parseStep() { return result }
            } else if input.keptCount > maximumRecordBytes {
                let reason: CSVSyntaxError.Reason = state == .quoted
                    ? .quotedFieldTooLong(limit: maximumRecordBytes) : .recordTooLong(limit: maximumRecordBytes)
                return fail(reason, resumeAt: resumePoint)
            } else {
                do {
                    if try !input.readChunk() { return finishAtEndOfInput() }
                } catch {
                    return failRead(error)
                }
            }
        }
    }
}

// MARK: - Header

extension CSVReader {
    private mutating func skipByteOrderMark() throws(CatalogOpenError) {
        do {
            while input.bytes.count < 3, try input.readChunk() {}
        } catch {
            throw .readFailed(String(describing: error))
        }
        if input.bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            input.start = 3
            input.cursor = 3
        }
    }

    private mutating func readHeader() throws(CatalogOpenError) -> [String] {
        switch next() {
        case nil:
            throw .missingHeader
        case .failure(let error):
            if case .readFailed(let detail) = error.reason { throw .readFailed(detail) }
            throw .malformedHeader(error)
        case .success(let record):
            recordsRead = 0
            var names: [String] = []
            for position in record.indices {
                guard let name = record.string(at: position) else {
                    throw .headerNotUTF8(column: position + 1)
                }
                names.append(name)
            }
            return names
        }
    }
}

// MARK: - Parsing

extension CSVReader {
    /// Examines bytes from the cursor in the current state; returns a record or an error when
    /// one ends, or `nil` when more bytes are needed.
    private mutating func parseStep() -> Result<CSVRecord, CSVSyntaxError>? {
        switch state {
        case .fieldStart: startField()
        case .unquoted: return scanUnquoted()
        case .quoted: scanQuoted()
        case .closingQuote: return afterClosingQuote()
        case .closingQuoteCR: return afterClosingQuoteCR()
        case .skippingLine: skipLine()
        }
        return nil
    }

    /// The record on the line at the cursor when that line is plain, split in one pass;
    /// `nil` (nothing consumed) for any line the byte-by-byte parser must read: one with a
    /// CR, an empty or over-long one, one whose LF is not read yet, or one with a quote
    /// anywhere but around a whole field. A plain line means the same to both: its unquoted
    /// fields hold no quote, and each quoted field is a quote, text without a quote (commas
    /// and all) and a quote right before a comma or the line's end, so it ends at its second
    /// quote (`""`, a field's line ending or text after a closing quote is the parser's).
    private mutating func splitPlainLine() -> CSVRecord? {
        let lineStart = input.cursor
        // The limit counts the record as written, its LF included (as `endRecord` does).
        guard let lineEnd = input.firstIndex(of: ASCII.lineFeed, in: lineStart..<input.bytes.count),
            lineEnd > lineStart, lineEnd + 1 - lineStart <= maximumRecordBytes,
            input.firstIndex(of: ASCII.carriageReturn, in: lineStart..<lineEnd) == nil
        else { return nil }
        if input.firstIndex(of: ASCII.quote, in: lineStart..<lineEnd) == nil {
            // No quoting: the line as it is, its commas the separators a record keeps.
            fieldBytes.append(contentsOf: input.bytes[lineStart..<lineEnd])
            var fieldStart = lineStart
            while let comma = input.firstIndex(of: ASCII.comma, in: fieldStart..<lineEnd) {
                fieldEnds.append(comma - lineStart)
                fieldStart = comma + 1
            }
            fieldEnds.append(lineEnd - lineStart)
        } else if !splitQuotedLine(lineStart..<lineEnd) {
            fieldBytes.removeAll(keepingCapacity: true)
            fieldEnds.removeAll(keepingCapacity: true)
            return nil
        }
        let record = CSVRecord(
            line: line, lastLine: line, recordNumber: recordsRead + 1, bytes: fieldBytes, fieldEnds: fieldEnds)
        startNextRecord(at: lineEnd + 1, emptyingFields: false, newlines: 1)
        fieldsHandedOut = true
        recordsRead += 1
        return record
    }

    /// Splits a line with quotes into the record's fields, each quoted one without its
    /// quotes; false, with fields left half made, when a quote is anywhere but around a whole
    /// field (see ``splitPlainLine()``).
    private mutating func splitQuotedLine(_ line: Range<Int>) -> Bool {
        var position = line.lowerBound
        while true {
            if position < line.upperBound, input.bytes[position] == ASCII.quote {
                guard let closing = input.firstIndex(of: ASCII.quote, in: (position + 1)..<line.upperBound),
                    closing + 1 == line.upperBound || input.bytes[closing + 1] == ASCII.comma
                else { return false }
                fieldBytes.append(contentsOf: input.bytes[(position + 1)..<closing])
                position = closing + 1
            } else {
                let end = input.firstIndex(of: ASCII.comma, in: position..<line.upperBound) ?? line.upperBound
                guard input.firstIndex(of: ASCII.quote, in: position..<end) == nil else { return false }
                fieldBytes.append(contentsOf: input.bytes[position..<end])
                position = end
            }
            fieldEnds.append(fieldBytes.count)
            guard position < line.upperBound else { return true }
            fieldBytes.append(ASCII.comma)  // the separator, as the parser keeps it
            position += 1
        }
    }

    private mutating func startField() {
        if input.bytes[input.cursor] == ASCII.quote {
            openingQuoteOffset = input.cursor - input.start
            input.cursor += 1
            state = .quoted
        } else {
            state = .unquoted
        }
    }

    /// Copies an unquoted field's bytes up to a comma, LF or quote.
    private mutating func scanUnquoted() -> Result<CSVRecord, CSVSyntaxError>? {
        let stop = input.firstIndex(from: input.cursor) {
            $0 == ASCII.comma || $0 == ASCII.lineFeed || $0 == ASCII.quote
        }
        fieldBytes.append(contentsOf: input.bytes[input.cursor..<stop])
        input.cursor = stop
        guard stop < input.bytes.count else { return nil }
        switch input.bytes[stop] {
        case ASCII.comma:
            endField(next: .fieldStart)
            return nil
        case ASCII.lineFeed:
            dropTrailingCarriageReturn()
            return endRecordAtNewline()
        default:
            return fail(.quoteInUnquotedField, resumeAt: stop)
        }
    }

    /// Copies a quoted field's bytes up to the next quote.
    private mutating func scanQuoted() {
        let stop = input.firstIndex(of: ASCII.quote, in: input.cursor..<input.bytes.count) ?? input.bytes.count
        fieldBytes.append(contentsOf: input.bytes[input.cursor..<stop])
        input.cursor = stop
        if stop < input.bytes.count {
            input.cursor += 1
            state = .closingQuote
        }
    }

    private mutating func afterClosingQuote() -> Result<CSVRecord, CSVSyntaxError>? {
        switch input.bytes[input.cursor] {
        case ASCII.quote:
            fieldBytes.append(ASCII.quote)
            input.cursor += 1
            state = .quoted
        case ASCII.comma:
            endField(next: .fieldStart)
        case ASCII.lineFeed:
            return endRecordAtNewline()
        case ASCII.carriageReturn:
            input.cursor += 1
            state = .closingQuoteCR
        default:
            return fail(.textAfterClosingQuote, resumeAt: input.cursor)
        }
        return nil
    }

    private mutating func afterClosingQuoteCR() -> Result<CSVRecord, CSVSyntaxError>? {
        guard input.bytes[input.cursor] == ASCII.lineFeed else {
            return fail(.textAfterClosingQuote, resumeAt: input.cursor)
        }
        return endRecordAtNewline()
    }

    /// Discards bytes up to and including the next LF, then starts a new record.
    private mutating func skipLine() {
        let newline = input.firstIndex(of: ASCII.lineFeed, in: input.cursor..<input.bytes.count) ?? input.bytes.count
        if newline < input.bytes.count {
            input.cursor = newline + 1
            line += 1
            state = .fieldStart
        } else {
            input.cursor = newline
        }
        input.start = input.cursor
    }
}

// MARK: - Ending fields and records

extension CSVReader {
    /// Ends the current field at the separator under the cursor and moves past it.
    private mutating func endField(next: ParseState) {
        fieldEnds.append(fieldBytes.count)
        fieldBytes.append(ASCII.comma)
        input.cursor += 1
        state = next
    }

    /// Removes a CR ending the current unquoted field: the first half of a CRLF row end.
    private mutating func dropTrailingCarriageReturn() {
        if fieldBytes.count > fieldEnds.last.map({ $0 + 1 }) ?? 0, fieldBytes.last == ASCII.carriageReturn {
            fieldBytes.removeLast()
        }
    }

    /// Ends the record at the LF under the cursor, moving past it.
    private mutating func endRecordAtNewline() -> Result<CSVRecord, CSVSyntaxError>? {
        input.cursor += 1
        return endRecord()
    }

    /// Ends the record just before the cursor.
    ///
    /// - Returns: the record, an error if it is too long, or `nil` for a blank line.
    private mutating func endRecord() -> Result<CSVRecord, CSVSyntaxError>? {
        if input.cursor - input.start > maximumRecordBytes {
            return fail(
                .recordTooLong(limit: maximumRecordBytes), resumeAt: input.cursor, then: .fieldStart
            )
        }
        fieldEnds.append(fieldBytes.count)
        let isBlankLine =
            fieldEnds.count == 1 && fieldBytes.isEmpty && input.bytes[input.start] != ASCII.quote
        state = .fieldStart
        guard !isBlankLine else {
            startNextRecord(at: input.cursor)
            return nil
        }
        // The line ends the record passes, counted once: for its last line and the next record's first.
        let newlines = input.newlineCount(in: input.start..<input.cursor)
        let endsAtNewline = input.cursor > input.start && input.bytes[input.cursor - 1] == ASCII.lineFeed
        let record = CSVRecord(
            line: line, lastLine: line + newlines - (endsAtNewline ? 1 : 0), recordNumber: recordsRead + 1,
            bytes: fieldBytes, fieldEnds: fieldEnds)
        startNextRecord(at: input.cursor, emptyingFields: false, newlines: newlines)
        fieldsHandedOut = true
        recordsRead += 1
        return .success(record)
    }

    /// At the end of the input: ends the last record, or reports an unclosed quoted field.
    private mutating func finishAtEndOfInput() -> Result<CSVRecord, CSVSyntaxError>? {
        guard input.cursor > input.start else { return nil }
        switch state {
        case .quoted:
            return fail(.unterminatedQuote, resumeAt: resumePoint)
        case .unquoted:
            dropTrailingCarriageReturn()
        case .fieldStart, .closingQuote, .closingQuoteCR:
            break
        case .skippingLine:
            return nil  // Unreachable: skipping keeps `input.start` at the cursor.
        }
        return endRecord()
    }

    /// Where to resume after a record is abandoned mid-way: past the opening quote of an open
    /// quoted field (the likely culprit), else at the cursor.
    private var resumePoint: Int {
        state == .quoted ? input.start + openingQuoteOffset + 1 : input.cursor
    }

    /// Reports the current record as malformed and resumes at `resumeAt`, by default skipping
    /// the rest of the line there.
    private mutating func fail(
        _ reason: CSVSyntaxError.Reason, resumeAt: Int, then nextState: ParseState = .skippingLine
    ) -> Result<CSVRecord, CSVSyntaxError> {
        recordsRead += 1
        // The line end that ended the record is not one it ran over.
        let endsAtNewline = input.cursor > input.start && input.bytes[input.cursor - 1] == ASCII.lineFeed
        let linesTaken = input.newlineCount(in: input.start..<input.cursor) - (endsAtNewline ? 1 : 0)
        let error = CSVSyntaxError(
            line: line, recordNumber: recordsRead, fieldIndex: fieldEnds.count, reason: reason,
            // The lines the record took, unless reading goes back to re-read them.
            lastLine: resumeAt >= input.cursor ? line + linesTaken : nil)
        startNextRecord(at: resumeAt)
        state = nextState
        return .failure(error)
    }

    /// Reports a read error for the current record and drops what is left, ending the sequence.
    private mutating func failRead(_ error: any Error) -> Result<CSVRecord, CSVSyntaxError> {
        fail(.readFailed(String(describing: error)), resumeAt: input.bytes.count, then: .fieldStart)
    }

    /// Forgets the current record and moves `input.start` to `position`, counting the lines
    /// passed on the way; `emptyingFields: false` leaves the fields to `next()`.
    private mutating func startNextRecord(at position: Int, emptyingFields: Bool = true, newlines: Int? = nil) {
        line += newlines ?? input.newlineCount(in: input.start..<position)
        input.start = position
        input.cursor = position
        if emptyingFields {
            fieldBytes.removeAll(keepingCapacity: true)
            fieldEnds.removeAll(keepingCapacity: true)
        }
    }
}
