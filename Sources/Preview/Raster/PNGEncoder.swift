// PNG encoding: a bitmap as an 8-bit RGB PNG, its chunks written here, deflate by zlib.

/// Writes bitmaps as PNG files (8-bit RGB, no interlacing): the signature, `IHDR`, one
/// `IDAT` of the deflated rows and `IEND`, each chunk with its CRC-32. Rows are stored
/// unfiltered: previews are flat colours, which deflate compresses better raw than after
/// any of PNG's predictors (docs/performance.md, "Pictures"). Deterministic.
public struct PNGEncoder: Sendable {
    public init() {}

    /// The PNG file's bytes.
    /// - Throws: ``PreviewError/compression(code:)`` if zlib fails.
    public func encode(_ bitmap: Bitmap) throws(PreviewError) -> [UInt8] {
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(bitmap.width))
        header.appendBigEndian(UInt32(bitmap.height))
        header += [8, 2, 0, 0, 0]  // bit depth 8, colour type 2 (RGB), deflate, filter method 0, no interlace
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += Self.chunk("IHDR", header)
        file += Self.chunk("IDAT", try Zlib.compress(rows(of: bitmap)))
        file += Self.chunk("IEND", [])
        return file
    }

    /// Every row preceded by its filter type, 0 (none).
    private func rows(of bitmap: Bitmap) -> [UInt8] {
        let stride = bitmap.width * 3
        var output: [UInt8] = []
        output.reserveCapacity((stride + 1) * bitmap.height)
        for row in 0..<bitmap.height {
            output.append(0)
            output += bitmap.pixels[row * stride..<(row + 1) * stride]
        }
        return output
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        var chunk: [UInt8] = []
        chunk.appendBigEndian(UInt32(data.count))
        chunk += typeBytes
        chunk += data
        chunk.appendBigEndian(Zlib.crc32(data, continuing: Zlib.crc32(typeBytes)))
        return chunk
    }
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
