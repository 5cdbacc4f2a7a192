// Where output goes: buffered results to a file or standard output, messages to stderr.
import Foundation

enum StandardError {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Where results go: a file, or standard output, through a 64 KiB buffer.
struct OutputSink {
    private let handle: FileHandle
    private var buffer: [UInt8] = []

    init(path: String?) throws {
        guard let path else {
            handle = .standardOutput
            return
        }
        handle = try openOutputFile(path)
    }

    mutating func write(_ text: String) {
        write { $0.append(contentsOf: text.utf8) }
    }

    /// Lets `append` write into the buffer directly, with no string in between.
    mutating func write(_ append: (inout [UInt8]) -> Void) {
        append(&buffer)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        handle.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    mutating func close() throws {
        flush()
        if handle !== FileHandle.standardOutput { try handle.close() }
    }
}

/// An error whose description is its message.
struct ValidationErrorMessage: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The file at `path` opened for writing, created or truncated in place, or standard
/// output for `-`. Not `FileManager.createFile`: it writes through a temporary file and a
/// rename, which would replace a device such as `/dev/null` or `/dev/stdout` with a regular
/// file.
func openOutputFile(_ path: String) throws -> FileHandle {
    if path == "-" { return .standardOutput }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else {
        throw ValidationErrorMessage("cannot write to '\(path)': \(String(cString: strerror(errno)))")
    }
    return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
}
