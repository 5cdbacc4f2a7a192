// Fullwidth punctuation collapsing (CSS `text-spacing-trim: normal`) as Blink does it
// (third_party/blink/renderer/platform/fonts/shaping/han_kerning.cc).
import CHarfBuzz

/// The CSS Text 4 spacing class of a character for punctuation collapsing, as Blink's
/// `HanKerning::CharType` sorts them (with the font deciding dots, colons and quotes).
enum HanKerningClass: UInt8, Sendable {
    case other, open, close, middle, openNarrow, closeNarrow

    /// Whether `scalar` may be a fullwidth bracket, dot, colon or quote that collapses: one
    /// comparison for most characters.
    static func mayCollapse(_ scalar: UInt32) -> Bool {
        scalar >= 0x2018 && ((0x3000...0x303F).contains(scalar) || (0xFF00...0xFF60).contains(scalar)
            || (0x2018...0x201D).contains(scalar))
    }

    /// The class of `scalar` before the font has a say: fullwidth opening and closing brackets
    /// (in CJK Symbols and Punctuation or East Asian Fullwidth), the narrow ones, and the
    /// middle characters; nil for the ones a font decides (dots, colon, semicolon, quotes).
    static func unicodeClass(of scalar: UInt32) -> HanKerningClass? {
        switch scalar {
        case 0x3000, 0x00B7, 0x2027, 0x30FB: return .middle
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0x2018, 0x201C, 0x2019, 0x201D: return nil
        default: break
        }
        guard let character = Unicode.Scalar(scalar) else { return .other }
        let isWide = (0x3000...0x303F).contains(scalar) || (0xFF00...0xFF60).contains(scalar)
            || (0xFFE0...0xFFE6).contains(scalar)
        switch character.properties.generalCategory {
        case .openPunctuation: return isWide ? .open : .openNarrow
        case .closePunctuation: return isWide ? .close : .closeNarrow
        default: return .other
        }
    }
}

/// What one font says about punctuation collapsing: whether it has `halt`, how its dots,
/// colon, semicolon and quotes sit (from their glyph bounds, as Blink's `FontData` reads
/// them), and how much `halt` takes off each collapsible character it has.
struct HanKerningFont: Sendable {
    let hasAlternateSpacing: Bool
    private let typeForDot, typeForColon, typeForSemicolon: HanKerningClass
    private let quotesAreFullwidth: Bool
    /// `halt`'s change to the advance of each collapsible character the font has, in its units.
    private let changes: [UInt32: Int32]

    /// The characters whose class or advance change is worked out per font.
    private static let dots: [UInt32] = [0x3001, 0x3002, 0xFF0C, 0xFF0E]
    private static let quotes: [UInt32] = [0x201C, 0x2018, 0x201D, 0x2019]
    /// Every character that may collapse: the fullwidth brackets and the font-decided ones.
    private static let collapsible: [UInt32] = dots + [0xFF1A, 0xFF1B] + quotes + [0x3000, 0x00B7, 0x2027, 0x30FB]
        + (0x3000...0x303F).filter { [.open, .close].contains(HanKerningClass.unicodeClass(of: $0)) }
        + (0xFF00...0xFF60).filter { [.open, .close].contains(HanKerningClass.unicodeClass(of: $0)) }

    init(font: HarfBuzzFont, language: OpaquePointer?) {
        hasAlternateSpacing = font.hasPositioningFeature("halt")
        guard hasAlternateSpacing else {
            (typeForDot, typeForColon, typeForSemicolon, quotesAreFullwidth, changes) = (.other, .other, .other, false, [:])
            return
        }
        func type(_ scalars: [UInt32]) -> HanKerningClass {
            let types = scalars.map { font.hanKerningBoundsClass(of: $0) }
            return types.allSatisfy { $0 == types[0] } ? types[0] : .other
        }
        typeForDot = type(Self.dots)
        typeForColon = type([0xFF1A])
        typeForSemicolon = type([0xFF1B])
        quotesAreFullwidth = type(Array(Self.quotes.prefix(2))) == .open && type(Array(Self.quotes.suffix(2))) == .close
        var changes: [UInt32: Int32] = [:]
        for scalar in Self.collapsible {
            if let change = font.advanceChange(of: scalar, feature: "halt", language: language), change != 0 {
                changes[scalar] = change
            }
        }
        self.changes = changes
    }

    /// `HanKerning::GetCharType`.
    func type(of scalar: UInt32) -> HanKerningClass {
        if let type = HanKerningClass.unicodeClass(of: scalar) { return type }
        switch scalar {
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E: return typeForDot
        case 0xFF1A: return typeForColon
        case 0xFF1B: return typeForSemicolon
        case 0x201C, 0x2018: return quotesAreFullwidth ? .open : .openNarrow
        default: return quotesAreFullwidth ? .close : .closeNarrow
        }
    }

    /// How much `halt` changes `scalar`'s advance (negative), or 0.
    func change(of scalar: UInt32) -> Int32 { changes[scalar] ?? 0 }
}

/// Which clusters collapse where, for a text of the browser profile.
enum HanKerning {
    /// Blink's `ShouldKern`: an opening bracket after an opening, middle or closing one, or
    /// a narrow opening one, collapses.
    static func collapses(_ type: HanKerningClass, after last: HanKerningClass) -> Bool {
        type == .open && [.open, .middle, .close, .openNarrow].contains(last)
    }

