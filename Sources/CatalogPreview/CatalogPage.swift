// A part of a laid-out catalog as a scene: the elements in a viewport, their records, drawn.
import CardModel
import CatalogIO
import CatalogLayout
import CollectionLayout
import Geometry
import Preview
import TextEngine

/// What a layout's items are drawn as.
public enum CatalogPageItems: Sendable {
    /// Cards of a template, measured again with their labels at their frame's width.
    case cards(CardMeasurer)
    /// Tags: each record's text and style, inside the tag's padding.
    case tags(CatalogTagMaker)
    /// Picture tiles without text (the Instagram-style search grid).
    case tiles
}

/// Draws the elements of a laid-out catalog that intersect a viewport.
///
/// Only those elements are drawn, found through a ``RectIndex`` built once, which keeps the
/// layout's elements packed; their records are read back from a ``CatalogRecordSource``
/// (the layout keeps no records, not even ids, so that memory does not grow with a large
/// catalog unless a ``CatalogRecordStore`` is asked for), and each card is measured again
/// with its labels at its frame's width, which gives the very measurement the layout used.
///
/// ```swift
/// let page = CatalogPage(laidOut: laidOut, records: CatalogFileRecords(path: "Catalogs/goodbooks-10k.csv", mapping: ColumnMapping()),
///                        items: .cards(measurer), cards: CatalogCardMaker(), painter: painter)
/// let (scene, items) = try page.scene(of: Rect(x: 0, y: 0, width: 414, height: 896))
/// let svg = try PictureFormat.svg.encode(scene, displayScale: 2)
/// ```
public struct CatalogPage: Sendable {
    /// Where the records of the elements in view are read from.
    public let records: any CatalogRecordSource
    public let items: CatalogPageItems
    /// A catalog record's card, as the layout made it (language, cover sizes).
    public let cards: CatalogCardMaker
    public let painter: ScenePainter
    /// Which input record each element draws, and the content size (its elements are the
    /// index's).
    private let laidOut: PackedLaidOutCatalog
    private let index: RectIndex

    /// A page of a whole layout.
    public init(
        laidOut: LaidOutCatalog, records: any CatalogRecordSource, items: CatalogPageItems, cards: CatalogCardMaker,
        painter: ScenePainter
    ) {
        self.init(laidOut: PackedLaidOutCatalog(laidOut), records: records, items: items, cards: cards, painter: painter)
    }

    /// A page of a layout kept packed.
    public init(
        laidOut: PackedLaidOutCatalog, records: any CatalogRecordSource, items: CatalogPageItems, cards: CatalogCardMaker,
        painter: ScenePainter
    ) {
        self.laidOut = laidOut
        self.records = records
        self.items = items
        self.cards = cards
        self.painter = painter
        index = RectIndex(elements: laidOut.elements)
    }

    /// The same page drawn with `debug` as its overlay (`nil`: none); the index is shared.
    public func drawn(debug: ScenePainter.DebugOverlay?) -> CatalogPage {
        CatalogPage(
            copying: self, records: records,
            painter: ScenePainter(textMeasurer: painter.textMeasurer, displayScale: painter.displayScale, debug: debug))
    }

    /// The same page with its records read from `records` (all of them kept in memory, say).
    public func reading(from records: any CatalogRecordSource) -> CatalogPage {
        CatalogPage(copying: self, records: records, painter: painter)
    }

    private init(copying page: CatalogPage, records: any CatalogRecordSource, painter: ScenePainter) {
        laidOut = page.laidOut
        self.records = records
        items = page.items
        cards = page.cards
        self.painter = painter
        index = page.index
    }

    /// The layout's elements: headers, items and footers, section by section.
    public var elements: PackedLayoutElements { index.elements }

    /// The collection's width by the height of everything laid out.
    public var contentSize: Size { laidOut.contentSize }

    /// How many elements draw a record.
    public var itemCount: Int { laidOut.itemCount }

    /// The input position of the record element `index` draws (`nil` for a header or footer).
    public func inputPosition(ofElement index: Int) -> Int? { laidOut.inputPosition(ofElement: index) }

    /// The element drawing the record at input position `position`; `nil` when that record failed.
    public func element(drawing position: Int) -> Int? { laidOut.element(drawing: position) }

    /// The indices of the elements that intersect `rect`, in layout order.
    public func elementIndices(in rect: Rect) -> [Int] { index.elementIndices(in: rect) }

