// What a cached prepared text and a cached measurement depend on.
import BoundedCache

/// A text and the style fields that change how it is shaped and broken.
///
/// The text and language are compared by their UTF-8 bytes (``ByteString``): canonically
/// equivalent texts are different texts to shape. The font chain is identified by object:
/// a cached `PreparedText` holds its chain, so the identifier cannot be reused while cached.
struct PreparedTextKey: CacheKey {
    var text: ByteString
    var fonts: ObjectIdentifier
    var size: Double
    var displayScale: Double
    var language: ByteString
    var lineSpacing: Double
    var lineBreak: LineBreakStrictness
    var profile: MetricsProfile
    var css: CSSText
    /// The fields mixed once, when the key is made: a measurement is looked up in two
    /// caches, and each would otherwise hash the text again.
    private var digest: UInt64 = 0
    /// The style's fields mixed (all but the font chain's identity, which differs from one
    /// process to the next): the texts of one style are one admission class.
    private(set) var styleDigest: UInt64 = 0

    /// Inlined: called out of line, it was handed a copy of the style (retaining its font
    /// chain, a reference count every thread's measurements share).
    @inline(__always) init(text: String, style: TextStyle) {
        self.text = ByteString(text)
        fonts = ObjectIdentifier(style.fonts)
        size = style.size
        displayScale = style.displayScale
        language = ByteString(style.language)
        lineSpacing = style.lineSpacing
        lineBreak = style.lineBreak
        profile = style.profile
        css = style.css
        // Not the enums themselves: a String raw value would be hashed as its text.
        styleDigest = language.bytesHash &* 31
            ^ (size.bitPattern ^ displayScale.bitPattern.byteSwapped ^ lineSpacing.bitPattern &* 3)
            &+ UInt64(lineBreak.ordinal &* 4 &+ profile.ordinal) ^ css.digest
        // The chain's address itself, not its `hashValue` (a SipHash per key).
        digest = (self.text.bytesHash &+ styleDigest) ^ UInt64(UInt(bitPattern: fonts)).byteSwapped
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.fonts == rhs.fonts && lhs.size == rhs.size && lhs.displayScale == rhs.displayScale
            && lhs.lineSpacing == rhs.lineSpacing && lhs.lineBreak == rhs.lineBreak && lhs.profile == rhs.profile
            && lhs.css == rhs.css            && lhs.language == rhs.language && lhs.text == rhs.text
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    var cacheHash: UInt64 { digest }

    var admissionClass: UInt64 { styleDigest }
}

extension LineBreakStrictness {
    fileprivate var ordinal: Int {
        switch self {
        case .strict: 0
        case .normal: 1
        case .loose: 2
        case .phrase: 3
        case .auto: 4
        case .anywhere: 5
        }
    }
}

extension MetricsProfile {
    fileprivate var ordinal: Int {
        switch self {
        case .uikit: 0
        case .pango: 1
        case .browser: 2
        }
    }
}

/// A prepared text's key and the arguments of one measurement of it.
struct MeasurementKey: CacheKey {
    var text: PreparedTextKey
    /// The width in font units, as the line breaker sees it.
    var available: Int64
    var maxLines: Int
    var reserveLines: Int
    var ellipsize: Bool

    func hash(into hasher: inout Hasher) { hasher.combine(cacheHash) }

    /// The text's digest and the arguments, mixed without `Hasher`.
    var cacheHash: UInt64 { withArguments(text.cacheHash) }

    /// The style and the arguments: one label of a card template, say.
    var admissionClass: UInt64 { withArguments(text.styleDigest) }

    private func withArguments(_ digest: UInt64) -> UInt64 {
        (digest ^ UInt64(bitPattern: available) &* 0x9E37_79B9_7F4A_7C15)
            &+ (UInt64(bitPattern: Int64(maxLines)) << 1 ^ UInt64(bitPattern: Int64(reserveLines)) << 33)
            &+ (ellipsize ? 1 : 0)
    }
}

