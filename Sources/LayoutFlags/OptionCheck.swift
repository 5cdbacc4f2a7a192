// Range checks of numeric options, each naming its option, made before any arithmetic.
import ArgumentParser
import CatalogLayout
import Geometry
import TextEngine

/// Checks a number typed on the command line against the range the libraries accept
/// (``LengthRange``, ``TextStyle``'s limits), so that `--width 1e19` is refused by name
/// instead of reaching a sum or a conversion.
public enum OptionCheck {
    /// A length in points: 0 or more (more than 0 with `positive`), at most `maximum`.
    public static func length(_ value: Double?, _ option: String, positive: Bool = false, maximum: Double = LengthRange.maximum)
        throws
    {
        guard let value, let problem = LengthRange.problem(with: value, positive: positive, maximum: maximum) else { return }
        throw ValidationError("\(option) \(problem)")
    }

    /// A display scale (``TextStyle/displayScaleProblem(_:)``).
    public static func scale(_ value: Double, _ option: String = "--scale") throws {
        if let problem = TextStyle.displayScaleProblem(value) { throw ValidationError("\(option) \(problem)") }
    }

    /// A font size: more than 0, at most ``TextStyle/maximumSize``.
    public static func fontSize(_ value: Double, _ option: String = "--font-size") throws {
        try length(value, option, positive: true, maximum: TextStyle.maximumSize)
    }

    /// A whole number in `range`.
    public static func count(_ value: Int?, _ option: String, in range: ClosedRange<Int>) throws {
        guard let value, !range.contains(value) else { return }
        throw ValidationError("\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(value)")
    }

    /// A rectangle: its origin within ``LengthRange/maximum`` of 0 on both axes, its width
    /// and height lengths.
    public static func rect(_ rect: Rect, _ option: String) throws {
        for coordinate in [rect.minX, rect.minY] where !(abs(coordinate) <= LengthRange.maximum) {
            let limit = Int(LengthRange.maximum)
            throw ValidationError("\(option): X and Y must be numbers from -\(limit) to \(limit), got \(coordinate)")
        }
        try length(rect.width, "\(option) width")
        try length(rect.height, "\(option) height")
    }

    /// An option's number, read only in decimal (``DecimalNumber``): `Double` alone reads
    /// `--width 0x10` as 16.
    public static func decimal(_ text: String) throws -> Double {
        guard let value = DecimalNumber.value(of: text) else { throw ValidationError("not a decimal number") }
        return value
    }

    /// The numbers of a comma-separated option (`--insets 8,8,8,8`), each in decimal; nil when
    /// one is not.
    public static func decimals(_ text: String) -> [Double]? {
        var values: [Double] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = DecimalNumber.value(of: trimmingBlanks(part)) else { return nil }
            values.append(value)
        }
        return values
    }

    /// `text` without the spaces (of any width) and tabs around it.
    private static func trimmingBlanks(_ text: Substring) -> String {
        let scalars = text.unicodeScalars
        let isBlank = { (scalar: Unicode.Scalar) in scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        guard let first = scalars.firstIndex(where: { !isBlank($0) }), let last = scalars.lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(scalars[first...last])
    }

    /// The most columns any layout option allows.
    public static let maximumColumns = CatalogLayoutRequest.maximumColumns
}

extension LayoutRequestError {
    /// The error as the command line says it: the option spelled as a flag (`--min-cell-width`).
    public var validationError: ValidationError {
        ValidationError("--\(field.replacing("_", with: "-")) \(problem)")
    }
}
