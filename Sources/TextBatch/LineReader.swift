// Reading a byte stream line by line, without decoding it, so invalid UTF-8 is reported
// per line instead of being replaced.
import Foundation

/// Splits a file descriptor's bytes into lines at LF (a CR before it is dropped).
public struct LineReader: Sequence, IteratorProtocol {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false

    public init(handle: FileHandle) { self.handle = handle }

    public mutating func next() -> [UInt8]? {
        while true {
            if let newline = buffer[position...].firstIndex(of: 0x0A) {
                var line = Array(buffer[position..<newline])
                position = newline + 1
                if line.last == 0x0D { line.removeLast() }
                return line
            }
            if atEnd {
                guard position < buffer.count else { return nil }
                let line = Array(buffer[position...])
                position = buffer.count
                return line
            }
            buffer.removeFirst(position)
            position = 0
            let chunk = handle.readData(ofLength: 1 << 16)
            if chunk.isEmpty { atEnd = true } else { buffer.append(contentsOf: chunk) }
        }
    }
}
