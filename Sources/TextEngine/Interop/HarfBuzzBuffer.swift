// Shaping one run with HarfBuzz into per-scalar advances.
import CHarfBuzz

/// A reusable `hb_buffer_t` with the shape plans it has used. Buffers are not thread-safe:
/// each is used by one thread at a time, taken from and returned to a pool.
final class HarfBuzzBuffer {
    private let buffer: OpaquePointer
    /// Shape plans by face and segment properties, kept here rather than looked up in the
    /// face's shared cache on every call (`hb_shape` does that, and its reference counting
    /// on the shared plan makes threads contend for one cache line).
    private var plans: [PlanKey: OpaquePointer] = [:]
    /// The plan of the last call, one of ``plans``.
    private var lastPlan: (key: PlanKey, plan: OpaquePointer)?
    /// Per plan, the characters text may be cut at and shape exactly as whole (``GlyphWalls``),
    /// as the face shares them.
    private var glyphWalls: [PlanKey: GlyphWalls] = [:]
    /// The walls of the last few plans asked for, most recent first, found without hashing:
    /// a Japanese title alternates between the plans of Han, hiragana and katakana runs.
    /// Raw memory and unowned references (``glyphWalls`` owns the walls and never drops
    /// any): an array of keys and walls was checked for exclusive access, and each element
    /// looked at retained and released its walls, several times per run.
    private let recentKeys = UnsafeMutablePointer<PlanKey?>.allocate(capacity: recentWallsCount)
    private let recentWalls = UnsafeMutablePointer<Unmanaged<GlyphWalls>?>.allocate(capacity: recentWallsCount)
    private static let recentWallsCount = 4

    private struct PlanKey: Hashable {
        var face: OpaquePointer
        var script: UInt32
        var rightToLeft: Bool
        var language: OpaquePointer?
    }

    init() {
        buffer = hb_buffer_create()!
        recentKeys.initialize(repeating: nil, count: Self.recentWallsCount)
        recentWalls.initialize(repeating: nil, count: Self.recentWallsCount)
    }

    deinit {
        recentKeys.deallocate()
        recentWalls.deallocate()
        plans.values.forEach { hb_shape_plan_destroy($0) }
        hb_buffer_destroy(buffer)
    }

    /// Shapes `scalars[range]` with the rest of `scalars` as context and adds each glyph's
    /// advance to `advances[cluster]`, where a cluster is the scalar index HarfBuzz reports
    /// (the first scalar of a ligature or merged cluster).
    func shape(
        _ scalars: UnsafeBufferPointer<UInt32>, range: Range<Int>, font: HarfBuzzFont,
        script: UInt32, rightToLeft: Bool, language: OpaquePointer?,
        into advances: UnsafeMutableBufferPointer<Int32>
    ) {
        execute(scalars, range: range, font: font, script: script, rightToLeft: rightToLeft, language: language)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return }
        for glyph in 0..<Int(count) {
            advances[Int(infos[glyph].cluster)] &+= positions[glyph].x_advance
        }
    }

    /// Shapes `scalars[range]` as ``shape(_:range:font:script:rightToLeft:language:into:)``
    /// does and returns its glyphs in HarfBuzz's output (visual) order, for drawing.
    func glyphs(
        _ scalars: UnsafeBufferPointer<UInt32>, range: Range<Int>, font: HarfBuzzFont,
        script: UInt32, rightToLeft: Bool, language: OpaquePointer?
    ) -> [ShapedGlyph] {
        execute(scalars, range: range, font: font, script: script, rightToLeft: rightToLeft, language: language)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { glyph in
            ShapedGlyph(
                id: infos[glyph].codepoint, scalarIndex: Int(infos[glyph].cluster),
                advance: positions[glyph].x_advance, xOffset: positions[glyph].x_offset,
                yOffset: positions[glyph].y_offset)
        }
    }

    /// Shapes `scalars[range]` with the rest of `scalars` as context, leaving the glyphs in
    /// the buffer: the one shaping setup that measuring and drawing share.
    private func execute(
        _ scalars: UnsafeBufferPointer<UInt32>, range: Range<Int>, font: HarfBuzzFont,
        script: UInt32, rightToLeft: Bool, language: OpaquePointer?
    ) {
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf32(
            buffer, scalars.baseAddress, Int32(scalars.count),
            UInt32(range.lowerBound), Int32(range.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: script))
        hb_buffer_set_language(buffer, language)
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if range.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if range.upperBound == scalars.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
        hb_shape_plan_execute(
            plan(face: font.face.face, script: script, rightToLeft: rightToLeft, language: language),
            font.font, buffer, nil, 0)
    }
}

/// One glyph HarfBuzz placed, in font units (1/1024 px), y up.
struct ShapedGlyph {
    /// The glyph's index in its face.
    var id: UInt32
    /// The first scalar of its cluster, in the whole text.
    var scalarIndex: Int
    var advance: Int32
    var xOffset: Int32
    var yOffset: Int32
}

