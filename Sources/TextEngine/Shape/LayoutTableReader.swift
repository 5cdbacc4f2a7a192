// Reading the few parts of GSUB, GPOS and kern tables that HarfBuzz's glyph collection
// does not report: class 0 of class-based rules, lookup flags, old-style kerning pairs.
import CHarfBuzz

/// One font table's bytes, read with bounds checks. Every question is answered
/// conservatively: a table that cannot be read says "may involve the glyph".
///
/// Written by hand because HarfBuzz exposes no API for these details and the OpenType
/// structures read here are few and fixed (OpenType 1.9, chapters "GSUB", "GPOS",
/// "OpenType Layout Common Table Formats" and "kern").
final class LayoutTableReader {
    private let blob: OpaquePointer
    private let bytes: UnsafeRawBufferPointer

    /// The table `tag` of `face`, or nil when the face has none.
    init?(face: OpaquePointer, tag: UInt32) {
        let blob = hb_face_reference_table(face, tag)!
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else {
            hb_blob_destroy(blob)
            return nil
        }
        self.blob = blob
        bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
    }

    deinit { hb_blob_destroy(blob) }

    private struct Malformed: Error {}

    private func u16(_ offset: Int) throws(Malformed) -> Int {
        guard offset >= 0, offset + 2 <= bytes.count else { throw Malformed() }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    private func u32(_ offset: Int) throws(Malformed) -> Int {
        try u16(offset) << 16 | u16(offset + 2)
    }

    /// A nonzero 16-bit offset from `base`, or nil for a null offset.
    private func offset(from base: Int, at field: Int) throws(Malformed) -> Int? {
        let value = try u16(field)
        return value == 0 ? nil : base + value
    }

    // MARK: GSUB and GPOS

    /// Where lookup `index` may involve glyphs that glyph collection does not show: the
    /// class definitions whose class 0 ("every glyph not listed") one of its class-based
    /// rules or pair adjustments names. A glyph of class 0 in any of them is involved.
    /// Nil when the lookup may involve any glyph: it skips base glyphs (it could reach
    /// across any of them), or the table cannot be read.
    func classZeroDefinitions(lookup index: Int, isPositioning: Bool) -> [ClassDefinition]? {
        do {
            let lookupList = try u16(8)
            guard index < (try u16(lookupList)) else { return nil }
            let lookup = lookupList + (try u16(lookupList + 2 + 2 * index))
            let type = try u16(lookup)
            let flags = try u16(lookup + 2)
            let ignoreBaseGlyphs = 0x0002
            if flags & ignoreBaseGlyphs != 0 { return nil }
            let extensionType = isPositioning ? 9 : 7
            var definitions: [ClassDefinition] = []
            for subtable in 0..<(try u16(lookup + 4)) {
                var start = lookup + (try u16(lookup + 6 + 2 * subtable))
                var subtableType = type
                if type == extensionType {  // an extension holds the real type and a 32-bit offset
                    subtableType = try u16(start + 2)
                    start += try u32(start + 4)
                }
                definitions += try classZeroDefinitions(at: start, type: subtableType, isPositioning: isPositioning)
            }
            return definitions
        } catch {
            return nil
        }
    }

    /// A class definition in this table, or every glyph (a null offset: all are class 0).
    enum ClassDefinition {
        case everyGlyph
        case at(Int)
    }

    /// Whether `glyph` is of class 0 in `definition`; true when it cannot be read.
    func isUnlisted(_ glyph: hb_codepoint_t, in definition: ClassDefinition) -> Bool {
        guard case .at(let start) = definition else { return true }
        return (try? glyphClass(glyph, classDefinition: start)) ?? 0 == 0
    }

    private func classZeroDefinitions(at start: Int, type: Int, isPositioning: Bool) throws(Malformed) -> [ClassDefinition] {
        guard try u16(start) == 2 else { return [] }  // only format 2 is class-based
        switch (isPositioning, type) {
        case (true, 2): return try pairAdjustmentClassZero(at: start)
        case (false, 5), (true, 7): return try contextRulesClassZero(at: start)
        case (false, 6), (true, 8): return try chainedContextRulesClassZero(at: start)
        default: return []
        }
    }

    private func definition(from base: Int, at field: Int) throws(Malformed) -> ClassDefinition {
        try offset(from: base, at: field).map { .at($0) } ?? .everyGlyph
    }

    /// A pair adjustment by classes (format 2) with a nonzero adjustment for a second glyph
    /// of class 0: its second class definition.
    private func pairAdjustmentClassZero(at start: Int) throws(Malformed) -> [ClassDefinition] {
        let valueFormat1 = try u16(start + 4)
        let valueFormat2 = try u16(start + 6)
        let class1Count = try u16(start + 12)
        let class2Count = try u16(start + 14)
        let recordSize = 2 * (valueFormat1.nonzeroBitCount + valueFormat2.nonzeroBitCount)
        for class1 in 0..<class1Count {
            let record = start + 16 + (class1 * class2Count) * recordSize  // class 2 = 0
            for field in stride(from: 0, to: recordSize, by: 2) where try u16(record + field) != 0 {
                return [try definition(from: start, at: start + 10)]
            }
        }
        return []
    }

    /// Context rules by classes (GSUB 5 / GPOS 7, format 2) with class 0 in a rule's input
    /// after its first glyph: their class definition.
    private func contextRulesClassZero(at start: Int) throws(Malformed) -> [ClassDefinition] {
        for set in 0..<(try u16(start + 6)) {
            guard let classSet = try offset(from: start, at: start + 8 + 2 * set) else { continue }
            for rule in 0..<(try u16(classSet)) {
                let ruleStart = classSet + (try u16(classSet + 2 + 2 * rule))
                let glyphCount = try u16(ruleStart)
                for position in 1..<max(1, glyphCount) where try u16(ruleStart + 4 + 2 * (position - 1)) == 0 {
                    return [try definition(from: start, at: start + 4)]
                }
            }
        }
        return []
    }

    /// Chained context rules by classes (GSUB 6 / GPOS 8, format 2): the class definitions
    /// of the backtrack, input and lookahead sequences in which a rule names class 0.
    private func chainedContextRulesClassZero(at start: Int) throws(Malformed) -> [ClassDefinition] {
        var namesClassZero = [false, false, false]
        for set in 0..<(try u16(start + 10)) {
            guard let classSet = try offset(from: start, at: start + 12 + 2 * set) else { continue }
            for rule in 0..<(try u16(classSet)) {
                var cursor = classSet + (try u16(classSet + 2 + 2 * rule))
                for sequence in 0..<3 {
                    let count = try u16(cursor)
                    let named = sequence == 1 ? max(0, count - 1) : count  // input omits its first glyph
                    cursor += 2
                    for position in 0..<named where try u16(cursor + 2 * position) == 0 { namesClassZero[sequence] = true }
                    cursor += 2 * named
                }
            }
        }
        var definitions: [ClassDefinition] = []
        for (sequence, field) in [start + 4, start + 6, start + 8].enumerated() where namesClassZero[sequence] {
            definitions.append(try definition(from: start, at: field))
        }
        return definitions
    }

    /// The class of `glyph` in the class definition at `start` (format 1 or 2).
    private func glyphClass(_ glyph: hb_codepoint_t, classDefinition start: Int) throws(Malformed) -> Int {
        let glyph = Int(glyph)
        switch try u16(start) {
        case 1:
            let first = try u16(start + 2)
            let count = try u16(start + 4)
            return glyph >= first && glyph < first + count ? try u16(start + 6 + 2 * (glyph - first)) : 0
        case 2:  // ranges sorted by their first glyph
            var low = 0
            var high = try u16(start + 2)
            while low < high {
                let middle = (low + high) / 2
                let record = start + 4 + 6 * middle
                if glyph < (try u16(record)) {
                    high = middle
                } else if glyph > (try u16(record + 2)) {
                    low = middle + 1
                } else {
                    return try u16(record + 4)
                }
            }
            return 0
        default:
            throw Malformed()
        }
    }

    // MARK: kern

    /// The glyphs an old-style `kern` table (OpenType version 0 or Apple version 1) pairs
    /// with a neighbour; nil when it may kern any glyph (a subtable of a format other than a
    /// horizontal list of pairs, format 0, or a table that cannot be read).
    func kernTablePairedGlyphs() -> GlyphBitmap? {
        do {
            var paired = GlyphBitmap()
            let isApple = try u16(0) == 1
            let tableCount = isApple ? try u32(4) : try u16(2)
            var subtable = isApple ? 8 : 4
            for _ in 0..<tableCount {
                let length = isApple ? try u32(subtable) : try u16(subtable + 2)
                let coverage = try u16(subtable + 4)
                let format = isApple ? coverage & 0xFF : coverage >> 8
                guard format == 0 else { return nil }
                let pairs = subtable + (isApple ? 8 : 6)
                for pair in 0..<(try u16(pairs)) {
                    let record = pairs + 8 + 6 * pair
                    paired.insert(hb_codepoint_t(try u16(record)))
                    paired.insert(hb_codepoint_t(try u16(record + 2)))
                }
                guard length > 0 else { return nil }
                subtable += length
            }
            return paired
        } catch {
            return nil
        }
    }
}
