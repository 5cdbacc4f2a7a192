// Laying out a waterfall as its items arrive: a catalog too large to hold, section by section.

import Geometry

extension WaterfallLayout {
    /// A state before any section, for laying items out as they arrive with
    /// ``WaterfallState/stream(heights:toSection:into:)``: a catalog of millions of cards is
    /// placed while it is measured and written out, never held whole.
    ///
    /// ```swift
    /// var state = try layout.streamingState()
    /// var elements: [LayoutElement] = []
    /// for page in pages { try state.stream(heights: page, toSection: 0, into: &elements) }
    /// let contentSize = state.finish(into: &elements)  // == layout(heights: [pages.flatMap { $0 }])
    /// ```
    ///
    /// Throws ``CollectionLayoutError/invalidValue(field:reason:)`` for invalid options.
    public func streamingState() throws(CollectionLayoutError) -> WaterfallState {
        try checkLayoutOptions()
        return WaterfallState(layout: self)
    }
}

extension WaterfallState: LayoutStream {
    /// Places self-sized items at the end of section `section`, appending their elements
    /// to `elements`: first, when `section` is past the open one, the open section's footer
    /// and the headers (and footers) of the sections up to `section`.
    ///
    /// Streaming every section's items in order, then ``finish(into:)``, gives exactly the
    /// elements and content size of ``WaterfallLayout/layout(heights:)``.
    ///
    /// Throws ``CollectionLayoutError/invalidValue(field:reason:)`` when `section` is before
    /// the open one or a section's options are invalid, and
    /// ``CollectionLayoutError/invalidItemSize(section:index:size:)`` for a negative or
    /// non-finite height, with the items before it placed.
    public mutating func stream(
        heights: [Double], toSection section: Int, into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) {
        try stream(.heights(heights), toSection: section, into: &elements)
    }

    /// As ``stream(heights:toSection:into:)``, for items given by CHT reference sizes.
    public mutating func stream(
        referenceSizes: [Size], toSection section: Int, into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) {
        try stream(.referenceSizes(referenceSizes), toSection: section, into: &elements)
    }

    /// Closes the layout: appends the last section's footer and returns the content size.
    /// (Stream no items to a section to give it its header and footer while empty.)
    public func finish(into elements: inout [LayoutElement]) -> Size {
        if let footer { elements.append(footer) }
        return contentSize
    }

    /// As ``stream(heights:toSection:into:)``, for items in either mode.
    public mutating func stream(
        _ items: WaterfallItems, toSection section: Int, into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) {
        for next in try SectionOrder.sectionsToOpen(upTo: section, after: lastSection) {
            try beginSection(next, into: &elements)
        }
        try place(items, into: &elements)
    }
}