extension HarfBuzzBuffer {
    /// The plan for these segment properties (`hb_shape_plan_create_cached`, as `hb_shape`
    /// would make it), made once per buffer.
    private func plan(face: OpaquePointer, script: UInt32, rightToLeft: Bool, language: OpaquePointer?) -> OpaquePointer {
        let key = PlanKey(face: face, script: script, rightToLeft: rightToLeft, language: language)
        // Field by field, without hashing: most calls shape with the last call's plan.
        if let last = lastPlan, last.key.face == face, last.key.script == script, last.key.rightToLeft == rightToLeft,
            last.key.language == language
        {
            return last.plan
        }
        if let plan = plans[key] {
            lastPlan = (key, plan)
            return plan
        }
        var properties = hb_segment_properties_t()
        properties.direction = rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
        properties.script = hb_script_t(rawValue: script)
        properties.language = language
        let plan = hb_shape_plan_create_cached(face, &properties, nil, 0, nil)!
        plans[key] = plan
        lastPlan = (key, plan)
        return plan
    }

    /// The characters at which text shaped with `font`, this script, direction and language
    /// may be cut and shaped piece by piece exactly as whole: the face's (worked out once per
    /// process), kept here to be found without its lock. Unretained (the face keeps them, and
    /// so does this buffer): the face's walls are shared by every thread, and retaining them
    /// for each run wrote a reference count that the threads then passed back and forth.
    func walls(
        font: HarfBuzzFont, script: UInt32, rightToLeft: Bool, language: OpaquePointer?
    ) -> Unmanaged<GlyphWalls> {
        let key = PlanKey(face: font.face.face, script: script, rightToLeft: rightToLeft, language: language)
        for index in 0..<Self.recentWallsCount {
            // Field by field: `==` on the optional key went through generic witnesses.
            guard let recent = recentKeys[index], recent.face == key.face, recent.script == key.script,
                recent.rightToLeft == key.rightToLeft, recent.language == key.language
            else { continue }
            return recentWalls[index]!
        }
        let walls: GlyphWalls
        if let known = glyphWalls[key] {
            walls = known
        } else {
            walls = font.face.walls(plan: plan(face: key.face, script: script, rightToLeft: rightToLeft, language: language))
            glyphWalls[key] = walls
        }
        for index in stride(from: Self.recentWallsCount - 1, to: 0, by: -1) {
            recentKeys[index] = recentKeys[index - 1]
            recentWalls[index] = recentWalls[index - 1]
        }
        recentKeys[0] = key
        recentWalls[0] = Unmanaged.passUnretained(walls)
        return recentWalls[0]!
    }
}

/// Unicode script and direction from HarfBuzz's default Unicode functions.
enum HarfBuzzUnicode {
    /// The ISO 15924 script tag of a scalar (`hb_unicode_script`); ASCII from a table.
    static func script(of scalar: UInt32) -> UInt32 {
        switch scalar {
        case 0..<0x80: asciiScripts[Int(scalar)]
        // Japanese text's bulk without a call into HarfBuzz (the same values it gives).
        case 0x3041...0x3096, 0x309D...0x309F: hiragana
        case 0x30A1...0x30FA, 0x30FD...0x30FF: katakana
        case 0x4E00...0x9FFF: han
        default: hb_unicode_script(hb_unicode_funcs_get_default(), scalar).rawValue
        }
    }

    /// The script of an ASCII character: Latin for letters, Common for the rest.
    @inline(__always) static func script(ofASCII byte: UInt8) -> UInt32 {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A ? latin : common
    }

    private static let asciiScripts: [UInt32] = (0..<0x80).map {
        hb_unicode_script(hb_unicode_funcs_get_default(), UInt32($0)).rawValue
    }

    static let common = HB_SCRIPT_COMMON.rawValue
    static let inherited = HB_SCRIPT_INHERITED.rawValue
    static let unknown = HB_SCRIPT_UNKNOWN.rawValue
    static let latin = HB_SCRIPT_LATIN.rawValue
    static let greek = HB_SCRIPT_GREEK.rawValue
    static let cyrillic = HB_SCRIPT_CYRILLIC.rawValue
    static let han = HB_SCRIPT_HAN.rawValue
    static let hiragana = HB_SCRIPT_HIRAGANA.rawValue
    static let katakana = HB_SCRIPT_KATAKANA.rawValue
    static let hangul = HB_SCRIPT_HANGUL.rawValue
    static let hebrew = HB_SCRIPT_HEBREW.rawValue

    /// Scripts in which Pango never hyphenates a broken word.
    static func isCommonOrCJK(script: UInt32) -> Bool {
        switch hb_script_t(rawValue: script) {
        case HB_SCRIPT_COMMON, HB_SCRIPT_HAN, HB_SCRIPT_HANGUL, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA: true
        default: false
        }
    }

    static func isRightToLeft(script: UInt32) -> Bool {
        hb_script_get_horizontal_direction(hb_script_t(rawValue: script)) == HB_DIRECTION_RTL
    }

    /// HarfBuzz's interned language for a BCP 47 tag (`hb_language_from_string`), of the
    /// tag's bounded form (``LanguageTag/bounded(_:)``; nil for the empty one). Interned
    /// languages live for the process, so the pointer may be shared freely, and there are
    /// only so many.
    static func language(_ tag: String) -> OpaquePointer? {
        hb_language_from_string(LanguageTag.bounded(tag), -1)
    }
}
