// A page of a laid-out catalog as a scene: the elements in a viewport, their records, their drawing.
import CardModel
import CatalogIO
import CatalogLayout
import CollectionLayout
import Foundation
import Geometry
import Preview
import TextEngine

/// Draws the elements of a laid-out catalog that intersect a viewport.
///
/// Only those elements are drawn, found through a ``RectIndex``; their records are read
/// again from the catalog (the layout keeps ids, not records, so that memory does not grow
/// with a large catalog), and each card is measured again with its labels at its frame's
/// width, which gives the very measurement the layout used.
struct RenderPage {
    let layout: RenderableLayout
    let laidOut: LaidOutCatalog
    let setup: PictureSetup
    let painter: ScenePainter
    /// A catalog record's card, as the layout made it (cover sizes from `--cover-sizes`).
    let cards: CatalogCardMaker

    /// The scene of `viewport`, and how many items it shows.
    func scene(of viewport: Rect) throws -> (scene: PreviewScene, items: Int) {
        let visible = RectIndex(laidOut.layout).elementIndices(in: viewport)
        let itemNumbers = laidOut.layout.itemNumbers
        let inputPositions = laidOut.placed.indices.filter {
            if case .item = laidOut.placed[$0] { return true }
            return false
        }
        let wanted = visible.filter { laidOut.layout.elements[$0].kind == .item }.map { inputPositions[itemNumbers[$0]] }
        let records = try self.records(at: Set(wanted))
        var nodes: [SceneNode] = []
        for index in visible {
            let element = laidOut.layout.elements[index]
            switch element.kind {
            case .item:
                let record = try Self.require(records[inputPositions[itemNumbers[index]]])
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
        let reader = try CatalogReader(path: layout.catalog.catalog, mapping: layout.catalog.mapping)
        for (position, record) in reader.enumerated() {
            if positions.contains(position), case .success(let record) = record { found[position] = record }
            if position == last { break }
        }
        return found
    }

    private static func require(_ record: CatalogRecord?) throws -> CatalogRecord {
        guard let record else { throw ValidationErrorMessage("the catalog changed while it was being drawn") }
        return record
    }

    /// An item drawn as the layout's items are: a card, a tag or a tile.
    private func node(for record: CatalogRecord, frame: Rect) throws -> SceneNode {
        switch setup.items {
        case .cards(let measurer):
            let card = try measurer.measureWithLabels(record: cards.card(for: record), width: frame.width)
            return try painter.card(id: record.id, frame: frame, card: card)
        case .tags(let flow):
            let (text, style) = try flow.tagText(of: record, scale: setup.displayScale)
            let padding = flow.paddingInsets!
            let measured = try painter.textMeasurer.measure(text, style: style, width: max(0, frame.width - padding.horizontal), maxLines: 1)
            return try painter.tag(id: record.id, frame: frame, text: text, style: style, measurement: measured, padding: padding)
        case .tiles:
            return painter.tile(id: record.id, frame: frame)
        }
    }
}
