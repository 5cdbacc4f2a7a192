// A catalog laid out as its cards are measured: outcomes in, output records out, in order.
import CatalogIO
import CollectionLayout
import Geometry

/// Lays out a catalog run's outcomes as they come and turns them into the layout's output
/// records in order (see ``LayoutRecordOrder``): the bytes of a whole layout written in one
/// go, in flat memory.
///
/// ```swift
/// var layout = StreamedCatalogLayout(WaterfallCardStream(layout: waterfall, scalesCoverSizes: false), sectionSize: nil, query: nil)
/// try run.run { outcomes in
///     var records: [LayoutRecordOrder.Record] = []
///     try layout.add(outcomes, into: &records)
///     output.write(records)
/// }
/// ```
public struct StreamedCatalogLayout<Layout: CardStreamingLayout>: Sendable {
    public private(set) var layout: Layout
    /// Cards per section; `nil` for one section.
    public let sectionSize: Int?
    private var order: LayoutRecordOrder
    private var placedCards = 0
    private var elements: [LayoutElement] = []

    public init(_ layout: Layout, sectionSize: Int?, query: Rect?) {
        self.layout = layout
        self.sectionSize = sectionSize
        order = LayoutRecordOrder(query: query)
    }

    /// Places the cards of `outcomes` and appends the records that are now in order.
    public mutating func add(_ outcomes: [CardOutcome], into records: inout [LayoutRecordOrder.Record]) throws(CollectionLayoutError) {
        for outcome in outcomes {
            order.add(outcome)
            guard case .card(_, let cover, let measurement) = outcome else { continue }
            elements.removeAll(keepingCapacity: true)
            let section = sectionSize.map { placedCards / $0 } ?? 0
            try layout.place(cover: cover, measurement: measurement, toSection: section, into: &elements)
            placedCards += 1
            order.add(elements, into: &records)
        }
    }

    /// Ends the layout, appending the last records and the content size, which it returns.
    public mutating func finish(into records: inout [LayoutRecordOrder.Record]) throws(CollectionLayoutError) -> Size {
        elements.removeAll()
        if placedCards == 0 { try layout.open(section: 0, into: &elements) }
        let contentSize = layout.finish(into: &elements)
        order.add(elements, into: &records)
        order.finish(contentSize: contentSize, into: &records)
        return contentSize
    }
}
