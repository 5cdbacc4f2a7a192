// A catalog laid out whole: each record's place, the frames, and the output records in order.
import CatalogIO
import CollectionLayout
import Geometry

/// A catalog laid out whole: each input record's place (an item or its error record) and
/// the layout's elements; what the layout commands write and what `render` draws.
public struct LaidOutCatalog: Sendable {
    /// Every input record in order: an item, or its error record.
    public var placed: [PlacedRecord]
    /// The layout of the items.
    public var layout: LayoutResult

    public init(placed: [PlacedRecord], layout: LayoutResult) {
        self.placed = placed
        self.layout = layout
    }

    /// The whole layout a streamed one wrote as `records` (written without a query).
    public init(records: [LayoutRecordOrder.Record]) {
        placed = []
        var elements: [LayoutElement] = []
        var contentSize = Size.zero
        for record in records {
            switch record {
            case .error(let error): placed.append(.failure(error))
            case .result(.element(let id, let element)):
                elements.append(element)
                if let id { placed.append(.item(id: id)) }
            case .result(.content(let size)): contentSize = size
            }
        }
        layout = LayoutResult(elements: elements, contentSize: contentSize)
    }

    /// The output records in order (``LayoutRecordOrder``): elements with their records' ids,
    /// error records in their places, the content size last; with `query`, only the elements
    /// that intersect it, then the content size.
    public func records(query: Rect?) -> [LayoutRecordOrder.Record] {
        var order = LayoutRecordOrder(query: query)
        for record in placed {
            switch record {
            case .item(let id): order.addItem(id: id)
            case .failure(let error): order.addError(error)
            }
        }
        var records: [LayoutRecordOrder.Record] = []
        order.add(layout.elements, into: &records)
        order.finish(contentSize: layout.contentSize, into: &records)
        return records
    }
}
