// Laying out a flow as its items arrive: a catalog too large to hold, section by section.

import Geometry

extension FlowLayout {
    /// A state before any section, for laying items out as they arrive with
    /// ``FlowState/stream(_:toSection:into:)``.
    ///
    /// Throws ``CollectionLayoutError/invalidValue(field:reason:)`` for a non-positive
    /// collection width or display scale.
    public func streamingState() throws(CollectionLayoutError) -> FlowState {
        try ArgumentChecks.requirePositive(collectionWidth, field: "collectionWidth")
        if let displayScale { try ArgumentChecks.requirePositive(displayScale, field: "displayScale") }
        return FlowState(layout: self)
    }
}

extension FlowState: LayoutStream {
    /// Adds items of known sizes at the end of section `section`, appending the elements
    /// that are now placed to `elements`: first, when `section` is past the open one, the
    /// open section's last row and footer and the headers (and footers) of the sections up
    /// to `section`; then every row the new items filled. The last row waits for more items
    /// or the section's end.
    ///
    /// Throws ``CollectionLayoutError/invalidValue(field:reason:)`` when `section` is before
    /// the open one or a section's options are invalid, and the first invalid or too wide
    /// item's error, with the items before it added.
    public mutating func stream(
        _ sizes: [Size], toSection section: Int, into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) {
        for next in try SectionOrder.sectionsToOpen(upTo: section, after: lastSection) {
            try beginSection(next, into: &elements)
        }
        for size in sizes { try add(size, into: &elements) }
    }

    /// Closes the layout: appends the last section's last row and footer and returns the
    /// content size, the collection's width by the bottom of the last section.
    /// (Stream no items to a section to give it its header and footer while empty.)
    public mutating func finish(into elements: inout [LayoutElement]) -> Size {
        closeSection(into: &elements)
        return Size(width: layout.collectionWidth, height: closedBottom)
    }
}
