// Where output goes: results to a file or standard output, messages to stderr; every write checked.
import CatalogIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

enum StandardError {
    private static let failed = Atomic(false)

    /// Writes `text` on stderr; a failure (stderr closed, or full) is remembered, and the
    /// run then ends with a non-zero status (see ``CardSize/main()``).
    static func write(_ text: String) {
        do {
            try OutputFile.standardError.write(Array(text.utf8))
        } catch {
            failed.store(true, ordering: .relaxed)
        }
    }

    /// Whether a write to stderr has failed.
    static var hasFailed: Bool { failed.load(ordering: .relaxed) }
}

enum StandardOutput {
    /// Writes `text` and a newline on standard output; throws if that fails.
    static func print(_ text: String) throws {
        try OutputFile.standardOutput.write(Array((text + "\n").utf8))
    }
}

/// Where results go: a file, or standard output, through a 64 KiB buffer.
struct OutputSink {
    let output: OutputFile
    private var buffer: [UInt8] = []

    init(path: String?, inputs: [String]) throws {
        output = try OutputFile(path: path, inputs: inputs)
    }

    mutating func write(_ text: String) throws {
        try write { $0.append(contentsOf: text.utf8) }
    }

    /// Lets `append` write into the buffer directly, with no string in between.
    mutating func write(_ append: (inout [UInt8]) -> Void) throws {
        append(&buffer)
        if buffer.count >= 1 << 16 { try flush() }
    }

    mutating func flush() throws {
        try output.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and puts the output in place: the run has succeeded.
    mutating func commit() throws {
        try flush()
        try output.commit()
    }
}

/// `value` with `digits` digits after the point, as printf's `%.*f` writes it: for the
/// summaries' rates and times.
func fixedPoint(_ value: Double, digits: Int) -> String {
    withVaList([Int32(digits), value]) { arguments in
        var text = [CChar](repeating: 0, count: 512)  // room for any double with a few decimals
        return text.withUnsafeMutableBufferPointer { buffer in
            _ = vsnprintf(buffer.baseAddress, buffer.count, "%.*f", arguments)
            return String(cString: buffer.baseAddress!)
        }
    }
}

/// An error whose description is its message.
struct ValidationErrorMessage: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