    /// Blink's `ShouldKernLast`: a closing bracket before a closing, middle or narrow closing
    /// one collapses.
    static func collapses(_ last: HanKerningClass, before type: HanKerningClass) -> Bool {
        last == .close && [.close, .middle, .closeNarrow].contains(type)
    }

    /// Collapses adjacent fullwidth punctuation in `advances` (`HanKerning::Compute`): each
    /// cluster drawn by a font with `halt` looks at its neighbours, whatever draws them. Returns
    /// what each other fullwidth closing bracket may still collapse at the end of a line that
    /// would not fit otherwise (negative, font units, by cluster): headless Chromium collapses
    /// such a bracket (`泉鏡花作『外科室』` keeps `室』` together at 32 px in 49 px) but not a dot
    /// (`ませ|ん。` at 14 px in 54 px) nor an opening bracket that starts a line, which CSS's
    /// `allow-end` and `space-first` would.
    static func apply(
        to analysis: borrowing TextAnalysis, fonts: [HanKerningFont], advances: inout ScratchBuffer<Int32>
    ) -> [Int32: Int32] {
        var lineEnds: [Int32: Int32] = [:]
        let count = analysis.clusterCount
        let scalars = analysis.scalars, offsets = analysis.clusterScalarOffsets
        // Blink's `MayApply`: only a text with a character that may collapse is looked at.
        guard analysis.largestScalar >= 0x2018,
            scalars.withUnsafeBufferPointer({ $0.contains(where: HanKerningClass.mayCollapse) })
        else { return lineEnds }
        let firstScalar = { (cluster: Int) in scalars[Int(offsets[cluster])] }
        for cluster in 0..<count {
            // Only a character that may collapse is an opening or closing bracket of a font's.
            let scalar = firstScalar(cluster)
            guard HanKerningClass.mayCollapse(scalar) else { continue }
            let font = fonts[Int(analysis.clusterFonts[cluster])]
            guard font.hasAlternateSpacing else { continue }
            let type = font.type(of: scalar)
            guard type == .open || type == .close else { continue }
            let last = cluster > 0 ? font.type(of: firstScalar(cluster - 1)) : .other
            let next = cluster + 1 < count ? font.type(of: firstScalar(cluster + 1)) : .other
            let change = font.change(of: scalar)
            guard change != 0 else { continue }
            if type == .open ? collapses(type, after: last) : collapses(type, before: next) {
                advances[Int(offsets[cluster + 1]) - 1] += change
            } else if HanKerningClass.unicodeClass(of: scalar) == .close {
                lineEnds[Int32(cluster)] = change
            }
        }
        return lineEnds
    }
}

extension HarfBuzzFont {
    /// Whether the face's GPOS has the feature `tag`.
    func hasPositioningFeature(_ tag: String) -> Bool {
        let wanted = Self.tag(tag)
        var count: UInt32 = 64
        var tags = [hb_tag_t](repeating: 0, count: 64)
        hb_ot_layout_table_get_feature_tags(face.face, Self.tag("GPOS"), 0, &count, &tags)
        return tags.prefix(Int(count)).contains(wanted)
    }

    /// How much `feature` changes the advance of `scalar` shaped alone, or nil when the font
    /// lacks the character.
    func advanceChange(of scalar: UInt32, feature: String, language: OpaquePointer?) -> Int32? {
        guard hasGlyph(for: Unicode.Scalar(scalar) ?? "\u{0}") else { return nil }
        let advance = { (value: UInt32) -> Int32 in
            let buffer = hb_buffer_create()!
            defer { hb_buffer_destroy(buffer) }
            hb_buffer_add_codepoints(buffer, [scalar], 1, 0, 1)
            hb_buffer_guess_segment_properties(buffer)
            hb_buffer_set_language(buffer, language)
            var feature = hb_feature_t(tag: Self.tag(feature), value: value, start: 0, end: UInt32.max)
            hb_shape(self.font, buffer, &feature, 1)
            var count: UInt32 = 0
            guard let positions = hb_buffer_get_glyph_positions(buffer, &count), count > 0 else { return 0 }
            return (0..<Int(count)).reduce(0) { $0 + positions[$1].x_advance }
        }
        return advance(1) - advance(0)
    }

    /// The class a glyph's ink gives (Blink's `CharTypeFromBounds`): closing when it sits in
    /// the left half of its advance, opening in the right half, middle when narrow and
    /// centred.
    func hanKerningBoundsClass(of scalar: UInt32) -> HanKerningClass {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 else { return .other }
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(font, glyph, &extents) != 0 else { return .other }
        let halfAdvance = Double(hb_font_get_glyph_h_advance(font, glyph)) / 2
        let left = Double(extents.x_bearing), right = Double(extents.x_bearing + extents.width)
        if right <= halfAdvance { return .close }
        if left >= halfAdvance { return .open }
        if Double(extents.width) <= halfAdvance, left >= halfAdvance / 2 { return .middle }
        return .other
    }

    private static func tag(_ text: String) -> hb_tag_t {
        text.utf8.reduce(0) { ($0 << 8) | hb_tag_t($1) }
    }
}
