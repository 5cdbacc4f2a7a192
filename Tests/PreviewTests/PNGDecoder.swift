// A PNG reader for the tests: checks every chunk's CRC and inflates the rows with zlib.
import CZlib

/// A decoded 8-bit RGB PNG.
struct DecodedPNG {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    enum Failure: Error { case signature, truncated, crc(String), header, inflate(Int32), filter(UInt8) }

    init(_ bytes: [UInt8]) throws {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure.signature }
        var offset = 8
        var header: [UInt8] = []
        var data: [UInt8] = []
        var ended = false
        while !ended {
            guard offset + 12 <= bytes.count else { throw Failure.truncated }
            let length = Int(Self.bigEndian(bytes, at: offset))
            guard offset + 12 + length <= bytes.count else { throw Failure.truncated }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = Array(bytes[offset + 8..<offset + 8 + length])
            let stored = Self.bigEndian(bytes, at: offset + 8 + length)
            let computed = Array(bytes[offset + 4..<offset + 8 + length]).withUnsafeBufferPointer {
                UInt32(crc32(0, $0.baseAddress, uInt($0.count)))
            }
            guard stored == computed else { throw Failure.crc(type) }
            switch type {
            case "IHDR": header = body
            case "IDAT": data += body
            case "IEND": ended = true
            default: break
            }
            offset += 12 + length
        }
        guard header.count == 13, header[8] == 8, header[9] == 2 else { throw Failure.header }
        width = Int(Self.bigEndian(header, at: 0))
        height = Int(Self.bigEndian(header, at: 4))
        let stride = width * 3
        var inflated = [UInt8](repeating: 0, count: (stride + 1) * height)
        var length = uLong(inflated.count)
        let status = inflated.withUnsafeMutableBufferPointer { output in
            data.withUnsafeBufferPointer { uncompress(output.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        guard status == Z_OK, Int(length) == inflated.count else { throw Failure.inflate(status) }
        // The encoder stores rows unfiltered (filter type 0).
        pixels = []
        pixels.reserveCapacity(stride * height)
        for row in 0..<height {
            let filter = inflated[row * (stride + 1)]
            guard filter == 0 else { throw Failure.filter(filter) }
            pixels += inflated[row * (stride + 1) + 1..<(row + 1) * (stride + 1)]
        }
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
