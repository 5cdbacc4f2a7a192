// Font units: the integer fractions of a pixel the engine measures in.

/// Conversion between pixels and font units, in which advances are exact integers that add
/// up without rounding drift. A profile measures in the units of the system it reproduces:
/// Pango's 1/1024 px, or the 1/65536 px (16.16) HarfBuzz positions Blink's glyphs in.
struct FontUnits: Hashable, Sendable {
    /// Units per pixel.
    let perPixel: Int64

    /// Pango units: 1/1024 px.
    static let pango = FontUnits(perPixel: 1024)
    /// HarfBuzz's 16.16 positions: 1/65536 px, as Blink sets its HarfBuzz fonts' scale.
    static let sixteenDotSixteen = FontUnits(perPixel: 65536)

    /// Font units to pixels; exact in a `Double`.
    func pixels(_ units: Int64) -> Double { Double(units) / Double(perPixel) }

    /// Pixels to font units, rounded to nearest as Pango's `pango_units_from_double` does.
    func units(_ pixels: Double) -> Int64 { Int64((pixels * Double(perPixel) + 0.5).rounded(.down)) }
}
