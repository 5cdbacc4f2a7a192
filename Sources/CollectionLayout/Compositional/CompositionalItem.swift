// The smallest compositional element: one cell's size and the insets of the cell in its slot.

import Geometry

/// One cell of a compositional layout, as `NSCollectionLayoutItem`: a slot of
/// `layoutSize` in its group, and the cell inside it.
///
/// `contentInsets` shrink the cell inside its slot after the slot is placed, so they do not
/// move the item's neighbours; they are ignored on an estimated side, whose measured
/// length is the cell's.
public struct CompositionalItem: Sendable, Hashable {
    /// The slot's size, resolved against the containing group's effective content size.
    public var layoutSize: CompositionalLayoutSize
    /// The cell's insets from its slot's edges.
    public var contentInsets: EdgeInsets

    public init(layoutSize: CompositionalLayoutSize, contentInsets: EdgeInsets = .zero) {
        self.layoutSize = layoutSize
        self.contentInsets = contentInsets
    }
}
