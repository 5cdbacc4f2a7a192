// Appending pages to a streamed layout: what it placed for good, plus what it still holds back.

import Geometry

/// A streamed layout (``LayoutStream``) kept whole so pages can be appended to its last
/// section: the grid's ``FlowAppender`` and the ``WaterfallAppender``.
///
/// The result is what the stream has placed for good, followed by what finishing it now
/// would add (a flow's open last row and footer, a waterfall's footer). An append streams
/// the new items, then replaces that tail, so it costs the new items and the tail, not the
/// items already placed.
public struct StreamAppender<Stream: LayoutStream>: LayoutAppender, Sendable {
    /// The layout in progress, its last section open.
    public private(set) var stream: Stream
    /// Every element so far and the content size, as the stream's whole layout gives them.
    public private(set) var result = LayoutResult(elements: [], contentSize: .zero)
    /// How many of `result`'s elements the stream has placed for good; the rest is the tail.
    private var placedCount = 0

    /// Streams `sections` (items section by section) into `stream`; later appends go to the
    /// last of them.
    ///
    /// Throws what the stream throws, and ``CollectionLayoutError/invalidValue(field:reason:)``
    /// when there is no section.
    ///
    /// - Complexity: O(n) for n items (O(n · c) for a shortest-first waterfall of c columns).
    public init(stream: Stream, sections: [Stream.Items]) throws(CollectionLayoutError) {
        guard !sections.isEmpty else {
            throw .invalidValue(field: "sections", reason: "there must be a section to append items to")
        }
        self.stream = stream
        for (section, items) in sections.enumerated() {
            try self.stream.stream(items, toSection: section, into: &result.elements)
        }
        placedCount = result.elements.count
        closeTail()
    }

    /// Appends `items` to the last section.
    ///
    /// Throws the first invalid item's error, and then changes nothing.
    ///
    /// - Complexity: O(k) for k items and the tail (a flow's last row, a waterfall's c
    ///   columns), independent of the items already laid out.
    @discardableResult
    public mutating func append(_ items: Stream.Items) throws(CollectionLayoutError) -> LayoutChange {
        // Every appender has a section (see init); items are streamed into a copy so an
        // invalid one leaves the appender as it was.
        let section = stream.lastSection ?? 0
        var next = stream
        var placed: [LayoutElement] = []
        try next.stream(items, toSection: section, into: &placed)
        stream = next
        let change = LayoutChange(firstChangedIndex: placedCount)
        result.elements.removeSubrange(placedCount...)
        result.elements += placed
        placedCount = result.elements.count
        closeTail()
        return change
    }

    /// Appends what finishing the stream now would add, and sets the content size.
    private mutating func closeTail() {
        var finishing = stream
        result.contentSize = finishing.finish(into: &result.elements)
    }
}

/// A grid (``FlowLayout``) that grows as items are appended to its last section.
///
/// ```swift
/// var grid = try FlowAppender(layout: layout, sections: [firstPageSizes])
/// let change = try grid.append(nextPageSizes)  // == layout.layout([firstPageSizes + nextPageSizes])
/// ```
public typealias FlowAppender = StreamAppender<FlowState>

/// A waterfall (``WaterfallLayout``) that grows as items are appended to its last section.
///
/// ```swift
/// let width = try layout.columnWidth(forSection: 0)  // measure the cards at this width
/// var waterfall = try WaterfallAppender(layout: layout, sections: [.heights(firstPageHeights)])
/// let change = try waterfall.append(.heights(secondPageHeights))
/// // waterfall.result == layout.layout(heights: [firstPageHeights + secondPageHeights])
/// ```
public typealias WaterfallAppender = StreamAppender<WaterfallState>

extension StreamAppender where Stream == FlowState {
    /// Lays out `sections` (item sizes, section by section; by default one empty section)
    /// with `layout`; appends go to the last section.
    ///
    /// Throws what ``FlowLayout/layout(_:)`` throws, and
    /// ``CollectionLayoutError/invalidValue(field:reason:)`` when there is no section.
    public init(layout: FlowLayout, sections: [[Size]] = [[]]) throws(CollectionLayoutError) {
        try self.init(stream: layout.streamingState(), sections: sections)
    }
}

extension StreamAppender where Stream == WaterfallState {
    /// Lays out `sections` (each section's items; by default one empty section) with
    /// `layout`; appends go to the last section.
    ///
    /// Throws what ``WaterfallLayout/layout(heights:)`` throws, and
    /// ``CollectionLayoutError/invalidValue(field:reason:)`` when there is no section.
    public init(layout: WaterfallLayout, sections: [WaterfallItems] = [.heights([])]) throws(CollectionLayoutError) {
        try self.init(stream: layout.streamingState(), sections: sections)
    }
}
