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
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw ValidationErrorMessage("cannot write to '\(path)'") }
        self.handle = handle
    }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
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
