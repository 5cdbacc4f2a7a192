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

    /// Whether lookup `index` may apply to a sequence holding `glyph` in a way that glyph
    /// collection does not show: it skips base glyphs, or one of its class-based rules or
    /// pair adjustments names class 0 while `glyph` is in class 0 there.
    func lookupMayInvolveUnlisted(_ glyph: hb_codepoint_t, lookup index: Int, isPositioning: Bool) -> Bool {
        do {
            let lookupList = try u16(8)
            guard index < (try u16(lookupList)) else { return true }
            let lookup = lookupList + (try u16(lookupList + 2 + 2 * index))
            let type = try u16(lookup)
            let flags = try u16(lookup + 2)
            let ignoreBaseGlyphs = 0x0002
            if flags & ignoreBaseGlyphs != 0 { return true }
            let extensionType = isPositioning ? 9 : 7
            for subtable in 0..<(try u16(lookup + 4)) {
                var start = lookup + (try u16(lookup + 6 + 2 * subtable))
                var subtableType = type
                if type == extensionType {  // an extension holds the real type and a 32-bit offset
                    subtableType = try u16(start + 2)
                    start += try u32(start + 4)
                }
                if try subtableNamesUnlisted(glyph, at: start, type: subtableType, isPositioning: isPositioning) {
                    return true
                }
            }
            return false
        } catch {
            return true
        }
    }

    private func subtableNamesUnlisted(_ glyph: hb_codepoint_t, at start: Int, type: Int, isPositioning: Bool) throws(Malformed) -> Bool {
        guard try u16(start) == 2 else { return false }  // only format 2 is class-based
        switch (isPositioning, type) {
        case (true, 2): return try pairAdjustmentNamesClassZero(glyph, at: start)
        case (false, 5), (true, 7): return try contextRulesNameClassZero(glyph, at: start)
        case (false, 6), (true, 8): return try chainedContextRulesNameClassZero(glyph, at: start)
        default: return false
        }
    }

    /// A pair adjustment by classes (format 2) whose second glyph is of class 0 with a
    /// nonzero adjustment, while `glyph` is of class 0 in its second class definition.
    private func pairAdjustmentNamesClassZero(_ glyph: hb_codepoint_t, at start: Int) throws(Malformed) -> Bool {
        let valueFormat1 = try u16(start + 4)
        let valueFormat2 = try u16(start + 6)
        guard let classDef2 = try offset(from: start, at: start + 10) else { return false }
        guard try glyphClass(glyph, classDefinition: classDef2) == 0 else { return false }
        let class1Count = try u16(start + 12)
        let class2Count = try u16(start + 14)
        let recordSize = 2 * (valueFormat1.nonzeroBitCount + valueFormat2.nonzeroBitCount)
        for class1 in 0..<class1Count {
            let record = start + 16 + (class1 * class2Count) * recordSize  // class 2 = 0
            for field in stride(from: 0, to: recordSize, by: 2) where try u16(record + field) != 0 { return true }
        }
        return false
    }

    /// Context rules by classes (GSUB 5 / GPOS 7, format 2) with class 0 in a rule's input
    /// after its first glyph, while `glyph` is of class 0.
    private func contextRulesNameClassZero(_ glyph: hb_codepoint_t, at start: Int) throws(Malformed) -> Bool {
        guard let classDef = try offset(from: start, at: start + 4),
            try glyphClass(glyph, classDefinition: classDef) == 0
        else { return false }
        for set in 0..<(try u16(start + 6)) {
            guard let classSet = try offset(from: start, at: start + 8 + 2 * set) else { continue }
            for rule in 0..<(try u16(classSet)) {
                let ruleStart = classSet + (try u16(classSet + 2 + 2 * rule))
                let glyphCount = try u16(ruleStart)
                for position in 1..<max(1, glyphCount) where try u16(ruleStart + 4 + 2 * (position - 1)) == 0 {
                    return true
                }
            }
        }
        return false
    }

    /// Chained context rules by classes (GSUB 6 / GPOS 8, format 2) with class 0 in a
    /// rule's backtrack, input or lookahead, while `glyph` is of class 0 in that sequence's
    /// class definition.
    private func chainedContextRulesNameClassZero(_ glyph: hb_codepoint_t, at start: Int) throws(Malformed) -> Bool {
        let definitions = [start + 4, start + 6, start + 8]
        let glyphIsUnlisted = try definitions.map { (field) throws(Malformed) -> Bool in
            guard let classDef = try offset(from: start, at: field) else { return true }
            return try glyphClass(glyph, classDefinition: classDef) == 0
        }
        guard glyphIsUnlisted.contains(true) else { return false }
        for set in 0..<(try u16(start + 10)) {
            guard let classSet = try offset(from: start, at: start + 12 + 2 * set) else { continue }
            for rule in 0..<(try u16(classSet)) {
                var cursor = classSet + (try u16(classSet + 2 + 2 * rule))
                for sequence in 0..<3 {
                    let count = try u16(cursor)
                    let named = sequence == 1 ? max(0, count - 1) : count  // input omits its first glyph
                    cursor += 2
                    for position in 0..<named where try u16(cursor + 2 * position) == 0 && glyphIsUnlisted[sequence] {
                        return true
                    }
                    cursor += 2 * named
                }
            }
        }
        return false
    }

    /// The class of `glyph` in the class definition at `start` (format 1 or 2).
    private func glyphClass(_ glyph: hb_codepoint_t, classDefinition start: Int) throws(Malformed) -> Int {
        let glyph = Int(glyph)
        switch try u16(start) {
        case 1:
            let first = try u16(start + 2)
            let count = try u16(start + 4)
            return glyph >= first && glyph < first + count ? try u16(start + 6 + 2 * (glyph - first)) : 0
        case 2:
            for range in 0..<(try u16(start + 2)) {
                let record = start + 4 + 6 * range
                if glyph >= (try u16(record)), glyph <= (try u16(record + 2)) { return try u16(record + 4) }
            }
            return 0
        default:
            throw Malformed()
        }
    }

    // MARK: kern

    /// Whether an old-style `kern` table (OpenType version 0 or Apple version 1) may kern
    /// `glyph` with a neighbour: a pair names it, or a subtable is of a format other than
    /// a horizontal list of pairs (format 0).
    func kernTableMayPair(_ glyph: hb_codepoint_t) -> Bool {
        do {
            let glyph = Int(glyph)
            let isApple = try u16(0) == 1
            let tableCount = isApple ? try u32(4) : try u16(2)
            var subtable = isApple ? 8 : 4
            for _ in 0..<tableCount {
                let length = isApple ? try u32(subtable) : try u16(subtable + 2)
                let coverage = try u16(subtable + 4)
                let format = isApple ? coverage & 0xFF : coverage >> 8
                guard format == 0 else { return true }
                let pairs = subtable + (isApple ? 8 : 6)
                for pair in 0..<(try u16(pairs)) {
                    let record = pairs + 8 + 6 * pair
                    if try u16(record) == glyph || u16(record + 2) == glyph { return true }
                }
                guard length > 0 else { return true }
                subtable += length
            }
            return false
        } catch {
            return true
        }
    }
}
