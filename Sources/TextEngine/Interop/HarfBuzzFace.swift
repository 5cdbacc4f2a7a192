// HarfBuzz faces and sized fonts: the only shaping objects shared between threads (with the
// walls each face works out for its plans).
import CHarfBuzz
import Synchronization

/// A font face loaded by HarfBuzz from a file (one face of a collection).
///
/// HarfBuzz faces and fonts are immutable once made so, and HarfBuzz documents them as safe
/// to use from many threads at once; that is why these wrappers are `@unchecked Sendable`.
final class HarfBuzzFace: @unchecked Sendable {
    let face: OpaquePointer
    let unitsPerEm: Int32

    /// Wraps `hb_blob_create_from_file_or_fail` and `hb_face_create`.
    init?(path: String, faceIndex: Int) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard faceIndex >= 0, UInt32(faceIndex) < hb_face_count(blob) else { return nil }
        let face = hb_face_create(blob, UInt32(faceIndex))!
        hb_face_make_immutable(face)
        self.face = face
        self.unitsPerEm = Int32(hb_face_get_upem(face))
    }

    /// The font's version from its `name` table ("Version 2.004;hotconv 1.0" reads "2.004").
    var fontVersion: String {
        var buffer = [CChar](repeating: 0, count: 128)
        var length = UInt32(buffer.count)
        hb_ot_name_get_utf8(face, hb_ot_name_id_t(HB_OT_NAME_ID_VERSION_STRING), nil, &length, &buffer)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let first = text.split(separator: ";").first.map(String.init) ?? ""
        return first.hasPrefix("Version ") ? String(first.dropFirst("Version ".count)) : first
    }

    /// The walls of each set of lookups a plan used with this face applies, worked out on
    /// first use and shared by every thread and measurer (``GlyphWalls``).
    private let glyphWalls = Mutex<[PlanLookups: GlyphWalls]>([:])

    deinit { hb_face_destroy(face) }

    /// The walls of `plan`, a plan of this face.
    func walls(plan: OpaquePointer) -> GlyphWalls {
        let lookups = PlanLookups(plan: plan)
        return glyphWalls.withLock { known in
            if let walls = known[lookups] { return walls }
            let walls = GlyphWalls(lookups: lookups, face: face)
            known[lookups] = walls
            return walls
        }
    }

    /// What HarfBuzz loaded that differs from what the face's tables say (HarfBuzz drops a
    /// table that fails its own checks and goes on with defaults), or nil when all agree:
    /// units per em (`head`), glyph count (`maxp`), a character map with characters in it
    /// (`cmap`), and lines taller than zero (`hhea`, `OS/2`).
    func disagreement(with facts: FontFaceValidator.Facts) -> String? {
        if Int(unitsPerEm) != facts.unitsPerEm {
            return "it reads \(unitsPerEm) units per em where table 'head' has \(facts.unitsPerEm)"
        }
        let glyphCount = Int(hb_face_get_glyph_count(face))
        if glyphCount != facts.glyphCount {
            return "it reads \(glyphCount) glyphs where table 'maxp' has \(facts.glyphCount)"
        }
        let characters = hb_set_create()
        defer { hb_set_destroy(characters) }
        hb_face_collect_unicodes(face, characters)
        if hb_set_get_population(characters) == 0 { return "its table 'cmap' maps no characters" }
        let font = makeFont(scale: unitsPerEm)
        if Int64(font.ascender) - Int64(font.descender) <= 0 {
            return "its lines have no height (ascender \(font.ascender), descender \(font.descender))"
        }
        return nil
    }

    /// A font of this face at `scale` units per em, with HarfBuzz's own (hb-ot) font
    /// functions: unhinted advances, which is what Pango 1.50 uses too. With
    /// `.freeTypeLinear` advances, `scale` is the size in 16.16 px and `size` the size in px.
    func makeFont(
        scale: Int32, advances: ProfilePolicy.GlyphAdvances = .harfBuzz, size: Double = 0
    ) -> HarfBuzzFont {
        HarfBuzzFont(face: self, scale: scale, advances: advances, size: size)
    }
}

