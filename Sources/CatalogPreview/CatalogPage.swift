// A part of a laid-out catalog as a scene: the elements in a viewport, their records, drawn.
import CardModel
import CatalogIO
import CatalogLayout
import CollectionLayout
import Geometry
import Preview
import TextEngine

/// What a layout's items are drawn as.
public enum CatalogPageItems {
    /// Cards of a template, measured again with their labels at their frame's width.
    case cards(CardMeasurer)
    /// Tags: each record's text and style, inside the tag's padding.
    case tags(CatalogTagMaker)
    /// Picture tiles without text (the Instagram-style search grid).
    case tiles
}

/// Draws the elements of a laid-out catalog that intersect a viewport.
///
/// Only those elements are drawn, found through a ``RectIndex``; their records are read
/// again from the catalog (the layout keeps ids, not records, so that memory does not grow
/// with a large catalog), and each card is measured again with its labels at its frame's
/// width, which gives the very measurement the layout used.
///
/// ```swift
/// let page = CatalogPage(laidOut: laidOut, catalogPath: "Catalogs/goodbooks-10k.csv", mapping: ColumnMapping(),
///                        items: .cards(measurer), cards: CatalogCardMaker(), painter: painter)
/// let (scene, items) = try page.scene(of: Rect(x: 0, y: 0, width: 414, height: 896))
/// let svg = try PictureFormat.svg.encode(scene, displayScale: 2)
/// ```
public struct CatalogPage {
    public let laidOut: LaidOutCatalog
    /// The catalog the layout was made from, read again for the records in view.
    public let catalogPath: String
    public let mapping: ColumnMapping
    public let items: CatalogPageItems
    /// A catalog record's card, as the layout made it (language, cover sizes).
    public let cards: CatalogCardMaker
    public let painter: ScenePainter
    private let index: RectIndex

    public init(
        laidOut: LaidOutCatalog, catalogPath: String, mapping: ColumnMapping, items: CatalogPageItems,
        cards: CatalogCardMaker, painter: ScenePainter
    ) {
        self.laidOut = laidOut
        self.catalogPath = catalogPath
        self.mapping = mapping
        self.items = items
        self.cards = cards
        self.painter = painter
        index = RectIndex(laidOut.layout)
    }

    /// The scene of `viewport`, and how many items it shows.
    ///
    /// Throws what reading the catalog, measuring a card or drawing a label throws, and
    /// ``CatalogPageError/catalogChanged`` when a record in view is no longer in the catalog.
    public func scene(of viewport: Rect) throws -> (scene: PreviewScene, items: Int) {
        let visible = index.elementIndices(in: viewport)
        let inputPositions = laidOut.inputPositions
        let wanted = visible.compactMap { inputPositions[$0] }
        let records = try self.records(at: Set(wanted))
        var nodes: [SceneNode] = []
        for elementIndex in visible {
            let element = laidOut.layout.elements[elementIndex]
            switch element.kind {
            case .item:
                guard let record = inputPositions[elementIndex].flatMap({ records[$0] }) else {
                    throw CatalogPageError.catalogChanged
                }
                nodes.append(try node(for: record, frame: element.frame))
            case .header: nodes.append(painter.supplementary(.header, frame: element.frame))
            case .footer: nodes.append(painter.supplementary(.footer, frame: element.frame))
            }
        }
        return (PreviewScene(viewport: viewport, nodes: nodes), wanted.count)
    }

    /// The catalog's records at `positions` (counting every input record), read in one pass
    /// that stops after the last of them.
    private func records(at positions: Set<Int>) throws -> [Int: CatalogRecord] {
        var found: [Int: CatalogRecord] = [:]
        guard let last = positions.max() else { return found }
        let reader = try CatalogReader(path: catalogPath, mapping: mapping)
        for (position, record) in reader.enumerated() {
            if positions.contains(position), case .success(let record) = record { found[position] = record }
            if position == last { break }
        }
        return found
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

/// Why a page of a catalog could not be drawn.
public enum CatalogPageError: Error, CustomStringConvertible, Sendable {
    /// A record in view was not found where the layout put it: the catalog changed since.
    case catalogChanged

    public var description: String {
        switch self {
        case .catalogChanged: "the catalog changed while it was being drawn"
        }
    }
}
