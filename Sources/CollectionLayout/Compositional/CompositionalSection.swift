// A compositional section: one group repeated for its items, with spacing, insets, header, footer.

import Geometry

/// One section of a compositional layout, as `NSCollectionLayoutSection`.
///
/// Top to bottom: the header (full collection width, if any), `contentInsets.top`, the
/// group repeated until the section's items are placed (`interGroupSpacing` between one
/// repetition's bottom and the next one's top), `contentInsets.bottom`, the footer. Each
/// repetition is placed at `contentInsets.left`; the root group's container is the
/// collection's width minus the left and right insets by the collection's height, so a
/// root `.fractionalHeight(0.4)` is 0.4 of the collection's height.
///
/// A section without items still shows its header, insets and footer.
public struct CompositionalSection: Sendable, Hashable {
    /// The group every repetition lays out; items fill its slots in order.
    public var group: CompositionalGroup
    /// The gap between consecutive repetitions of the group.
    public var interGroupSpacing: Double
    /// Space around the repetitions; left and right narrow the root group's container.
    public var contentInsets: EdgeInsets
    /// The header's height, if the section has one: fractions are of the collection's size,
    /// an estimate is measured at the collection's width.
    public var headerHeight: CompositionalDimension?
    /// The footer's height, if the section has one, resolved as the header's.
    public var footerHeight: CompositionalDimension?
    /// The most items a section of this kind takes when a layout cuts a run of items into
    /// sections (``CompositionalLayout/layout(itemCount:heights:)``); `nil` takes them all.
    public var maximumItemCount: Int?

    public init(
        group: CompositionalGroup, interGroupSpacing: Double = 0, contentInsets: EdgeInsets = .zero,
        headerHeight: CompositionalDimension? = nil, footerHeight: CompositionalDimension? = nil,
        maximumItemCount: Int? = nil
    ) {
        self.group = group
        self.interGroupSpacing = interGroupSpacing
        self.contentInsets = contentInsets
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.maximumItemCount = maximumItemCount
    }
}
