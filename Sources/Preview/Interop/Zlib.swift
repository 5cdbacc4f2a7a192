// zlib: deflate for PNG's image data and CRC-32 for its chunks (inflate for tests).
import CZlib

/// The zlib functions PNG needs.
enum Zlib {
    /// `bytes` as one zlib stream (`compress2` at the best compression level): the same
    /// bytes in, the same bytes out.
    static func compress(_ bytes: [UInt8]) throws(PreviewError) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBufferPointer { input in
                compress2(output.baseAddress, &length, input.baseAddress, uLong(input.count), Z_BEST_COMPRESSION)
            }
        }
        guard status == Z_OK else { throw .compression(code: status) }
        output.removeSubrange(Int(length)...)
        return output
    }

    /// The CRC-32 of `bytes` (`crc32`), continuing from `crc`.
    static func crc32(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(CZlib.crc32(uLong(crc), $0.baseAddress, uInt($0.count))) }
    }

    /// The `count` bytes a zlib stream inflates to (`uncompress`), or nil when it does not
    /// inflate to exactly that many.
    static func uncompress(_ stream: [UInt8], count: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: count)
        var length = uLong(count)
        let status = output.withUnsafeMutableBufferPointer { output in
            stream.withUnsafeBufferPointer { CZlib.uncompress(output.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        return status == Z_OK && Int(length) == count ? output : nil
    }
}
