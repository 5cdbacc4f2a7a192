// Glyph ink extents for tests that check where a picture's ink may fall.
import CFreeType
import TextEngine

extension FreeTypeFaces {
    /// A glyph's horizontal ink extent from its origin, in font units (the outline's
    /// control box, which holds the ink), with the face's units per em; nil without an outline.
    func horizontalInk(of glyph: UInt32, in font: FontFaceReference) throws(PreviewError) -> (minX: Int, maxX: Int, unitsPerEm: Int)? {
        guard let face = try loadOutline(of: glyph, in: font), face.pointee.glyph.pointee.outline.n_points > 0 else {
            return nil
        }
        var box = FT_BBox()
        FT_Outline_Get_CBox(&face.pointee.glyph.pointee.outline, &box)
        return (Int(box.xMin), Int(box.xMax), Int(face.pointee.units_per_EM))
    }
}
