// One shape for every layout that grows at its end: a result, and appends that say what changed.

/// A layout that grows as items are appended to its last section (the next page of results),
/// equal after every append to a full layout of all the items so far, and costing only the
/// items appended and the few placed elements they move.
///
/// Every layout has one: ``FlowAppender`` (grids), ``WaterfallAppender``,
/// ``TagFlowAppender`` and ``CompositionalAppender``. Each is made from its layout and the
/// items it starts with, and appends a batch of its layout's items:
///
/// ```swift
/// var appender = try WaterfallAppender(layout: layout, sections: [.heights(firstPage)])
/// let change = try appender.append(.heights(nextPage))
/// redraw(appender.result.elements[change.firstChangedIndex...])  // the rest is as it was
/// ```
public protocol LayoutAppender {
    /// One append's worth of the layout's items.
    associatedtype Items

    /// Every element so far and the content size, as the full layout of all the items gives them.
    var result: LayoutResult { get }

    /// Appends `items` to the last section and says which elements of ``result`` changed.
    ///
    /// Throws ``CollectionLayoutError`` for an invalid item, and then changes nothing.
    mutating func append(_ items: Items) throws(CollectionLayoutError) -> LayoutChange
}

/// What an append changed in an appender's ``LayoutAppender/result``: the elements from
/// `firstChangedIndex` on were added or moved (an open row's items, a footer); the elements
/// before it are exactly as they were.
public struct LayoutChange: Sendable, Hashable {
    /// The index in the result's elements of the first element added or moved.
    public var firstChangedIndex: Int

    public init(firstChangedIndex: Int) {
        self.firstChangedIndex = firstChangedIndex
    }
}
