// Test hooks: a PNG read back into a bitmap, and where a bitmap has ink.

extension Bitmap {
    /// Why a PNG could not be read back.
    package enum PNGFailure: Error { case signature, truncated, crc(String), header, inflate, filter(UInt8) }

    /// The bitmap of an 8-bit RGB PNG as ``PNGEncoder`` writes it: every chunk's CRC
    /// checked, the rows inflated with zlib.
    package init(png bytes: [UInt8]) throws {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw PNGFailure.signature }
        var offset = 8
        var header: [UInt8] = []
        var data: [UInt8] = []
        var ended = false
        while !ended {
            guard offset + 12 <= bytes.count else { throw PNGFailure.truncated }
            let length = Int(Self.bigEndian(bytes, at: offset))
            guard offset + 12 + length <= bytes.count else { throw PNGFailure.truncated }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = Array(bytes[offset + 8..<offset + 8 + length])
            let stored = Self.bigEndian(bytes, at: offset + 8 + length)
            let computed = Zlib.crc32(Array(bytes[offset + 4..<offset + 8 + length]))
            guard stored == computed else { throw PNGFailure.crc(type) }
            switch type {
            case "IHDR": header = body
            case "IDAT": data += body
            case "IEND": ended = true
            default: break
            }
            offset += 12 + length
        }
        guard header.count == 13, header[8] == 8, header[9] == 2 else { throw PNGFailure.header }
        let width = Int(Self.bigEndian(header, at: 0))
        let height = Int(Self.bigEndian(header, at: 4))
        let stride = width * 3
        guard let inflated = Zlib.uncompress(data, count: (stride + 1) * height) else { throw PNGFailure.inflate }
        // The encoder stores rows unfiltered (filter type 0).
        var pixels: [UInt8] = []
        pixels.reserveCapacity(stride * height)
        for row in 0..<height {
            let filter = inflated[row * (stride + 1)]
            guard filter == 0 else { throw PNGFailure.filter(filter) }
            pixels += inflated[row * (stride + 1) + 1..<(row + 1) * (stride + 1)]
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// Every pixel that is not the background's white, row by row.
    package var inkPixels: [(x: Int, y: Int)] {
        var ink: [(x: Int, y: Int)] = []
        pixels.withUnsafeBufferPointer { pixels in
            var index = 0
            while index < pixels.count {
                if pixels[index] & pixels[index + 1] & pixels[index + 2] != 255 {
                    ink.append((x: index / 3 % width, y: index / 3 / width))
                }
                index += 3
            }
        }
        return ink
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
