// Which characters a font shapes the same wherever they stand: the test that lets text be
// cut into pieces shaped once and reused (Blink's and Firefox's word caches cut at spaces;
// this cuts wherever the font proves it exact, which for Japanese is at every kanji).
import CHarfBuzz

/// The characters that are walls for one shape plan: no glyph substitution or positioning
/// the plan can apply involves their glyph. A wall can neither interact with its
/// neighbours nor, since it is an unskippable base glyph, let them interact with each other
/// across it; so text cut on either side of a wall shapes piece by piece with the very
/// advances the whole run gets.
///
/// HarfBuzz's unsafe-to-concat flags answer a different, conservative question and mark
/// ordinary spaces, so they are not used. The checks, per glyph:
/// - the plan's GSUB and GPOS lookups (`hb_ot_shape_plan_collect_lookups`: exactly the
///   features shaping enables for the plan's script, language and direction) have it in no
///   input, context or output set (`hb_ot_layout_lookup_collect_glyphs`);
/// - those sets leave out class 0 of class definitions ("every glyph not listed"), so the
///   class-based context rules and pair adjustments that name class 0 are read from the
///   tables (`LayoutTableReader`);
/// - no plan lookup skips base glyphs (it could reach across the wall), and the glyph is a
///   base or unclassified glyph;
/// - an old-style `kern` table (applied when GPOS has no kerning) has no pair with it, and
///   the font has no AAT tables (`morx`, `mort`, `kerx`), which HarfBuzz would shape with
///   instead.
/// Only characters that HarfBuzz maps straight to their nominal glyph can be walls: a
/// base character of the Basic Multilingual Plane in a grapheme cluster of its own, not
/// default-ignorable (HarfBuzz hides those), that the font has (else a fallback is drawn).
final class GlyphWalls {
    private let face: OpaquePointer
    /// A font of the face at its default size, for character-to-glyph lookups only.
    private let font: OpaquePointer
    /// Every glyph some lookup of the plan collects; nil when the font has AAT tables.
    private let collected: OpaquePointer?
    /// The class definitions whose class 0 a plan lookup names, with their table: a glyph
    /// unlisted in any of them is involved.
    private let classZeroDefinitions: [(table: LayoutTableReader, definition: LayoutTableReader.ClassDefinition)]
    /// The glyphs an old-style `kern` table pairs; nil when it may pair any.
    private let kernPairedGlyphs: Set<hb_codepoint_t>?
    /// Two bits per BMP character, filled as characters are first asked about: whether the
    /// verdict is known (words 0..<1024), and whether it is a wall (words 1024..<2048). Raw
    /// memory, not arrays: an array property of a class is checked for exclusive access on
    /// every read, which cost more than the test itself on every character of every run. A
    /// buffer's walls are used by its one thread at a time.
    private let bits = UnsafeMutablePointer<UInt64>.allocate(capacity: 2048)

    init(plan: OpaquePointer, face: OpaquePointer) {
        self.face = face
        bits.initialize(repeating: 0, count: 2048)
        font = hb_font_create(face)!
        kernPairedGlyphs = LayoutTableReader(face: face, tag: OpenTypeTag.kern).map { $0.kernTablePairedGlyphs() } ?? []
        let lookups = Self.planLookups(plan: plan, face: face)
        collected = lookups?.collected
        classZeroDefinitions = lookups?.classZeroDefinitions ?? []
    }

