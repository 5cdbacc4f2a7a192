// A sliding window over an input's bytes, refilled in 64 KiB chunks, for both readers.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of an input stream that a parser still needs, read in chunks of up to 64 KiB
/// (a pipe's chunk is what it holds when read).
///
/// A parser examines bytes at `cursor` and keeps everything from `start` on (the record it
/// is inside); the bytes before `start` are dropped on the next ``readChunk()``. Memory is
/// therefore the longest span a parser keeps plus one chunk, whatever the input's size.
struct ChunkedByteInput {
    static let chunkSize = 1 << 16

    private let input: InputFile
    /// The window; index 0 is the oldest byte still held.
    private(set) var bytes: [UInt8] = []
    /// The first byte the parser still needs.
    var start = 0
    /// The next byte the parser will examine.
    var cursor = 0
    private var isAtEnd = false

    init(input: InputFile) {
        self.input = input
    }

    /// Whether bytes remain between `cursor` and the end of the window.
    var hasUnexaminedBytes: Bool { cursor < bytes.count }

    /// Whether the parser has examined every byte read and reading more would wait: the
    /// input is a pipe or a terminal that holds nothing now. A co-process's answers are
    /// written out at such moments; a regular file never waits.
    var isWaitingForInput: Bool {
        cursor >= bytes.count && !isAtEnd && !input.hasBytesReady
    }

    /// How many bytes the parser keeps: from `start` to the end of the window.
    var keptCount: Int { bytes.count - start }

    /// Drops the bytes before `start` (shifting `start` and `cursor`) and appends the next chunk.
    ///
    /// While the bytes kept are fewer than a chunk (the start of a line), they and the next
    /// chunk go to a new window, read into in place: a parser's lines may still hold slices
    /// of the old one (a batch of requests does), and shifting the bytes within it would
    /// copy all of it first. A longer record keeps its window, which grows geometrically.
    ///
    /// - Returns: `false` at the end of the input. After a read error, which is thrown once,
    ///   the input counts as ended.
    mutating func readChunk() throws -> Bool {
        guard !isAtEnd else { return false }
        let keptCount = bytes.count - start
        if keptCount < Self.chunkSize {
            bytes = bytes.withUnsafeBufferPointer { old in
                [UInt8](unsafeUninitializedCapacity: keptCount + Self.chunkSize) { buffer, initializedCount in
                    initializedCount = buffer.initialize(fromContentsOf: old[start...])
                }
            }
        } else {
            bytes.removeSubrange(0..<start)
        }
        cursor -= start
        start = 0
        do {
            let readCount = try bytes.appendRead(upTo: Self.chunkSize) { try input.readAvailableBytes(into: $0) }
            if readCount == 0 { isAtEnd = true }
            return readCount > 0
        } catch {
            isAtEnd = true
            throw error
        }
    }

    /// The index of the first byte at or after `index` that satisfies `isMatch`, or
    /// `bytes.count` when none does.
    ///
    /// - Complexity: O(*n*) in the bytes examined.
    @inline(__always)
    func firstIndex(from index: Int, where isMatch: (UInt8) -> Bool) -> Int {
        bytes.withUnsafeBufferPointer { window in
            var position = index
            while position < window.count && !isMatch(window[position]) { position += 1 }
            return position
        }
    }

    /// The index of the first `byte` in `range`, or `nil` when there is none: `memchr`, the C
    /// library's vectorised search, several bytes an instruction.
    func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard !range.isEmpty else { return nil }
        return bytes.withUnsafeBufferPointer { window in
            let base = window.baseAddress!
            return memchr(base + range.lowerBound, Int32(byte), range.count)
                .map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base }
        }
    }

    /// The number of LF bytes in `range`.
    func newlineCount(in range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { window in
            var count = 0
            for position in range where window[position] == ASCII.lineFeed { count += 1 }
            return count
        }
    }
}

/// The ASCII bytes that CSV and JSON Lines framing depends on.
enum ASCII {
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let quote: UInt8 = 0x22
    static let comma: UInt8 = 0x2C
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
}

extension [UInt8] {
    /// Appends what `read` writes into room for `count` more bytes; returns how many it wrote.
    fileprivate mutating func appendRead(
        upTo count: Int, _ read: (UnsafeMutableBufferPointer<UInt8>) throws -> Int
    ) rethrows -> Int {
        var readCount = 0
        try append(addingCapacity: count) { span in
            try span.withUnsafeMutableBufferPointer { buffer, initialized in
                readCount = try read(UnsafeMutableBufferPointer(rebasing: buffer[initialized..<(initialized + count)]))
                initialized += readCount
            }
        }
        return readCount
    }
}
