// UTF-8 validation by hand: the standard library's `String(validating:as:)` is generic over
// the encoding, and slow on the short non-ASCII fields catalogs are made of.

/// Checks bytes for well-formed UTF-8 (Unicode's table 3-7) without building a string.
public enum UTF8Validation {
    /// Whether `bytes` are well-formed UTF-8.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset < bytes.count {
            if bytes[offset] < 0x80 {
                offset += 1
                // Catalog text is mostly ASCII: eight bytes at a time while no high bit is set.
                while offset + 8 <= bytes.count,
                    UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    offset += 8
                }
            } else {
                guard let length = sequenceLength(in: bytes, at: offset) else { return false }
                offset += length
            }
        }
        return true
    }

    /// The length of the well-formed sequence of a non-ASCII scalar at `offset`; nil when
    /// none starts there.
    public static func sequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch bytes[offset] {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return nil
        }
        guard offset + length <= bytes.count, second.contains(bytes[offset + 1]) else { return nil }
        for index in (offset + 2)..<(offset + length) where !(0x80...0xBF).contains(bytes[index]) { return nil }
        return length
    }
}