    /// The glyphs the plan's lookups collect and the class definitions whose class 0 they
    /// name; nil when nothing can be proven (AAT tables, a lookup that skips base glyphs, a
    /// table with plan lookups that cannot be read).
    private static func planLookups(plan: OpaquePointer, face: OpaquePointer) -> (
        collected: OpaquePointer,
        classZeroDefinitions: [(table: LayoutTableReader, definition: LayoutTableReader.ClassDefinition)]
    )? {
        for tag in [OpenTypeTag.morx, OpenTypeTag.mort, OpenTypeTag.kerx] where LayoutTableReader(face: face, tag: tag) != nil {
            return nil
        }
        let collected = hb_set_create()!
        var classZeroDefinitions: [(table: LayoutTableReader, definition: LayoutTableReader.ClassDefinition)] = []
        for tag in [OpenTypeTag.gsub, OpenTypeTag.gpos] {
            let lookups = hb_set_create()!
            defer { hb_set_destroy(lookups) }
            hb_ot_shape_plan_collect_lookups(plan, tag, lookups)
            guard hb_set_get_population(lookups) > 0 else { continue }
            let table = LayoutTableReader(face: face, tag: tag)
            var lookup = UInt32.max  // HB_SET_VALUE_INVALID: start the iteration
            while hb_set_next(lookups, &lookup) != 0 {
                guard let table,
                    let definitions = table.classZeroDefinitions(lookup: Int(lookup), isPositioning: tag == OpenTypeTag.gpos)
                else {
                    hb_set_destroy(collected)
                    return nil
                }
                classZeroDefinitions += definitions.map { (table, $0) }
                collectGlyphs(face: face, tag: tag, lookup: lookup, into: collected)
            }
        }
        return (collected, classZeroDefinitions)
    }

    deinit {
        if let collected { hb_set_destroy(collected) }
        hb_font_destroy(font)
        bits.deallocate()
    }

    /// Whether `scalar` is a wall for this plan; worked out on first sight, then two bit tests.
    func isWall(_ scalar: UInt32) -> Bool {
        guard scalar < 0x1_0000 else { return false }
        let word = Int(scalar >> 6)
        let bit = UInt64(1) << (scalar & 63)
        if bits[word] & bit == 0 {
            bits[word] |= bit
            if decide(scalar) { bits[1024 + word] |= bit }
        }
        return bits[1024 + word] & bit != 0
    }

    private func decide(_ scalar: UInt32) -> Bool {
        guard let collected, Self.mapsToNominalGlyph(scalar) else { return false }
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, scalar, &glyph) != 0, hb_set_has(collected, glyph) == 0 else {
            return false
        }
        let glyphClass = hb_ot_layout_get_glyph_class(face, glyph)
        guard glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
        else { return false }
        guard let kernPairedGlyphs, !kernPairedGlyphs.contains(glyph) else { return false }
        return !classZeroDefinitions.contains { $0.table.isUnlisted(glyph, in: $0.definition) }
    }

    /// A base character that is a grapheme cluster of its own whatever surrounds it and
    /// that HarfBuzz neither hides nor decomposes when the font has it: printable ASCII,
    /// Latin-1 and Latin Extended, the CJK, kana and full-width blocks, without their
    /// marks and default-ignorable characters.
    private static func mapsToNominalGlyph(_ value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E, 0xA0...0x2FF, 0x3000...0x9FFF, 0xFF01...0xFFEF:
            let properties = Unicode.Scalar(value)!.properties
            return !properties.isDefaultIgnorableCodePoint && !properties.isGraphemeExtend
                && properties.generalCategory != .spacingMark
        default:
            return false
        }
    }

    private static func collectGlyphs(face: OpaquePointer, tag: UInt32, lookup: UInt32, into collected: OpaquePointer) {
        let sets = (0..<4).map { _ in hb_set_create()! }
        defer { sets.forEach { hb_set_destroy($0) } }
        hb_ot_layout_lookup_collect_glyphs(face, tag, lookup, sets[0], sets[1], sets[2], sets[3])
        sets.forEach { hb_set_union(collected, $0) }
    }
}

/// OpenType table tags (HarfBuzz's `HB_TAG` is a macro Swift cannot call).
enum OpenTypeTag {
    static let gsub: UInt32 = 0x4753_5542
    static let gpos: UInt32 = 0x4750_4F53
    static let kern: UInt32 = 0x6B65_726E
    static let morx: UInt32 = 0x6D6F_7278
    static let mort: UInt32 = 0x6D6F_7274
    static let kerx: UInt32 = 0x6B65_7278
}
