// Appending items to the last section of a laid-out waterfall: the next page, laid out alone.

import Geometry

extension WaterfallState {
    /// Appends self-sized items, each `heights[k]` tall at the last section's column width,
    /// to the last section, and returns them with the moved footer and the new content size.
    ///
    /// The items go exactly where a full layout of every item would put them. Throws
    /// ``CollectionLayoutError/invalidItemSize(section:index:size:)`` for a negative or
    /// non-finite height, and ``CollectionLayoutError/invalidValue(field:reason:)`` when the
    /// layout has no section; on error the state is unchanged.
    ///
    /// - Complexity: O(k · c) for k items and c columns with `.shortestFirst`, O(k) otherwise;
    ///   independent of the items already laid out.
    public mutating func append(heights: [Double]) throws(CollectionLayoutError) -> WaterfallAppendResult {
        try append(.heights(heights))
    }

    /// Appends items given by reference sizes, scaled to the column width as CHT does
    /// (`floorToPixel(height * columnWidth / width)`, 0 for an empty size), to the last
    /// section; otherwise as ``append(heights:)``.
    ///
    /// - Complexity: O(k · c) for k items and c columns with `.shortestFirst`, O(k) otherwise.
    public mutating func append(referenceSizes: [Size]) throws(CollectionLayoutError) -> WaterfallAppendResult {
        try append(.referenceSizes(referenceSizes))
    }

    /// Places `items` on a copy, so that an error leaves `self` as it was.
    private mutating func append(_ items: WaterfallItems) throws(CollectionLayoutError) -> WaterfallAppendResult {
        var next = self
        var elements: [LayoutElement] = []
        elements.reserveCapacity(items.count)
        try next.place(items, into: &elements)
        self = next
        return WaterfallAppendResult(
            section: lastSection!, items: elements, footer: footer, contentSize: contentSize)
    }
}
