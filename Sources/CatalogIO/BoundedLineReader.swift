// Splitting a byte stream into lines of bounded length, for JSON Lines input.

/// One line of input, without its LF (a CR before it stays: JSON counts it as whitespace).
public struct InputLine: Sendable {
    /// The 1-based physical line number.
    public let number: Int
    public let bytes: ArraySlice<UInt8>

    /// A line held in memory (for the fuzz targets, which have no file to read).
    package init(number: Int, bytes: ArraySlice<UInt8>) {
        self.number = number
        self.bytes = bytes
    }
}

/// A line that could not be delivered: too long, or a read error.
public struct LineFailure: Error, Sendable {
    public let number: Int
    public let message: String
}

/// Reads LF-separated lines from an input, streaming.
///
/// A line longer than the limit is reported as a failure and skipped without being kept, so
/// memory stays bounded. A read error is reported once and ends the sequence.
public struct BoundedLineReader: Sequence, IteratorProtocol {
    private var input: ChunkedByteInput
    private let maximumLineBytes: Int
    private var linesRead = 0
    /// Whether the rest of an overlong line is being discarded.
    private var isSkipping = false

    public init(input: InputFile, maximumLineBytes: Int) {
        self.input = ChunkedByteInput(input: input)
        self.maximumLineBytes = maximumLineBytes
    }

    /// Whether every line read so far has been delivered and the input holds nothing more
    /// yet: the moment for a co-process to write out its answers.
    public var isWaitingForInput: Bool { input.isWaitingForInput }

    public mutating func next() -> Result<InputLine, LineFailure>? {
        while true {
            let newline = input.firstIndex(of: ASCII.lineFeed, in: input.cursor..<input.bytes.count) ?? input.bytes.count
            input.cursor = newline
            if newline < input.bytes.count {
                if let line = takeLine(endingAt: newline, resumingAt: newline + 1) { return line }
                continue
            }
            if isSkipping {
                input.start = newline
            } else if input.keptCount > maximumLineBytes {
                return skipOverlongLine()
            }
            do {
                if try !input.readChunk() { return takeLastLine() }
            } catch {
                input.start = input.bytes.count
                return .failure(
                    LineFailure(number: linesRead + 1, message: "read failed: \(error)"))
            }
        }
    }

    /// Delivers the bytes from `input.start` to `end` as a line (or `nil` if it is being
    /// skipped) and continues at `resumePoint`.
    private mutating func takeLine(endingAt end: Int, resumingAt resumePoint: Int)
        -> Result<InputLine, LineFailure>?
    {
        let bytes = input.bytes[input.start..<end]
        input.start = resumePoint
        input.cursor = resumePoint
        linesRead += 1
        if isSkipping {
            isSkipping = false
            return nil
        }
        guard bytes.count <= maximumLineBytes else { return overlongFailure(linesRead) }
        return .success(InputLine(number: linesRead, bytes: bytes))
    }

    /// Delivers a last line that has no LF, if there is one.
    private mutating func takeLastLine() -> Result<InputLine, LineFailure>? {
        guard input.keptCount > 0 else { return nil }
        return takeLine(endingAt: input.bytes.count, resumingAt: input.bytes.count)
    }

    private mutating func skipOverlongLine() -> Result<InputLine, LineFailure> {
        isSkipping = true
        input.start = input.cursor
        return overlongFailure(linesRead + 1)
    }

    private func overlongFailure(_ number: Int) -> Result<InputLine, LineFailure> {
        .failure(LineFailure(number: number, message: "line longer than \(maximumLineBytes) bytes"))
    }
}