/// FreeType's linear advance of a glyph at one size, as Skia reads it for Blink: the
/// design advance times the size's `x_scale` (`FT_MulDiv(advance, x_scale, 64)`, 16.16 px),
/// where `x_scale` is `FT_DivFix` of the size in 26.6 by the units per em. HarfBuzz's own
/// scaling of the same advance rounds once, from the size in 16.16: the two differ by up to
/// a few 1/65536 px a glyph for faces whose units per em are not a power of two.
private struct FreeTypeLinearAdvances {
    /// The face at one unit per design unit, for the design advances.
    let designFont: OpaquePointer
    let xScale: Int64

    init(designFont: OpaquePointer, size: Double, unitsPerEm: Int32) {
        self.designFont = designFont
        // Skia hands FreeType the size in 26.6, truncated (`SkScalarToFDot6`).
        let size26Dot6 = Int64(Float(size) * 64)
        let unitsPerEm = Int64(unitsPerEm)
        xScale = ((size26Dot6 << 16) + unitsPerEm / 2) / unitsPerEm
    }

    func advance(of glyph: hb_codepoint_t) -> hb_position_t {
        let design = Int64(hb_font_get_glyph_h_advance(designFont, glyph))
        let magnitude = (abs(design) * xScale + 32) / 64
        return hb_position_t(truncatingIfNeeded: design < 0 ? -magnitude : magnitude)
    }

    /// Font functions that answer advances from a ``FreeTypeLinearAdvances`` passed as the
    /// font data and leave every other question to the parent font.
    nonisolated(unsafe) static let functions: OpaquePointer = {
        let functions = hb_font_funcs_create()!
        hb_font_funcs_set_glyph_h_advance_func(
            functions,
            { _, data, glyph, _ in data!.assumingMemoryBound(to: FreeTypeLinearAdvances.self).pointee.advance(of: glyph) },
            nil, nil)
        hb_font_funcs_make_immutable(functions)
        return functions
    }()
}

/// A face at one size; glyph coverage, vertical extents.
final class HarfBuzzFont: @unchecked Sendable {
    let font: OpaquePointer
    let face: HarfBuzzFace
    /// Font-wide ascender (positive, up) and descender (negative, down) in scaled units.
    let ascender: Int32
    let descender: Int32

    fileprivate init(face: HarfBuzzFace, scale: Int32, advances: ProfilePolicy.GlyphAdvances, size: Double) {
        let font: OpaquePointer
        switch advances {
        case .harfBuzz:
            font = hb_font_create(face.face)!
        case .freeTypeLinear:
            // A sub-font of the face at its design units: every answer but the advances comes
            // from the parent, scaled.
            let design = hb_font_create(face.face)!
            hb_font_set_scale(design, face.unitsPerEm, face.unitsPerEm)
            hb_font_make_immutable(design)
            font = hb_font_create_sub_font(design)!
            let data = UnsafeMutablePointer<FreeTypeLinearAdvances>.allocate(capacity: 1)
            data.initialize(to: FreeTypeLinearAdvances(designFont: design, size: size, unitsPerEm: face.unitsPerEm))
            hb_font_set_funcs(font, FreeTypeLinearAdvances.functions, data) { data in
                let advances = data!.assumingMemoryBound(to: FreeTypeLinearAdvances.self)
                hb_font_destroy(advances.pointee.designFont)
                advances.deinitialize(count: 1)
                advances.deallocate()
            }
        }
        hb_font_set_scale(font, scale, scale)
        hb_font_make_immutable(font)
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        self.font = font
        self.face = face
        self.ascender = extents.ascender
        self.descender = extents.descender
    }

    deinit { hb_font_destroy(font) }

    /// The advance of the glyph for `scalar`, or nil if the face lacks it
    /// (`hb_font_get_glyph_h_advance`).
    func advance(of scalar: Unicode.Scalar) -> Int32? {
        hasGlyph(for: scalar) ? nominalAdvance(of: scalar.value) : nil
    }

    /// The advance of the glyph for `value`, a character the face has: what shaping it alone
    /// gives when no lookup involves it (a wall, ``GlyphWalls``).
    func nominalAdvance(of value: UInt32) -> Int32 {
        var glyph: hb_codepoint_t = 0
        hb_font_get_nominal_glyph(font, value, &glyph)
        return hb_font_get_glyph_h_advance(font, glyph)
    }

    /// Whether the face's cmap maps `scalar` (`hb_font_get_nominal_glyph`).
    func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0
    }
}
