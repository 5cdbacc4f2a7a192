// A viewport of a laid-out catalog drawn: exactly the elements in view, each with its own record.
import BundledFonts
import CardModel
import CatalogIO
import CatalogLayout
import CatalogPreview
import CollectionLayout
import Foundation
import Geometry
import Preview
import Testing
import TextEngine

@Suite struct CatalogPageTests {
    static let catalogPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Catalogs/goodbooks-10k.csv").path

    /// The groups of the scene's top level: one per element in view.
    private func groups(_ scene: PreviewScene) -> [SceneGroup] {
        scene.nodes.compactMap { if case .group(let group) = $0 { group } else { nil } }
    }

    @Test func aPageOfTagsDrawsTheTagsInViewWithTheirRecords() throws {
        let measurer = TextMeasurer()
        let maker = CatalogTagMaker(
            field: .title, fontSize: 13, language: .guessedFromText, fonts: try BundledFonts.chain(),
            sizing: try TagSizing(padding: EdgeInsets(top: 6, left: 12, bottom: 6, right: 12), maxWidth: 200, displayScale: 2),
            measurer: measurer)
        let reader = try CatalogReader(path: Self.catalogPath)
        let tags = CatalogItems(reading: reader.prefix(300), field: "title") { try maker.tag(for: $0).size }
        let layout = try TagFlowLayout(collectionWidth: 390, configuration: TagFlowConfiguration(headerHeight: 30))
            .layout([tags.items])
        let laidOut = LaidOutCatalog(placed: tags.placed, layout: layout)
        let page = CatalogPage(
            laidOut: laidOut, records: CatalogFileRecords(path: Self.catalogPath, mapping: ColumnMapping()), items: .tags(maker),
            cards: CatalogCardMaker(), painter: ScenePainter(textMeasurer: measurer, displayScale: 2))

        let viewport = Rect(x: 0, y: 400, width: 390, height: 844)
        let (scene, itemCount) = try page.scene(of: viewport)
        let inView = layout.elements.enumerated().filter { $0.element.frame.intersects(viewport) }
        #expect(itemCount == inView.filter { $0.element.kind == .item }.count)
        #expect(itemCount > 20)
        let drawn = groups(scene)
        #expect(drawn.count == inView.count)
        // Each tag is drawn with the id of the record its element stands for.
        let ids = laidOut.records(query: nil).compactMap { record -> (LayoutElement, String)? in
            if case .result(.element(let id?, let element)) = record { (element, id) } else { nil }
        }
        let idByFrame = Dictionary(ids.map { ($0.0.frame, $0.1) }, uniquingKeysWith: { first, _ in first })
        for (group, element) in zip(drawn, inView.map(\.element)) where element.kind == .item {
            #expect(group.role == .tag)
            #expect(group.name == idByFrame[element.frame])
        }
        // The header above the viewport is not drawn; one at the top is.
        #expect(try groups(page.scene(of: Rect(x: 0, y: 0, width: 390, height: 100)).scene).first?.role == .header)
    }

    @Test func cardsAreMeasuredAgainAtTheirFramesWidth() throws {
        let measurer = try CardMeasurer(
            template: .bookHugging, fonts: BundledFonts.chain(), displayScale: 3, textMeasurer: TextMeasurer())
        let cards = CatalogCardMaker()
        let reader = try CatalogReader(path: Self.catalogPath)
        var records = CatalogItems(reading: reader.prefix(60), field: "id") { cards.card(for: $0) }
        let layout = try CompositionalCardGrid(
            collectionSize: Size(width: 390, height: 844), columns: 3, spacing: 8, measurer: measurer
        ).layOut(&records)
        let page = CatalogPage(
            laidOut: LaidOutCatalog(placed: records.placed, layout: layout),
            records: CatalogFileRecords(path: Self.catalogPath, mapping: ColumnMapping()), items: .cards(measurer), cards: cards,
            painter: ScenePainter(textMeasurer: measurer.textMeasurer, displayScale: 3))
        let viewport = Rect(x: 0, y: 0, width: 390, height: 844)
        let (scene, itemCount) = try page.scene(of: viewport)
        #expect(itemCount == layout.elements.filter { $0.frame.intersects(viewport) }.count)
        #expect(itemCount >= 6)
        #expect(groups(scene).count == itemCount)
        for (group, element) in zip(groups(scene), layout.elements) {
            #expect(group.role == .card)
            // The card drawn is the card laid out: its frame's height is the measured height.
            let frame = try #require(group.children.compactMap { node -> Rect? in
                if case .rect(let shape) = node, shape.kind == .frame { shape.rect } else { nil }
            }.first)
            #expect(frame == element.frame)
        }
        // A picture of it: the SVG names the records in view.
        let svg = String(decoding: try PictureFormat.svg.encode(scene, displayScale: 3), as: UTF8.self)
        #expect(svg.contains("<svg"))
    }
}
