// Range checks for the numbers a layout is given; each failure names the offending field.

import Geometry

/// Checks shared by every layout, so each one rejects bad numbers with the same errors.
enum ArgumentChecks {
    /// Throws unless `value` is a length of zero or more (see ``LengthRange``).
    static func requireNonNegative(_ value: Double, field: String) throws(CollectionLayoutError) {
        if let problem = LengthRange.problem(with: value) { throw .invalidValue(field: field, reason: problem) }
    }

    /// Throws unless `value` is a length greater than zero (see ``LengthRange``).
    static func requirePositive(_ value: Double, field: String) throws(CollectionLayoutError) {
        if let problem = LengthRange.problem(with: value, positive: true) { throw .invalidValue(field: field, reason: problem) }
    }

    /// Throws unless all four insets are finite and zero or more.
    static func requireNonNegative(_ insets: EdgeInsets, field: String) throws(CollectionLayoutError) {
        try requireNonNegative(insets.top, field: "\(field).top")
        try requireNonNegative(insets.left, field: "\(field).left")
        try requireNonNegative(insets.bottom, field: "\(field).bottom")
        try requireNonNegative(insets.right, field: "\(field).right")
    }

    /// The width between the left and right insets; throws unless it is positive.
    static func availableWidth(
        collectionWidth: Double, insets: EdgeInsets, insetField: String
    ) throws(CollectionLayoutError) -> Double {
        try requirePositive(collectionWidth, field: "collectionWidth")
        try requireNonNegative(insets, field: insetField)
        let available = collectionWidth - insets.horizontal
        guard available > 0 else {
            throw .invalidValue(
                field: insetField,
                reason: "left + right (\(insets.horizontal)) leave no width of a \(collectionWidth)-point collection")
        }
        return available
    }
}
