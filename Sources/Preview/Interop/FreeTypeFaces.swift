// FreeType: glyph outlines for SVG paths and anti-aliased coverage for PNG pixels.
import CFreeType
import TextEngine

/// The font faces a picture's glyphs come from, opened with FreeType on first use.
///
/// Owns its own `FT_Library`, so it needs no lock; use one per picture, from one thread.
final class FreeTypeFaces {
    private var library: FT_Library?
    private var faces: [FontFaceReference: FT_Face] = [:]

    init() throws(PreviewError) {
        let error = FT_Init_FreeType(&library)
        guard error == 0 else {
            throw .fontFace(path: "", reason: "FreeType did not start: \(FreeTypeError(code: error))")
        }
    }

    deinit {
        faces.values.forEach { FT_Done_Face($0) }
        FT_Done_FreeType(library)
    }

    /// A glyph's outline in font units, y up, as SVG path data with y negated (so that the
    /// path drawn at a scale of size ÷ units-per-em sits on its baseline); nil when the face
    /// has no outline for it (a bitmap-only glyph).
    func outline(of glyph: UInt32, in font: FontFaceReference) throws(PreviewError) -> (path: String, unitsPerEm: Int)? {
        guard let face = try loadOutline(of: glyph, in: font) else { return nil }
        let path = OutlinePath()
        var callbacks = FT_Outline_Funcs(
            move_to: { to, user in OutlinePath.from(user).command("M", to) },
            line_to: { to, user in OutlinePath.from(user).command("L", to) },
            conic_to: { control, to, user in OutlinePath.from(user).command("Q", control, to) },
            cubic_to: { control1, control2, to, user in OutlinePath.from(user).command("C", control1, control2, to) },
            shift: 0, delta: 0)
        _ = withExtendedLifetime(path) {
            FT_Outline_Decompose(&face.pointee.glyph.pointee.outline, &callbacks, Unmanaged.passUnretained(path).toOpaque())
        }
        return (path.closed, Int(face.pointee.units_per_EM))
    }

    /// A glyph's anti-aliased coverage at `pixelsPerEm`, its origin moved right and down by
    /// `fraction` of a pixel (each in 0..<1), unhinted, so that it matches HarfBuzz's
    /// unhinted advances; nil when the face has no outline for it.
    func coverage(
        of glyph: UInt32, in font: FontFaceReference, pixelsPerEm: Double, fraction: (x: Double, y: Double)
    ) throws(PreviewError) -> GlyphCoverage? {
        let face = try self.face(font)
        guard FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelsPerEm * 64).rounded()), 72, 72) == 0,
            FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0
        else { return nil }
        let slot = face.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos((fraction.x * 64).rounded()), -FT_Pos((fraction.y * 64).rounded()))
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        var values = [UInt8](repeating: 0, count: width * rows)
        if let buffer = bitmap.buffer {
            for row in 0..<rows {
                for column in 0..<width { values[row * width + column] = buffer[row * Int(bitmap.pitch) + column] }
            }
        }
        return GlyphCoverage(
            left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top), width: width, height: rows, values: values)
    }

    /// The face with `glyph`'s outline loaded in its glyph slot, in font units, unhinted;
    /// nil when the face has no outline for it.
    func loadOutline(of glyph: UInt32, in font: FontFaceReference) throws(PreviewError) -> FT_Face? {
        let face = try self.face(font)
        let flags = Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(face, glyph, flags) == 0, face.pointee.glyph.pointee.format == FT_GLYPH_FORMAT_OUTLINE else {
            return nil
        }
        return face
    }

    /// The face, opened on first use after the same checks as the engine's font chains: its
    /// tables must lie inside its file with sane values, and FreeType must read the same
    /// units per em and glyph count from them.
    private func face(_ font: FontFaceReference) throws(PreviewError) -> FT_Face {
        if let face = faces[font] { return face }
        var face: FT_Face?
        let error = FT_New_Face(library, font.path, FT_Long(font.faceIndex), &face)
        let facts: FontFaceValidator.Facts
        do {
            facts = try FontFaceValidator.validate(font) { error == 0 ? nil : FreeTypeError(code: error) }
        } catch {
            if let face { FT_Done_Face(face) }
            throw .fontFace(path: font.description, reason: Self.reason(error))
        }
        guard error == 0, let face else {
            throw .fontFace(path: font.description, reason: FreeTypeError(code: error).description)
        }
        let record = face.pointee
        guard Int(record.units_per_EM) == facts.unitsPerEm, Int(record.num_glyphs) == facts.glyphCount else {
            FT_Done_Face(face)
            throw .fontFace(
                path: font.description,
                reason: "FreeType reads \(record.units_per_EM) units per em and \(record.num_glyphs) glyphs where "
                    + "the tables have \(facts.unitsPerEm) and \(facts.glyphCount)")
        }
        faces[font] = face
        return face
    }

    /// The reason of a font file error without the path, which ``PreviewError/fontFace(path:reason:)`` gives.
    private static func reason(_ error: TextEngineError) -> String {
        if case .fontFile(_, let reason) = error { return reason }
        return error.description
    }
}

/// A glyph's coverage: 0 (none) to 255 (full) per pixel, row by row, placed `left` pixels
/// right of its origin and with its top row `top` pixels above the baseline.
struct GlyphCoverage {
    var left: Int
    var top: Int
    var width: Int
    var height: Int
    var values: [UInt8]
}

/// SVG path data built from `FT_Outline_Decompose`'s callbacks.
private final class OutlinePath {
    private var data = ""

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlinePath {
        Unmanaged<OutlinePath>.fromOpaque(user!).takeUnretainedValue()
    }

    /// Appends a command; a new contour closes the one before. Returns 0, FreeType's "go on".
    func command(_ letter: String, _ points: UnsafePointer<FT_Vector>?...) -> Int32 {
        if letter == "M", !data.isEmpty { data += "Z" }
        data += letter + points.map { "\($0!.pointee.x) \(-$0!.pointee.y)" }.joined(separator: " ")
        return 0
    }

    /// The path, its last contour closed.
    var closed: String { data.isEmpty ? "" : data + "Z" }
}
