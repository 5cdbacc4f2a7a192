// What the streamed layouts share: items taken section by section, elements handed out once placed.

import Geometry

/// A layout in progress that takes items as they arrive, section by section, and hands out
/// each element once it is placed for good, so a catalog of millions of cards is laid out
/// while it is measured and written, never held whole (``FlowState``, ``WaterfallState``).
///
/// Streaming every section's items in order, then ``finish(into:)``, gives exactly the
/// elements and content size of the layout's whole-layout method. ``StreamAppender`` keeps
/// a stream's result to append pages to.
public protocol LayoutStream: Sendable {
    /// One batch of a section's items.
    associatedtype Items

    /// The section items go to: the last one opened; nil before the first.
    var lastSection: Int? { get }

    /// Adds `items` at the end of section `section`, appending to `elements` what is now
    /// placed: first, when `section` is past the open one, the open section's end and the
    /// headers (and footers) of the sections up to `section`; then the new items (a row
    /// layout holds back a row that may still take items).
    ///
    /// Throws ``CollectionLayoutError/invalidValue(field:reason:)`` when `section` is before
    /// the open one or a section's options are invalid, and the first invalid item's error,
    /// with the items before it added.
    mutating func stream(_ items: Items, toSection section: Int, into elements: inout [LayoutElement])
        throws(CollectionLayoutError)

    /// Closes the layout: appends what the open section still holds back (its last row,
    /// its footer) and returns the content size.
    mutating func finish(into elements: inout [LayoutElement]) -> Size
}

extension LayoutStream {
    /// Streams every section of `sections` in order, then finishes: the whole layout, its
    /// elements array reserved to `elementCount`.
    mutating func layOut(_ sections: [Items], elementCount: Int) throws(CollectionLayoutError) -> LayoutResult {
        var elements: [LayoutElement] = []
        elements.reserveCapacity(elementCount)
        for (section, items) in sections.enumerated() { try stream(items, toSection: section, into: &elements) }
        let contentSize = finish(into: &elements)
        return LayoutResult(elements: elements, contentSize: contentSize)
    }
}
