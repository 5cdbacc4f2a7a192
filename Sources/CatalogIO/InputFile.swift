// The input a catalog reader reads: a file it opened, standard input or a pipe it was given.
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An input read from start to end by ``CatalogReader``, ``CSVReader`` or
/// ``BoundedLineReader``: a file opened by path, closed once no reader holds it, or a
/// descriptor that stays its owner's (standard input, a pipe).
///
/// ```swift
/// let input = try InputFile(path: "books.csv")
/// let reader = try CatalogReader(input: input, format: .csv)
/// ```
public final class InputFile: Sendable {
    /// The descriptor read from.
    public let descriptor: FileDescriptor
    private let closesDescriptor: Bool

    /// Standard input, left open.
    public static let standardInput = InputFile(descriptor: .standardInput)

    /// Opens the file at `path` for reading.
    /// - Throws: ``CatalogOpenError/cannotOpen(path:)``.
    public init(path: String) throws(CatalogOpenError) {
        do {
            descriptor = try FileDescriptor.open(path, .readOnly, options: .closeOnExec)
        } catch {
            throw .cannotOpen(path: path)
        }
        closesDescriptor = true
    }

    /// Reads `descriptor`, which its owner closes.
    public init(descriptor: FileDescriptor) {
        self.descriptor = descriptor
        closesDescriptor = false
    }

    deinit {
        if closesDescriptor { try? descriptor.close() }
    }

    /// Reads at most `buffer.count` bytes into `buffer` with one `read(2)`: whatever a pipe
    /// holds now, waiting only while it holds nothing; returns how many, 0 at the end of
    /// the input.
    ///
    /// One read rather than reading on until `buffer` is full or the input ends: the last
    /// records a producer has sent (Spark's `RDD.pipe`, a shell pipeline) would wait in the
    /// pipe for input that may come only after our output.
    func readAvailableBytes(into buffer: UnsafeMutableBufferPointer<UInt8>) throws -> Int {
        try descriptor.read(into: UnsafeMutableRawBufferPointer(buffer), retryOnInterrupt: true)
    }

    /// Whether a `read(2)` now would return at once: bytes are waiting, the input has ended
    /// or failed, or it is a regular file (which `poll(2)` always reports ready).
    var hasBytesReady: Bool {
        var request = pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&request, 1, 0)
            if result >= 0 { return result > 0 }
            guard errno == EINTR else { return true }  // the read reports the error
        }
    }

    /// Whether the input is a regular file, whose reads never wait for a writer.
    var isRegularFile: Bool {
        var status = stat()
        return fstat(descriptor.rawValue, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

}
