// Font units: the 1/1024 px integers the engine measures in.

/// Conversion between pixels and font units (1/1024 px, Pango's units), in which
/// advances are exact integers that add up without rounding drift.
enum FontUnits {
    /// Font units to pixels; exact in a `Double`.
    static func pixels(_ units: Int64) -> Double { Double(units) / 1024 }

    /// Pixels to font units, rounded to nearest as Pango's `pango_units_from_double` does.
    static func units(_ pixels: Double) -> Int64 { Int64((pixels * 1024 + 0.5).rounded(.down)) }
}
