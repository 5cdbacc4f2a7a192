// Grid columns from a minimum cell width, widened to fill the row without widening gaps.

import Geometry

extension GridColumns {
    /// As many cells of at least `minimumCellWidth` as fit, widened equally to fill the row
    /// (the minimum-width grid), so the gaps stay at `interitemSpacing`.
    ///
    /// With `W' = collectionWidth - insets.left - insets.right` (the minimum-width grid article's
    /// `collectionWidth - 2 * leftRightInset` for equal insets):
    /// `n = floor(W' / minimumCellWidth)`;
    /// `remaining(n) = W' - minimumCellWidth * n - interitemSpacing * (n - 1)`;
    /// while `remaining(n) < 0`, `n -= 1`; then
    /// `cellWidth = minimumCellWidth + floorToPixel(remaining(n) / n)`.
    /// The descent starts no higher than one above the closed-form answer
    /// `floor((W' + spacing) / (minimumCellWidth + spacing))`, which gives the seed's result in
    /// at most two steps however many columns fit.
    ///
    /// When even one cell of the minimum width does not fit (the seed would divide by zero),
    /// the result is **one column as wide as `W'`** (floored to the pixel grid), narrower than
    /// the minimum: a narrow window still gets a usable single-column grid. Callers who need
    /// the minimum honoured check `cellWidth < minimumCellWidth`.
    ///
    /// - Complexity: O(1).
    public static func fillingRow(
        minimumCellWidth: Double, collectionWidth: Double, insets: EdgeInsets = .zero,
        interitemSpacing: Double, displayScale: Double = 1
    ) throws(CollectionLayoutError) -> GridColumns {
        try ArgumentChecks.requirePositive(minimumCellWidth, field: "minimumCellWidth")
        try ArgumentChecks.requireNonNegative(interitemSpacing, field: "interitemSpacing")
        try ArgumentChecks.requirePositive(displayScale, field: "displayScale")
        let availableWidth = try ArgumentChecks.availableWidth(
            collectionWidth: collectionWidth, insets: insets, insetField: "insets")
        guard availableWidth >= minimumCellWidth else {
            return GridColumns(columnCount: 1, cellWidth: PixelGrid.roundDown(availableWidth, scale: displayScale))
        }
        var columnCount = try startingColumnCount(
            availableWidth: availableWidth, minimumCellWidth: minimumCellWidth, interitemSpacing: interitemSpacing)
        func remainingWidth(_ count: Int) -> Double {
            availableWidth - minimumCellWidth * Double(count) - interitemSpacing * Double(count - 1)
        }
        while remainingWidth(columnCount) < 0 { columnCount -= 1 }
        let extraWidth = PixelGrid.roundDown(remainingWidth(columnCount) / Double(columnCount), scale: displayScale)
        return GridColumns(columnCount: columnCount, cellWidth: minimumCellWidth + extraWidth)
    }

    /// Seed 001's starting count `floor(W' / minimumCellWidth)`, lowered to one above the
    /// closed-form answer so the seed's descent is short; at least 1 when one cell fits.
    private static func startingColumnCount(
        availableWidth: Double, minimumCellWidth: Double, interitemSpacing: Double
    ) throws(CollectionLayoutError) -> Int {
        let seedStart = (availableWidth / minimumCellWidth).rounded(.down)
        let closedForm = ((availableWidth + interitemSpacing) / (minimumCellWidth + interitemSpacing)).rounded(.down)
        let start = min(seedStart, closedForm + 1)
        guard start <= Double(Int32.max) else {
            throw .invalidValue(
                field: "minimumCellWidth",
                reason: "\(minimumCellWidth) fits more than \(Int32.max) columns in \(availableWidth) points")
        }
        return Int(start)
    }
}
