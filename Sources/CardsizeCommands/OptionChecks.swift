// Range checks of numeric options, each naming its option, made before any arithmetic.
import ArgumentParser
import Geometry
import TextEngine

/// Checks a number typed on the command line against the range the libraries accept
/// (``LengthRange``, ``TextStyle``'s limits), so that `--width 1e19` is refused by name
/// instead of reaching a sum or a conversion.
enum OptionCheck {
    /// A length in points: 0 or more (more than 0 with `positive`), at most `maximum`.
    static func length(_ value: Double?, _ option: String, positive: Bool = false, maximum: Double = LengthRange.maximum)
        throws
    {
        guard let value, let problem = LengthRange.problem(with: value, positive: positive, maximum: maximum) else { return }
        throw ValidationError("\(option) \(problem)")
    }

    /// A display scale: more than 0, at most ``TextStyle/maximumDisplayScale``.
    static func scale(_ value: Double, _ option: String = "--scale") throws {
        try length(value, option, positive: true, maximum: TextStyle.maximumDisplayScale)
    }

    /// A font size: more than 0, at most ``TextStyle/maximumSize``.
    static func fontSize(_ value: Double, _ option: String = "--font-size") throws {
        try length(value, option, positive: true, maximum: TextStyle.maximumSize)
    }

    /// A whole number in `range`.
    static func count(_ value: Int?, _ option: String, in range: ClosedRange<Int>) throws {
        guard let value, !range.contains(value) else { return }
        throw ValidationError("\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(value)")
    }

    /// A rectangle: its origin within ``LengthRange/maximum`` of 0 on both axes, its width
    /// and height lengths.
    static func rect(_ rect: Rect, _ option: String) throws {
        for coordinate in [rect.minX, rect.minY] where !(abs(coordinate) <= LengthRange.maximum) {
            let limit = Int(LengthRange.maximum)
            throw ValidationError("\(option): X and Y must be numbers from -\(limit) to \(limit), got \(coordinate)")
        }
        try length(rect.width, "\(option) width")
        try length(rect.height, "\(option) height")
    }

    /// The most columns any layout option allows.
    static let maximumColumns = 10_000
}
