// Row filling for flow sections: greedy, item by item, into the width between the insets.

import Geometry

/// A run of consecutive items of a section that share one row.
struct FlowRow {
    /// The items' indices within their section.
    var itemRange: Range<Int>
    /// The sum of the items' widths, spacing excluded.
    var itemsWidth: Double
    /// The tallest item's height.
    var height: Double

    /// Slack for the fit test so that an item that fits exactly (widths in thirds of a
    /// point, say) is not pushed to the next row by floating-point error.
    static let fitTolerance = 1e-9

    var itemCount: Int { itemRange.count }

    /// The width left over when the items stand `spacing` apart.
    func leftoverWidth(availableWidth: Double, spacing: Double) -> Double {
        availableWidth - itemsWidth - spacing * Double(itemCount - 1)
    }

    /// The row that starts with item `start`: that item, then each next one while
    /// `width + spacing <= remaining` (UIKit's greedy fill).
    ///
    /// Throws for an invalid size or for a first item wider than `availableWidth`.
    ///
    /// - Complexity: O(k) for the k items of the row, plus the one item that did not fit.
    static func fill(
        _ sizes: [Size], from start: Int, availableWidth: Double, spacing: Double, section: Int
    ) throws(CollectionLayoutError) -> FlowRow {
        let first = try validated(sizes[start], section: section, index: start)
        guard first.width <= availableWidth + fitTolerance else {
            throw .itemWiderThanSection(
                section: section, index: start, itemWidth: first.width, availableWidth: availableWidth)
        }
        var row = FlowRow(itemRange: start..<(start + 1), itemsWidth: first.width, height: first.height)
        var remainingWidth = availableWidth - first.width
        while row.itemRange.upperBound < sizes.count {
            let next = try validated(sizes[row.itemRange.upperBound], section: section, index: row.itemRange.upperBound)
            guard next.width + spacing <= remainingWidth + fitTolerance else { break }
            remainingWidth -= next.width + spacing
            row.itemsWidth += next.width
            row.height = max(row.height, next.height)
            row.itemRange = start..<(row.itemRange.upperBound + 1)
        }
        return row
    }

    /// `size`, or an error unless both its sides are finite and non-negative.
    private static func validated(_ size: Size, section: Int, index: Int) throws(CollectionLayoutError) -> Size {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw .invalidItemSize(section: section, index: index, size: size)
        }
        return size
    }
}
