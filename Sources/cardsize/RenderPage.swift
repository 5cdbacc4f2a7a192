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
        let inputPositions = laidOut.inputPositions
        let wanted = visible.compactMap { inputPositions[$0] }
        let records = try self.records(at: Set(wanted))
        var nodes: [SceneNode] = []
        for index in visible {
            let element = laidOut.layout.elements[index]
            switch element.kind {
            case .item:
                let record = try Self.require(inputPositions[index].flatMap { records[$0] })
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
