// The one home for pixel rounding and unit conversion.

/// Rounding to a display's pixel grid, and conversion from font units.
public enum PixelGrid {
    /// Tolerance for values that are on the grid but off by floating-point error.
    static let epsilon = 1e-7

    /// `value` rounded up to the next multiple of `1 / scale`, as UIKit aligns sizes.
    public static func roundUp(_ value: Double, scale: Double) -> Double {
        (value * scale - epsilon).rounded(.up) / scale + 0  // + 0 turns −0 into +0
    }

    /// `value` rounded down to a multiple of `1 / scale`.
    public static func roundDown(_ value: Double, scale: Double) -> Double {
        (value * scale + epsilon).rounded(.down) / scale + 0
    }

    /// Font units (1/1024 px) to pixels; exact in a `Double`.
    static func pixels(_ units: Int64) -> Double { Double(units) / 1024 }

    /// Pixels to font units, rounded to nearest as Pango's `pango_units_from_double` does.
    static func units(_ pixels: Double) -> Int64 { Int64((pixels * 1024 + 0.5).rounded(.down)) }
}
