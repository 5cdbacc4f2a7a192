// What a cached prepared text and a cached measurement depend on.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A text and the style fields that change how it is shaped and broken.
///
/// The text is compared by its UTF-8 bytes, not by `String`'s canonical equivalence: a
/// precomposed "é" and "e" + U+0301 are shaped differently and count scalars differently,
/// so they must not share an entry. Byte hashing is also several times cheaper than
/// `String`'s normalising hash. The font chain is identified by object: a cached
/// `PreparedText` holds its chain, so the identifier cannot be reused while cached.
struct PreparedTextKey: Hashable, Sendable {
    var text: String
    var fonts: ObjectIdentifier
    var size: Double
    var displayScale: Double
    var language: String
    var lineSpacing: Double
    var lineBreak: LineBreakStrictness
    var profile: MetricsProfile

    init(text: String, style: TextStyle) {
        self.text = text
        fonts = ObjectIdentifier(style.fonts)
        size = style.size
        displayScale = style.displayScale
        language = style.language
        lineSpacing = style.lineSpacing
        lineBreak = style.lineBreak
        profile = style.profile
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.fonts == rhs.fonts && lhs.size == rhs.size && lhs.displayScale == rhs.displayScale
            && lhs.lineSpacing == rhs.lineSpacing && lhs.lineBreak == rhs.lineBreak && lhs.profile == rhs.profile
            && sameBytes(lhs.language, rhs.language) && sameBytes(lhs.text, rhs.text)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytesHash(text) &+ bytesHash(language) &* 31)
        hasher.combine(fonts)
        hasher.combine(size.bitPattern ^ displayScale.bitPattern.byteSwapped ^ lineSpacing.bitPattern &* 3)
        // Not the enums themselves: a String raw value would be hashed as its text.
        hasher.combine(lineBreak.ordinal &* 4 &+ profile.ordinal)
    }
}

extension LineBreakStrictness {
    fileprivate var ordinal: Int {
        switch self {
        case .strict: 0
        case .normal: 1
        case .loose: 2
        }
    }
}

extension MetricsProfile {
    fileprivate var ordinal: Int {
        switch self {
        case .uikit: 0
        case .pango: 1
        }
    }
}

/// A prepared text's key and the arguments of one measurement of it.
struct MeasurementKey: Hashable, Sendable {
    var text: PreparedTextKey
    /// The width in font units, as the line breaker sees it.
    var available: Int64
    var maxLines: Int
    var reserveLines: Int
    var ellipsize: Bool
}

private func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
    var lhs = lhs
    var rhs = rhs
    return lhs.withUTF8 { left in
        rhs.withUTF8 { right in
            left.count == right.count && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
        }
    }
}

/// A fast hash of a string's UTF-8 bytes, eight at a time (a multiply–xorshift mix), which
/// `Hasher` then seeds and finalises once. Hashing the bytes through `Hasher` directly cost
/// about a thousand instructions per title, a third of a cache hit.
private func bytesHash(_ string: String) -> UInt64 {
    var string = string
    return string.withUTF8 { bytes in
        let raw = UnsafeRawBufferPointer(bytes)
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            offset += 8
        }
        var tail: UInt64 = 0
        for (position, byte) in raw[offset...].enumerated() { tail |= UInt64(byte) << (8 * UInt64(position)) }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 29)
    }
}
