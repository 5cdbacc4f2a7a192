// Writing CSV rows (RFC 4180), quoting fields only where needed, for output files.

/// Writes CSV rows to an ``OutputFile``, buffered in 64 KiB blocks; what it writes, ``CSVReader``
/// reads back field for field.
///
/// Rows end with LF. A field is quoted when it contains a comma, quote, CR or LF, with its
/// quotes doubled; a row of one empty field is written `""` so that it is not a blank line.
/// Call ``flush()`` when done to see write errors; the writer also flushes, ignoring errors,
/// when it is released.
public final class CSVWriter {
    private let output: OutputFile
    private var buffer: [UInt8] = []

    public init(output: OutputFile) {
        self.output = output
        buffer.reserveCapacity(ChunkedByteInput.chunkSize + 4096)
    }

    deinit { try? flush() }

    /// Appends one row, writing the buffer out once it holds 64 KiB.
    public func write(row fields: [String]) throws {
        if fields.count == 1 && fields[0].isEmpty {
            buffer.append(contentsOf: [ASCII.quote, ASCII.quote])
        } else {
            for (position, field) in fields.enumerated() {
                if position > 0 { buffer.append(ASCII.comma) }
                Self.appendEscaped(field, to: &buffer)
            }
        }
        buffer.append(ASCII.lineFeed)
        if buffer.count >= ChunkedByteInput.chunkSize { try flush() }
    }

    /// Writes out everything buffered.
    public func flush() throws {
        guard !buffer.isEmpty else { return }
        try output.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// `field` as written in a CSV row: unchanged, or quoted with its quotes doubled when it
    /// contains a comma, quote, CR or LF.
    public static func escape(_ field: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(field, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `field` as a CSV row holds it; shared with the catalog generator, which
    /// builds its rows byte by byte.
    public static func appendEscaped(_ field: String, to bytes: inout [UInt8]) {
        var field = field
        field.withUTF8 { utf8 in
            guard utf8.contains(where: needsQuoting) else {
                bytes.append(contentsOf: utf8)
                return
            }
            bytes.append(ASCII.quote)
            for byte in utf8 {
                if byte == ASCII.quote { bytes.append(ASCII.quote) }
                bytes.append(byte)
            }
            bytes.append(ASCII.quote)
        }
    }

    private static func needsQuoting(_ byte: UInt8) -> Bool {
        byte == ASCII.comma || byte == ASCII.quote || byte == ASCII.carriageReturn
            || byte == ASCII.lineFeed
    }
}
