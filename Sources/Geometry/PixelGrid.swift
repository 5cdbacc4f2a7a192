// The one home for rounding to a display's pixel grid.

/// Rounding to the pixel grid of a display scale (1, 2, 3 pixels per point), as UIKit
/// aligns sizes and positions.
public enum PixelGrid {
    /// Tolerance for values that are on the grid but off by floating-point error.
    static let epsilon = 1e-7

    /// `value` rounded up to the next multiple of `1 / scale` (UIKit's `ceil` to pixels).
    public static func roundUp(_ value: Double, scale: Double) -> Double {
        (value * scale - epsilon).rounded(.up) / scale + 0  // + 0 turns −0 into +0
    }

    /// `value` rounded down to a multiple of `1 / scale` (CHT's `floorCGFloat`).
    public static func roundDown(_ value: Double, scale: Double) -> Double {
        (value * scale + epsilon).rounded(.down) / scale + 0
    }

    /// `value` rounded to the nearest multiple of `1 / scale`.
    public static func roundToNearest(_ value: Double, scale: Double) -> Double {
        (value * scale).rounded(.toNearestOrAwayFromZero) / scale + 0
    }
}
