// A string compared and hashed by its UTF-8 bytes: the cache keys' text.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A string that is equal to another only when their UTF-8 bytes are, hashed by those
/// bytes.
///
/// `String` calls a precomposed "é" and "e" + U+0301 equal, but a text engine must not:
/// they are shaped differently and count scalars differently. Byte hashing is also several
/// times cheaper than `String`'s normalising hash, which matters when every label of a
/// million-card catalog is looked up.
public struct ByteString: Hashable, Sendable {
    public let string: String

    @inlinable public init(_ string: String) { self.string = string }

    @inlinable public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.withUTF8 { l in
            rhs.withUTF8 { r in
                l.count == r.count && (l.isEmpty || memcmp(l.baseAddress!, r.baseAddress!, l.count) == 0)
            }
        }
    }

    /// The string's UTF-8 bytes, read in place: a native string's are contiguous, and
    /// borrowing them takes no copy (`String.withUTF8` is mutating, and the copy it needed
    /// retained and released the string's storage on every hash and comparison).
    @inlinable func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = string
        return copy.withUTF8(body)
    }

    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(bytesHash) }

    /// A fast hash of the bytes, eight at a time (a multiply–xorshift mix), which `Hasher`
    /// then seeds and finalises once; hashing the bytes through `Hasher` directly would be
    /// a large share of a cache hit.
    @inlinable public var bytesHash: UInt64 {
        withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
            var offset = 0
            while offset + 8 <= raw.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
                hash ^= hash >> 32
                offset += 8
            }
            var tail: UInt64 = 0
            if raw.count >= 8 {
                // The last eight bytes, overlapping those mixed above: one load, not a byte loop.
                tail = raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self)
            } else {
                for position in 0..<raw.count { tail |= UInt64(raw[position]) << (8 * UInt64(position)) }
            }
            hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
            return hash ^ (hash >> 29)
        }
    }
}
