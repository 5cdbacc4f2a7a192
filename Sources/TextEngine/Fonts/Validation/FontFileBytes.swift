// Reading parts of a font file by offset, so that checking a 20 MB collection reads a few KB.
import Glibc

/// An open font file read with `pread` at the offsets its table directory gives.
final class FontFileBytes {
    /// The file's size in bytes.
    let size: UInt64
    private let descriptor: Int32

    /// Opens `path` for reading; nil when it cannot be opened or is not a regular file.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.size = UInt64(status.st_size)
    }

    deinit { close(descriptor) }

    /// Whether `count` bytes from `offset` lie inside the file (no overflow for any inputs).
    func contains(offset: UInt64, count: UInt64) -> Bool {
        offset <= size && count <= size - offset
    }

    /// `count` bytes from `offset`; nil when they do not lie inside the file or the read fails.
    func read(offset: UInt64, count: Int) -> BigEndianBytes? {
        guard count >= 0, contains(offset: offset, count: UInt64(count)) else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset) + off_t(done))
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return BigEndianBytes(bytes: bytes)
    }
}

/// Bytes read from a font file, with OpenType's big-endian integers at byte offsets.
struct BigEndianBytes {
    let bytes: [UInt8]

    var count: Int { bytes.count }

    func uint16(at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func int16(at offset: Int) -> Int16 { Int16(bitPattern: uint16(at: offset)) }

    func uint32(at offset: Int) -> UInt32 {
        UInt32(uint16(at: offset)) << 16 | UInt32(uint16(at: offset + 2))
    }

    /// Four bytes as an OpenType tag such as `cmap` or `OS/2`, non-printable bytes escaped.
    func tag(at offset: Int) -> String {
        String(bytes[offset..<offset + 4].map { (0x20...0x7E).contains($0) ? Character(UnicodeScalar($0)) : "?" })
    }
}
