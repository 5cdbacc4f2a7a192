// Real catalog pages for the preview tests: cards measured and laid out as the command line
// does it, the ones in a viewport painted into a scene.
import BundledFonts
import CardModel
import CatalogIO
import CatalogLayout
import CollectionLayout
import Foundation
import Geometry
import TextEngine

@testable import Preview

/// A card drawn on a page, with what it was drawn from.
struct PageCard {
    var id: String
    var frame: Rect
    var card: MeasuredCard
    var node: SceneNode
}

/// A painted page of a layout.
struct Page {
    var scene: PreviewScene
    var cards: [PageCard]
    var displayScale: Double
}

enum PreviewFixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let textMeasurer = TextMeasurer(cacheCapacity: 8192)

    /// The first `count` records of `Catalogs/NAME`, Japanese titles marked `ja`.
    static func records(_ name: String, count: Int) throws -> [CardRecord] {
        let path = repositoryRoot.appendingPathComponent("Catalogs/\(name)").path
        let cards = CatalogCardMaker(language: .guessedFromText)
        return try CatalogReader(path: path).prefix(count).map { cards.card(for: try $0.get()) }
    }

    /// The three-column grid on an iPhone 11 (414 pt @2x): book cards in 3 columns of 127 pt,
    /// insets and spacing 8, as `cardsize layout grid` lays them out.
    static func gridPage(
        _ catalog: String, viewport: Rect, template: CardTemplate = .book, debug: ScenePainter.DebugOverlay? = nil
    ) throws -> Page {
        let columns = try GridColumns.forColumnCount(
            3, collectionWidth: 414, insets: EdgeInsets(all: 8), interitemSpacing: 8, displayScale: 2)
        var configuration = FlowLayoutConfiguration()
        configuration.sectionInset = EdgeInsets(all: 8)
        configuration.minimumInteritemSpacing = 8
        configuration.minimumLineSpacing = 8
        return try page(catalog, template: template, width: columns.cellWidth, viewport: viewport, debug: debug) { sizes in
            try FlowLayout(collectionWidth: 414, configuration: configuration, displayScale: 2).layout([sizes])
        }
    }

    /// A two-column waterfall on an iPhone 11 of hugging book cards, measured at the column width.
    static func waterfallPage(_ catalog: String, viewport: Rect, debug: ScenePainter.DebugOverlay? = nil) throws -> Page {
        var configuration = WaterfallLayoutConfiguration()
        configuration.sectionInset = EdgeInsets(all: 8)
        let layout = WaterfallLayout(collectionWidth: 414, configuration: configuration, displayScale: 2)
        return try page(catalog, template: .bookHugging, width: layout.columnWidth(forSection: 0), viewport: viewport, debug: debug) { sizes in
            try layout.layout(heights: [sizes.map(\.height)])
        }
    }

    /// The first 300 records as cards at `width`, laid out, and those intersecting
    /// `viewport` (through a `RectIndex`) measured again with their labels and painted.
    private static func page(
        _ catalog: String, template: CardTemplate, width: Double, viewport: Rect, debug: ScenePainter.DebugOverlay?,
        layout: ([Size]) throws -> LayoutResult
    ) throws -> Page {
        let measurer = try CardMeasurer(template: template, fonts: BundledFonts.chain(), displayScale: 2, textMeasurer: textMeasurer)
        let records = try records(catalog, count: 300)
        let sizes = try records.map { try measurer.measure(record: $0, width: width).size }
        let result = try layout(sizes)
        let painter = ScenePainter(textMeasurer: textMeasurer, displayScale: 2, debug: debug)
        var cards: [PageCard] = []
        for index in RectIndex(result).elementIndices(in: viewport) where result.elements[index].kind == .item {
            let element = result.elements[index]
            let record = records[element.index]
            let card = try measurer.measureWithLabels(record: record, width: element.frame.width)
            cards.append(
                PageCard(id: record.id, frame: element.frame, card: card, node: try painter.card(id: record.id, frame: element.frame, card: card)))
        }
        return Page(scene: PreviewScene(viewport: viewport, nodes: cards.map(\.node)), cards: cards, displayScale: 2)
    }
}

extension SceneNode {
    /// The groups of `role` under this node, depth first.
    func groups(_ role: SceneGroup.Role) -> [SceneGroup] {
        guard case .group(let group) = self else { return [] }
        return (group.role == role ? [group] : []) + group.children.flatMap { $0.groups(role) }
    }
}

/// Where a drawn line's ink may fall: its measured width from its origin, widened on the
/// left by the first glyph's ink left of its origin and on the right by the last glyph's
/// ink past its advance (the side bearings), from the glyphs' outlines.
struct InkAllowance {
    let faces: FreeTypeFaces

    init() throws { faces = try FreeTypeFaces() }

    /// The x span, in the layout's points, that a line group's ink may cover.
    func span(of line: SceneGroup) throws -> ClosedRange<Double> {
        let runs = line.children.compactMap { node -> SceneGlyphRun? in
            if case .glyphs(let run) = node { return run }
            return nil
        }
        guard let first = runs.first, let last = runs.last else { return 0...0 }
        let width = runs.reduce(0) { $0 + $1.run.advance }
        var low = first.origin.x
        var high = first.origin.x + width
        if let glyph = first.run.glyphs.first, let ink = try faces.horizontalInk(of: glyph.glyphID, in: first.run.font.reference) {
            low = min(low, first.origin.x + glyph.x + Double(ink.minX) * first.run.fontSize / Double(ink.unitsPerEm))
        }
        if let glyph = last.run.glyphs.last, let ink = try faces.horizontalInk(of: glyph.glyphID, in: last.run.font.reference) {
            high = max(high, last.origin.x + glyph.x + Double(ink.maxX) * last.run.fontSize / Double(ink.unitsPerEm))
        }
        return low...high
    }
}

extension Rect {
    /// The smallest rectangle on the pixel grid of `scale` that holds this one.
    func outwardToPixels(scale: Double) -> Rect {
        let minX = (minX * scale).rounded(.down) / scale
        let minY = (minY * scale).rounded(.down) / scale
        return Rect(x: minX, y: minY, width: (maxX * scale).rounded(.up) / scale - minX, height: (maxY * scale).rounded(.up) / scale - minY)
    }
}
