// Grid columns: how many equal cells a row holds and their width, from a column count (the book-search grid).

import Geometry

/// The number of equal columns in a grid row and the width of each cell.
///
/// Made in one of two ways:
/// - ``forColumnCount(_:collectionWidth:insets:interitemSpacing:displayScale:)``: a fixed
///   number of columns shares the width (the book-search grid);
/// - ``fillingRow(minimumCellWidth:collectionWidth:insets:interitemSpacing:displayScale:)``:
///   as many columns as a minimum width allows, widened to fill the row (the minimum-width grid).
///
/// Cell widths are floored to the pixel grid of `displayScale`. The seeds floor to whole
/// points, which is `displayScale` 1, the default; pass a device's scale (2, 3) to floor to
/// its pixels instead (`PixelGrid.roundDown`).
///
/// ```swift
/// let grid = try GridColumns.forColumnCount(
///     3, collectionWidth: 414, insets: EdgeInsets(all: 8), interitemSpacing: 8)
/// // grid.cellWidth == 127
/// ```
public struct GridColumns: Sendable, Hashable {
    /// Cells per row, at least 1.
    public var columnCount: Int
    /// The width of every cell, in points, on the pixel grid of the scale it was made for.
    public var cellWidth: Double

    public init(columnCount: Int, cellWidth: Double) {
        self.columnCount = columnCount
        self.cellWidth = cellWidth
    }

    /// `columnCount` equal cells with `interitemSpacing` between them, filling the width
    /// between the left and right insets (the book-search grid).
    ///
    /// `cellWidth = floorToPixel((availableWidth - interitemSpacing * (columnCount - 1)) / columnCount)`
    /// with `availableWidth = collectionWidth - insets.left - insets.right`; the top and bottom
    /// insets are ignored. Throws ``CollectionLayoutError/invalidValue(field:reason:)`` for a
    /// count below 1, negative or non-finite numbers, or columns that leave no width.
    ///
    /// - Complexity: O(1).
    public static func forColumnCount(
        _ columnCount: Int, collectionWidth: Double, insets: EdgeInsets = .zero,
        interitemSpacing: Double, displayScale: Double = 1
    ) throws(CollectionLayoutError) -> GridColumns {
        guard columnCount >= 1 else {
            throw .invalidValue(field: "columnCount", reason: "must be at least 1, got \(columnCount)")
        }
        try ArgumentChecks.requireNonNegative(interitemSpacing, field: "interitemSpacing")
        try ArgumentChecks.requirePositive(displayScale, field: "displayScale")
        let availableWidth = try ArgumentChecks.availableWidth(
            collectionWidth: collectionWidth, insets: insets, insetField: "insets")
        let columns = Double(columnCount)
        let cellWidth = PixelGrid.roundDown(
            (availableWidth - interitemSpacing * (columns - 1)) / columns, scale: displayScale)
        guard cellWidth > 0 else {
            throw .invalidValue(
                field: "columnCount",
                reason: "\(columnCount) columns \(interitemSpacing) apart leave no cell width in "
                    + "\(availableWidth) points")
        }
        return GridColumns(columnCount: columnCount, cellWidth: cellWidth)
    }
}
