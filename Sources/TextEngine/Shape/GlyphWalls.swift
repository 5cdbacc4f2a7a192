// Which characters a font shapes the same wherever they stand: the test that lets text be
// cut into pieces shaped once and reused (Blink's and Firefox's word caches cut at spaces;
// this cuts wherever the font proves it exact, which for Japanese is at every kanji).
import CHarfBuzz
import Synchronization

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
///
/// Walls are facts of a face and the lookups a plan applies, so each face works them out
/// once for the process (``HarfBuzzFace/walls(plan:)``) and every thread and measurer
/// shares them: the verdict per character is kept in atomic bit words, written once on
/// first sight (the same verdict whichever thread decides), and read with plain loads after.
final class GlyphWalls: @unchecked Sendable {
    private let face: OpaquePointer
    /// A font of the face at its default size, for character-to-glyph lookups only.
    private let font: OpaquePointer
    /// Every glyph some lookup of the plan collects or an old-style `kern` table pairs; nil
    /// when nothing can be proven (AAT tables, a lookup that skips base glyphs, a table
    /// that cannot be read, a `kern` table that may pair any glyph).
    private let involved: GlyphBitmap?
    /// The class definitions whose class 0 a plan lookup names, with their table: a glyph
    /// unlisted in any of them is involved.
    private let classZeroDefinitions: [(table: LayoutTableReader, definition: LayoutTableReader.ClassDefinition)]
    /// Two bits per BMP character, filled as characters are first asked about: whether it
    /// is a wall (words 0..<1024), and whether the verdict is known (words 1024..<2048),
    /// the second set after the first so a thread that sees it known reads its verdict.
    /// Raw memory: an array property of a class is checked for exclusive access on every
    /// read, which cost more than the test itself on every character of every run.
    private let bits = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: 2048)

    init(lookups: PlanLookups, face: OpaquePointer) {
        self.face = face
        for word in 0..<2048 { (bits + word).initialize(to: Atomic(0)) }
        font = hb_font_create(face)!
        hb_font_make_immutable(font)
        let lookups = Self.collect(lookups, face: face)
        classZeroDefinitions = lookups?.classZeroDefinitions ?? []
        // No `kern` table pairs nothing; one that cannot be read may pair anything.
        let kernTable = LayoutTableReader(face: face, tag: OpenTypeTag.kern)
        if var involved = lookups?.collected, let kernPaired = kernTable.map({ $0.kernTablePairedGlyphs() }) ?? GlyphBitmap() {
            involved.formUnion(kernPaired)
            self.involved = involved
        } else {
            involved = nil
        }
    }

    /// The glyphs the plan's lookups collect and the class definitions whose class 0 they
    /// name; nil when nothing can be proven (AAT tables, a lookup that skips base glyphs, a
    /// table with plan lookups that cannot be read).
    private static func collect(_ lookups: PlanLookups, face: OpaquePointer) -> (
        collected: GlyphBitmap,
        classZeroDefinitions: [(table: LayoutTableReader, definition: LayoutTableReader.ClassDefinition)]
    )? {
        for tag in [OpenTypeTag.morx, OpenTypeTag.mort, OpenTypeTag.kerx] where LayoutTableReader(face: face, tag: tag) != nil {
            return nil
        }
        let collected = hb_set_create()!
        defer { hb_set_destroy(collected) }
        var classZeroDefinitions: [(table: LayoutTableReader, definition: LayoutTableReader.ClassDefinition)] = []
        for (tag, indices) in [(OpenTypeTag.gsub, lookups.substitution), (OpenTypeTag.gpos, lookups.positioning)]
        where !indices.isEmpty {
            guard let table = LayoutTableReader(face: face, tag: tag) else { return nil }
            for lookup in indices {
                guard let definitions = table.classZeroDefinitions(lookup: Int(lookup), isPositioning: tag == OpenTypeTag.gpos)
                else { return nil }
                classZeroDefinitions += definitions.map { (table, $0) }
                collectGlyphs(face: face, tag: tag, lookup: lookup, into: collected)
            }
        }
        // Copied out of the `hb_set_t`: its lookups write a cached page index, so one set
        // read by several threads would be a data race.
        var glyphs = GlyphBitmap()
        var batch = [hb_codepoint_t](repeating: 0, count: 1024)
        var after = UInt32.max  // HB_SET_VALUE_INVALID: from the start
        while true {
            let count = Int(hb_set_next_many(collected, after, &batch, UInt32(batch.count)))
            batch[..<count].forEach { glyphs.insert($0) }
            guard count == batch.count else { break }
            after = batch[count - 1]
        }
        return (glyphs, classZeroDefinitions)
    }

    deinit {
        hb_font_destroy(font)
        bits.deinitialize(count: 2048)
        bits.deallocate()
    }

    /// Whether `scalar` is a wall for this plan; worked out on first sight, then two loads.
    func isWall(_ scalar: UInt32) -> Bool {
        guard scalar < 0x1_0000 else { return false }
        let word = Int(scalar >> 6)
        let bit = UInt64(1) << (scalar & 63)
        if bits[1024 + word].load(ordering: .acquiring) & bit == 0 {
            if decide(scalar) { bits[word].bitwiseOr(bit, ordering: .relaxed) }
            bits[1024 + word].bitwiseOr(bit, ordering: .releasing)
        }
        return bits[word].load(ordering: .relaxed) & bit != 0
    }

    private func decide(_ scalar: UInt32) -> Bool {
        guard let involved, Self.mapsToNominalGlyph(scalar) else { return false }
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, scalar, &glyph) != 0, !involved.contains(glyph) else {
            return false
        }
        let glyphClass = hb_ot_layout_get_glyph_class(face, glyph)
        guard glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
        else { return false }
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

/// The GSUB and GPOS lookups a shape plan applies (`hb_ot_shape_plan_collect_lookups`):
/// all that its walls depend on besides the face, so plans that apply the same lookups
/// (the scripts of a Japanese text, in most fonts) share one set of walls.
struct PlanLookups: Hashable, Sendable {
    var substitution: [UInt32]
    var positioning: [UInt32]

    init(plan: OpaquePointer) {
        func lookups(_ tag: UInt32) -> [UInt32] {
            let set = hb_set_create()!
            defer { hb_set_destroy(set) }
            hb_ot_shape_plan_collect_lookups(plan, tag, set)
            var indices: [UInt32] = []
            var lookup = UInt32.max  // HB_SET_VALUE_INVALID: start the iteration
            while hb_set_next(set, &lookup) != 0 { indices.append(lookup) }
            return indices
        }
        substitution = lookups(OpenTypeTag.gsub)
        positioning = lookups(OpenTypeTag.gpos)
    }
}

/// A set of glyph indices (OpenType's are 16-bit) as bits: built once, then only read.
struct GlyphBitmap: Sendable {
    private var words = [UInt64](repeating: 0, count: 1 << 10)

    mutating func insert(_ glyph: hb_codepoint_t) {
        guard glyph < 1 << 16 else { return }
        words[Int(glyph >> 6)] |= 1 << (glyph & 63)
    }

    mutating func formUnion(_ other: GlyphBitmap) {
        for index in words.indices { words[index] |= other.words[index] }
    }

    func contains(_ glyph: hb_codepoint_t) -> Bool {
        glyph < 1 << 16 && words[Int(glyph >> 6)] & (1 << (glyph & 63)) != 0
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
