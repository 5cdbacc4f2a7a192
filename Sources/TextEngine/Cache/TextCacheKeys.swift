// What a cached prepared text and a cached measurement depend on.

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
        combineBytes(of: text, into: &hasher)
        hasher.combine(fonts)
        hasher.combine(size)
        hasher.combine(displayScale)
        combineBytes(of: language, into: &hasher)
        hasher.combine(lineSpacing)
        hasher.combine(lineBreak)
        hasher.combine(profile)
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
    return lhs.withUTF8 { left in rhs.withUTF8 { right in left.elementsEqual(right) } }
}

private func combineBytes(of string: String, into hasher: inout Hasher) {
    var string = string
    string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    hasher.combine(string.utf8.count)  // ends the variable-length field
}
