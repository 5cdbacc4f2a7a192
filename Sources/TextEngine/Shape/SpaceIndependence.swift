// Whether a font shapes text split at spaces exactly as it shapes the whole run: the test
// that lets words be shaped once and reused (Blink's and Firefox's word caches make it).
import CHarfBuzz

/// Decides, once per shape plan, whether no glyph substitution or positioning the plan can
/// apply involves the space glyph. Where none does, the space is a wall: glyphs on either
/// side of it can neither interact with it nor, since it is an unskippable base glyph,
/// with each other across it; so text cut at U+0020 shapes piece by piece with the very
/// advances the whole run gets.
///
/// HarfBuzz's unsafe-to-concat flags answer a different, conservative question and mark
/// ordinary spaces, so they are not used. The checks:
/// - the plan's GSUB and GPOS lookups (`hb_ot_shape_plan_collect_lookups`: exactly the
///   features shaping enables for the plan's script, language and direction) have the space
///   in no input, context or output set (`hb_ot_layout_lookup_collect_glyphs`);
/// - those sets leave out class 0 of class definitions ("every glyph not listed"), so the
///   class-based context rules and pair adjustments that name class 0 are read from the
///   tables here (`LayoutTableReader`);
/// - no plan lookup skips base glyphs (it could reach across a space), and the space is a
///   base or unclassified glyph;
/// - an old-style `kern` table (applied when GPOS has no kerning) has no pair with the
///   space, and the font has no AAT tables (`morx`, `mort`, `kerx`), which HarfBuzz would
///   shape with instead.
enum SpaceIndependence {
    static func holds(plan: OpaquePointer, face: OpaquePointer, font: OpaquePointer) -> Bool {
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, 0x20, &space) != 0 else { return false }
        for tag in [OpenTypeTag.morx, OpenTypeTag.mort, OpenTypeTag.kerx] where LayoutTableReader(face: face, tag: tag) != nil {
            return false
        }
        let glyphClass = hb_ot_layout_get_glyph_class(face, space)
        guard glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
        else { return false }
        if let kern = LayoutTableReader(face: face, tag: OpenTypeTag.kern), kern.kernTableMayPair(space) {
            return false
        }
        for tag in [OpenTypeTag.gsub, OpenTypeTag.gpos] {
            let lookups = hb_set_create()!
            defer { hb_set_destroy(lookups) }
            hb_ot_shape_plan_collect_lookups(plan, tag, lookups)
            guard hb_set_get_population(lookups) > 0 else { continue }
            guard let table = LayoutTableReader(face: face, tag: tag) else { return false }
            var lookup = UInt32.max  // HB_SET_VALUE_INVALID: start the iteration
            while hb_set_next(lookups, &lookup) != 0 {
                if collectedGlyphsInclude(space, face: face, tag: tag, lookup: lookup)
                    || table.lookupMayInvolveUnlisted(space, lookup: Int(lookup), isPositioning: tag == OpenTypeTag.gpos)
                {
                    return false
                }
            }
        }
        return true
    }

    private static func collectedGlyphsInclude(_ glyph: hb_codepoint_t, face: OpaquePointer, tag: UInt32, lookup: UInt32) -> Bool {
        let sets = (0..<4).map { _ in hb_set_create()! }
        defer { sets.forEach { hb_set_destroy($0) } }
        hb_ot_layout_lookup_collect_glyphs(face, tag, lookup, sets[0], sets[1], sets[2], sets[3])
        return sets.contains { hb_set_has($0, glyph) != 0 }
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
