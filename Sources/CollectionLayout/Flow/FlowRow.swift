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
    /// The width still free after the items, each but the first `spacing` after the last.
    var remainingWidth: Double

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
        var row = try starting(with: sizes[start], at: start, availableWidth: availableWidth, section: section)
        while row.itemRange.upperBound < sizes.count {
            let index = row.itemRange.upperBound
            guard row.add(try validated(sizes[index], section: section, index: index), spacing: spacing) else { break }
        }
        return row
    }

    /// A row of one item, `size`, the `index`-th of its section.
    ///
    /// Throws for an invalid size or one wider than `availableWidth`.
    static func starting(
        with size: Size, at index: Int, availableWidth: Double, section: Int
    ) throws(CollectionLayoutError) -> FlowRow {
        let first = try validated(size, section: section, index: index)
        guard first.width <= availableWidth + fitTolerance else {
            throw .itemWiderThanSection(
                section: section, index: index, itemWidth: first.width, availableWidth: availableWidth)
        }
        return FlowRow(
            itemRange: index..<(index + 1), itemsWidth: first.width, height: first.height,
            remainingWidth: availableWidth - first.width)
    }

    /// Adds the next item, already validated, when it fits `spacing` after the row's last
    /// one; false, leaving the row as it is, when it does not.
    mutating func add(_ next: Size, spacing: Double) -> Bool {
        guard next.width + spacing <= remainingWidth + Self.fitTolerance else { return false }
        remainingWidth -= next.width + spacing
        itemsWidth += next.width
        height = max(height, next.height)
        itemRange = itemRange.lowerBound..<(itemRange.upperBound + 1)
        return true
    }

    /// `size`, or an error unless both its sides are finite and non-negative.
    static func validated(_ size: Size, section: Int, index: Int) throws(CollectionLayoutError) -> Size {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw .invalidItemSize(section: section, index: index, size: size)
        }
        return size
    }
}
