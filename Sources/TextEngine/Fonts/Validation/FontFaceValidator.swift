// Checking a font face's tables before the engine trusts them.

/// Checks that a face has, inside its file and with sane values, every table the engine and
/// HarfBuzz read: `head`, `maxp`, `hhea`, `hmtx`, `cmap`, glyph data, and `OS/2` when present.
///
/// HarfBuzz quietly drops a table that fails its own checks, and then measures with zeros: a
/// CJK font cut short measures Japanese as 0 pt tall. Checking here turns such a file into an
/// error naming it and what is wrong.
package enum FontFaceValidator {
    /// What the checked tables say, for comparing with what HarfBuzz and FreeType loaded.
    package struct Facts: Sendable {
        package var unitsPerEm: Int
        package var glyphCount: Int
    }

    /// Checks the face `reference` names.
    /// - Parameter freeTypeError: FreeType's error opening the file, asked for only when the
    ///   file is no TrueType or OpenType file at all: it names such faults better
    ///   (`cannot open resource`, `unknown file format`).
    /// - Throws: ``TextEngineError/fontFile(path:reason:)`` naming the file and what is wrong.
    package static func validate(
        _ reference: FontFaceReference, freeTypeError: () -> FreeTypeError?
    ) throws(TextEngineError) -> Facts {
        do {
            return try validate(path: reference.path, faceIndex: reference.faceIndex)
        } catch {
            let reason = error.isNotOpenType ? freeTypeError()?.description ?? error.reason : error.reason
            throw .fontFile(path: reference.description, reason: reason)
        }
    }

    /// The largest and smallest units per em OpenType allows.
    static let unitsPerEmRange = 16...16384
    /// A line taller than this many ems is a damaged value, not a design.
    static let maximumLineHeightInEms = 8

    /// Checks face `faceIndex` of the file at `path`.
    /// - Throws: the first thing found wrong, in words.
    static func validate(path: String, faceIndex: Int) throws(FontDamage) -> Facts {
        guard let file = FontFileBytes(path: path) else { throw FontDamage("cannot be opened as a regular file", isNotOpenType: true) }
        let directory = try OpenTypeTableDirectory(file: file, faceIndex: faceIndex)

        let head = try directory.read("head", from: file, count: 54)
        guard head.uint32(at: 12) == 0x5F0F_3CF5 else { throw FontDamage("table 'head' has a wrong magic number") }
        let unitsPerEm = Int(head.uint16(at: 18))
        guard unitsPerEmRange.contains(unitsPerEm) else {
            throw FontDamage("unitsPerEm \(unitsPerEm) is outside \(unitsPerEmRange) (table 'head')")
        }

        let glyphCount = Int(try directory.read("maxp", from: file, count: 6).uint16(at: 4))
        guard glyphCount > 0 else { throw FontDamage("table 'maxp' says the face has no glyphs") }

        try checkHorizontalMetrics(directory, file, glyphCount: glyphCount, unitsPerEm: unitsPerEm)
        try checkGlyphData(directory, file, head: head, glyphCount: glyphCount)
        try CharacterMapValidator.validate(try directory.entry("cmap"), in: file)
        return Facts(unitsPerEm: unitsPerEm, glyphCount: glyphCount)
    }

    /// `hhea` and `hmtx` (every glyph's advance) and the line height HarfBuzz will use:
    /// `OS/2`'s typographic metrics when its USE_TYPO_METRICS bit is set, else `hhea`'s.
    private static func checkHorizontalMetrics(
        _ directory: OpenTypeTableDirectory, _ file: FontFileBytes, glyphCount: Int, unitsPerEm: Int
    ) throws(FontDamage) {
        let hhea = try directory.read("hhea", from: file, count: 36)
        let metricCount = Int(hhea.uint16(at: 34))
        guard metricCount > 0 else { throw FontDamage("table 'hhea' gives no glyph advances (numberOfHMetrics 0)") }
        let longMetrics = min(metricCount, glyphCount)
        let needed = 4 * longMetrics + 2 * (glyphCount - longMetrics)
        let hmtxLength = Int(try directory.entry("hmtx").length)
        guard hmtxLength >= needed else {
            throw FontDamage("table 'hmtx' is \(hmtxLength) bytes, short of the \(needed) its \(glyphCount) glyphs need")
        }
        var ascender = Int(hhea.int16(at: 4))
        var descender = Int(hhea.int16(at: 6))
        var source = "hhea"
        if directory.tables["OS/2"] != nil {
            let os2 = try directory.read("OS/2", from: file, count: 78)
            let usesTypographicMetrics = os2.uint16(at: 62) & 0x80 != 0
            if usesTypographicMetrics {
                ascender = Int(os2.int16(at: 68))
                descender = Int(os2.int16(at: 70))
                source = "OS/2"
            }
        }
        let lineHeight = ascender - descender
        guard lineHeight > 0, lineHeight <= maximumLineHeightInEms * unitsPerEm,
            max(abs(ascender), abs(descender)) <= maximumLineHeightInEms * unitsPerEm
        else {
            throw FontDamage(
                "ascender \(ascender) and descender \(descender) (table '\(source)', \(unitsPerEm) units per em) "
                    + "do not make a line between 0 and \(maximumLineHeightInEms) em tall")
        }
    }

    /// Outlines (`glyf` with `loca`, `CFF `, `CFF2`) or colour bitmaps (`CBDT`, `sbix`).
    private static func checkGlyphData(
        _ directory: OpenTypeTableDirectory, _ file: FontFileBytes, head: BigEndianBytes, glyphCount: Int
    ) throws(FontDamage) {
        if directory.tables["glyf"] != nil {
            let format = head.int16(at: 50)
            guard format == 0 || format == 1 else {
                throw FontDamage("table 'head' has an unknown glyph index format \(format)")
            }
            let needed = (glyphCount + 1) * (format == 0 ? 2 : 4)
            let locaLength = Int(try directory.entry("loca").length)
            guard locaLength >= needed else {
                throw FontDamage("table 'loca' is \(locaLength) bytes, short of the \(needed) its \(glyphCount) glyphs need")
            }
            return
        }
        guard ["CFF ", "CFF2", "CBDT", "sbix"].contains(where: { directory.tables[$0] != nil }) else {
            throw FontDamage("the face has no glyph data (no 'glyf', 'CFF ', 'CFF2', 'CBDT' or 'sbix' table)")
        }
    }
}