    /// The scene of `viewport`, and how many items it shows.
    ///
    /// Throws what reading the catalog, measuring a card or drawing a label throws, and
    /// ``CatalogPageError/catalogChanged`` when a record in view is no longer in the catalog.
    public func scene(of viewport: Rect) throws -> (scene: PreviewScene, items: Int) {
        let visible = try visibleElements(in: viewport)
        var nodes: [SceneNode] = []
        for (element, record) in visible {
            if let record {
                nodes.append(try node(for: record, frame: element.frame))
            } else {
                nodes.append(painter.supplementary(element.kind == .header ? .header : .footer, frame: element.frame))
            }
        }
        return (PreviewScene(viewport: viewport, nodes: nodes), visible.count { $0.record != nil })
    }

    /// The elements that intersect `viewport`, in layout order, each item's with its record
    /// (`nil` for a header or footer). Throws what reading the catalog throws, and
    /// ``CatalogPageError/catalogChanged`` when a record in view is no longer in the catalog.
    func visibleElements(in viewport: Rect) throws -> [(element: LayoutElement, record: CatalogRecord?)] {
        let visible = index.elementIndices(in: viewport).map { ($0, inputPosition(ofElement: $0)) }
        let records = try records.records(at: Set(visible.compactMap(\.1)))
        return try visible.map { elementIndex, position in
            let element = elements[elementIndex]
            guard element.kind == .item else { return (element, nil) }
            guard let record = position.flatMap({ records[$0] }) else {
                throw CatalogPageError.catalogChanged
            }
            return (element, record)
        }
    }

    /// The item an element draws: its record and each text as measured for the drawing;
    /// `nil` for a header or footer.
    public func item(at elementIndex: Int) throws -> CatalogPageItem? {
        guard let position = inputPosition(ofElement: elementIndex) else { return nil }
        guard let record = try records.records(at: [position])[position] else { throw CatalogPageError.catalogChanged }
        let frame = elements.frame(at: elementIndex)
        let texts: [CatalogPageItem.Text]
        switch items {
        case .cards(let measurer):
            let card = try measurer.measureWithLabels(record: cards.card(for: record), width: frame.width)
            texts = card.labels.map { .init(name: $0.frame.name, text: $0.text, measurement: $0.measurement) }
        case .tags(let tags):
            let measurement = try tags.measurementInside(frame: frame, of: record)
            texts = [.init(name: tags.field.rawValue, text: tags.text(of: record).text, measurement: measurement)]
        case .tiles:
            texts = []
        }
        return CatalogPageItem(record: record, inputPosition: position, frame: frame, texts: texts)
    }

    /// An item drawn as the layout's items are: a card, a tag or a tile.
    private func node(for record: CatalogRecord, frame: Rect) throws -> SceneNode {
        switch items {
        case .cards(let measurer):
            let card = try measurer.measureWithLabels(record: cards.card(for: record), width: frame.width)
            return try painter.card(id: record.id, frame: frame, card: card)
        case .tags(let tags):
            let (text, style) = tags.text(of: record)
            let measured = try tags.measurementInside(frame: frame, of: record)
            return try painter.tag(
                id: record.id, frame: frame, text: text, style: style, measurement: measured, padding: tags.sizing.padding)
        case .tiles:
            return painter.tile(id: record.id, frame: frame)
        }
    }
}

/// An item of a page: its record and the texts drawn in it, each with its measurement.
public struct CatalogPageItem: Sendable {
    /// A text of the item: a card's label (by its template name) or a tag's text.
    public struct Text: Sendable {
        public var name: String
        public var text: String
        public var measurement: TextMeasurement
    }
    public var record: CatalogRecord
    /// The record's position in the input, counting failed records.
    public var inputPosition: Int
    public var frame: Rect
    public var texts: [Text]
}

/// Why a page of a catalog could not be drawn.
public enum CatalogPageError: Error, CustomStringConvertible, Sendable {
    /// A record in view was not found where the layout put it: the catalog changed since.
    case catalogChanged
    /// Tags have no HTML form: a page shows cards (and tiles).
    case noHTML

    public var description: String {
        switch self {
        case .catalogChanged: "the catalog changed while it was being drawn"
        case .noHTML: "an HTML page shows cards and tiles; a tag flow has none"
        }
    }
}
