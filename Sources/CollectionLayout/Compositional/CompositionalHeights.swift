// Self-sizing for compositional layouts: the heights of estimated items, headers and footers.

/// Where a compositional layout gets the heights of its estimated items and boundary
/// supplementaries (headers and footers), the way UIKit asks a self-sizing cell for its
/// fitting size.
///
/// An item is named by its *item number*: its position among all the items the layout
/// places, counting from 0 across sections, so a catalog laid out in order is measured by
/// its record index. The width is the cell's: the item's width minus its left and right
/// content insets. A missing closure leaves every estimate as it is.
///
/// Each item is measured once, in item order, with two exceptions: an item in a vertical
/// group of given height is measured before it is known to fit, so one that does not is
/// measured again in the next group; and an append measures the items of the last group
/// repetition again. Heights must therefore be the same for the same arguments, and
/// finite and zero or more.
///
/// ```swift
/// let heights = CompositionalHeights(itemHeight: { itemNumber, width in width * 10 / 7 + 48 })
/// let result = try layout.layout(itemCount: 1_000, heights: heights)
/// ```
public struct CompositionalHeights {
    /// The height of item number `itemNumber` at `width` points wide.
    public typealias ItemHeight = (_ itemNumber: Int, _ width: Double) -> Double
    /// The height of section `section`'s header or footer at `width` points wide.
    public typealias BoundaryHeight = (_ kind: ElementKind, _ section: Int, _ width: Double) -> Double

    public var itemHeight: ItemHeight?
    public var boundaryHeight: BoundaryHeight?

    public init(itemHeight: ItemHeight? = nil, boundaryHeight: BoundaryHeight? = nil) {
        self.itemHeight = itemHeight
        self.boundaryHeight = boundaryHeight
    }

    /// No measurement: every estimated side keeps its estimate.
    public static var estimates: CompositionalHeights { CompositionalHeights() }

    /// Heights measured beforehand, by item number, whatever the width; an item number
    /// past the end has no height and the layout reports it as an invalid item size.
    public static func itemHeights(_ heights: [Double]) -> CompositionalHeights {
        CompositionalHeights(itemHeight: { itemNumber, _ in
            heights.indices.contains(itemNumber) ? heights[itemNumber] : .nan
        })
    }
}
