// Reading what an input holds now, so that records in a pipe are parsed as they arrive.
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileHandle {
    /// Reads at most `buffer.count` bytes into `buffer` with one `read(2)`: whatever a pipe
    /// holds now, waiting only while it holds nothing; returns how many, 0 at the end of
    /// the input.
    ///
    /// Not `read(upToCount:)`, which on Linux reads on until it has `count` bytes or the
    /// input ends: the last records a producer has sent (Spark's `RDD.pipe`, a shell
    /// pipeline) would wait in the pipe for input that may come only after our output.
    func readAvailableBytes(into buffer: UnsafeMutableBufferPointer<UInt8>) throws -> Int {
        let descriptor = fileDescriptor
        while true {
            let result = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if result >= 0 { return result }
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }
}

extension FileHandle {
    /// Whether a `read(2)` now would return at once: bytes are waiting, the input has ended
    /// or failed, or it is a regular file (which `poll(2)` always reports ready).
    var hasBytesReady: Bool {
        var request = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&request, 1, 0)
            if result >= 0 { return result > 0 }
            guard errno == EINTR else { return true }  // the read reports the error
        }
    }
}

extension FileHandle {
    /// Whether the handle reads a regular file, whose reads never wait for a writer.
    var isRegularFile: Bool {
        var status = stat()
        return fstat(fileDescriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}

/// `read(2)`, by a name that `FileHandle`'s own `read` methods do not hide.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
