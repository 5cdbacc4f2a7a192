// The range every length a user gives must lie in: options, templates, sections, cover sizes.

/// The lengths in points a caller may give: widths, heights, spacings, insets, cover sides.
///
/// Finite is not enough: `1e308` is finite, yet a layout adding a few of them reaches
/// infinity, and a summary converting a length of `1e19` to an integer traps. Capping every
/// input length at ``maximum`` keeps every sum a layout makes over a catalog of 10^8 cards
/// below 10^15, where doubles still hold whole points exactly.
public enum LengthRange {
    /// One million points: some hundred thousand screens.
    public static let maximum = 1_000_000.0

    /// Why `value` is not an acceptable length, in words that follow its name ("must be
    /// …, got …"); `nil` when it is one: finite, at most `maximum`, and at least 0 (or, with
    /// `positive`, more than 0). A smaller `maximum` serves other bounded numbers, such as a
    /// display scale or a font size.
    public static func problem(with value: Double, positive: Bool = false, maximum: Double = maximum) -> String? {
        let inRange = positive ? value > 0 : value >= 0  // also false for NaN
        guard inRange, value <= maximum else {
            let lower = positive ? "greater than 0" : "from 0"
            return "must be a number \(lower) up to \(format(maximum)), got \(value)"
        }
        return nil
    }

    /// Why `width`:`height` (two lengths greater than 0) is not an acceptable shape, such as
    /// a cover's: one side more than ``maximum`` times the other, whose height at a column's
    /// width could overflow; `nil` when it is acceptable.
    public static func ratioProblem(width: Double, height: Double) -> String? {
        guard max(width / height, height / width) <= maximum else {
            return "\(width):\(height) has one side more than \(format(maximum)) times the other"
        }
        return nil
    }

    private static func format(_ value: Double) -> String { String(Int(value)) }
}
