// Real catalog pages painted as scenes and drawn: ink within the cards, ellipses, the debug overlay.
import CardModel
import Foundation
import Geometry
import Testing
import TextEngine

@testable import Preview

/// The pages the tests draw: Latin and Japanese, grid and waterfall, first and later pages.
enum PageCase: String, CaseIterable, CustomTestStringConvertible {
    case goodbooksGridFirst, aozoraGridThird, goodbooksWaterfallSecond, aozoraWaterfallFirst

    func page(debug: ScenePainter.DebugOverlay? = nil) throws -> Page {
        switch self {
        case .goodbooksGridFirst:
            try PreviewFixtures.gridPage("goodbooks-10k.csv", viewport: Rect(x: 0, y: 0, width: 414, height: 896), debug: debug)
        case .aozoraGridThird:
            try PreviewFixtures.gridPage("aozora-bunko.csv", viewport: Rect(x: 0, y: 1792, width: 414, height: 896), debug: debug)
        case .goodbooksWaterfallSecond:
            try PreviewFixtures.waterfallPage("goodbooks-10k.csv", viewport: Rect(x: 0, y: 896, width: 414, height: 896), debug: debug)
        case .aozoraWaterfallFirst:
            try PreviewFixtures.waterfallPage("aozora-bunko.csv", viewport: Rect(x: 0, y: 0, width: 414, height: 896), debug: debug)
        }
    }

    var testDescription: String { rawValue }
}

@Suite struct CardPageTests {
    @Test(arguments: PageCase.allCases)
    func noTextInkFallsOutsideItsCardAndEveryTitleHasInk(_ pageCase: PageCase) throws {
        let page = try pageCase.page()
        #expect(page.cards.count >= 6)
        let scale = page.displayScale
        let allowance = try InkAllowance()
        let rasterizer = try Rasterizer(displayScale: scale)
        for card in page.cards {
            // Only the card's text, in a margin around the card, so any ink is the text's.
            let labels = card.node.groups(.label).map(SceneNode.group)
            let area = Rect(x: card.frame.minX - 24, y: card.frame.minY - 24, width: card.frame.width + 48, height: card.frame.height + 48)
            let ink = try rasterizer.draw(PreviewScene(viewport: area, nodes: labels)).inkPixels
            let inkRects = ink.map { Rect(x: area.minX + Double($0.x) / scale, y: area.minY + Double($0.y) / scale, width: 1 / scale, height: 1 / scale) }
            // The frame, widened only by side bearings of glyphs at the ends of lines.
            let spans = try card.node.groups(.line).map(allowance.span(of:))
            let left = min(card.frame.minX, spans.map(\.lowerBound).min() ?? card.frame.minX)
            let right = max(card.frame.maxX, spans.map(\.upperBound).max() ?? card.frame.maxX)
            let allowed = Rect(x: left, y: card.frame.minY, width: right - left, height: card.frame.height).outwardToPixels(scale: scale)
            #expect(right - left - card.frame.width < 1.5, "card \(card.id): side bearings of \(right - left - card.frame.width) pt")
            let outside = inkRects.filter { !allowed.contains($0) }
            #expect(outside.isEmpty, "card \(card.id): \(outside.count) pixels of text ink outside \(card.frame)")
            let title = try #require(card.card.measurement.frame(named: "title")).frame
            let titleBox = Rect(x: card.frame.minX + title.minX, y: card.frame.minY + title.minY, width: title.width, height: title.height)
            #expect(inkRects.contains { $0.overlaps(titleBox) }, "card \(card.id): no ink in the title box")
        }
    }

    @Test(arguments: [PageCase.goodbooksGridFirst, .aozoraGridThird])
    func aTruncatedTitlesLastLineEndsInTheEllipsisGlyph(_ pageCase: PageCase) throws {
        let page = try pageCase.page()
        let style = try #require(page.cards.first?.card.labels.first?.style)
        let ellipsis = try PreviewFixtures.textMeasurer.prepare("…", style: style)
        let ellipsisID = try #require(try ellipsis.glyphLines(for: PreviewFixtures.textMeasurer.measure(ellipsis, width: 100)).first?.runs.first?.glyphs.first?.glyphID)
        let truncated = page.cards.filter(\.card.measurement.isTitleTruncated)
        #expect(truncated.count >= 2)
        for card in truncated {
            let title = try #require(card.node.groups(.label).first { $0.name == "title" })
            let lastLine = try #require(SceneNode.group(title).groups(.line).last)
            guard case .glyphs(let run) = try #require(lastLine.children.last) else {
                Issue.record("card \(card.id): the title's last line does not end in glyphs")
                continue
            }
            #expect(run.run.role == .ellipsis)
            #expect(run.run.glyphs.map(\.glyphID) == [ellipsisID])
            // And the picture shows it: ink where the ellipsis sits.
            let glyph = run.run.glyphs[0]
            let box = Rect(x: run.origin.x + glyph.x, y: run.origin.y - style.size, width: glyph.advance, height: style.size)
            let ink = try Rasterizer(displayScale: page.displayScale).draw(PreviewScene(viewport: box, nodes: [.glyphs(run)])).inkPixels
            #expect(ink.count > 3, "card \(card.id): no ink for the ellipsis")
        }
    }

    @Test func theDebugOverlayMarksEveryLineNearTiesAndReservedLines() throws {
        let threshold = 2.0
        let plain = try PageCase.goodbooksGridFirst.page()
        let page = try PageCase.goodbooksGridFirst.page(debug: .init(nearTieSlack: threshold))
        var nearTies = 0
        for (card, plainCard) in zip(page.cards, plain.cards) {
            for (label, labelGroup) in zip(card.card.labels, card.node.groups(.label)) {
                let debug = try #require(SceneNode.group(labelGroup).groups(.debug).first)
                let kinds = debug.children.compactMap { node -> SceneRect.Kind? in
                    if case .rect(let rect) = node { return rect.kind }
                    return nil
                }
                let lines = label.measurement.lines
                #expect(kinds.filter { $0 == .lineBox }.count == lines.count)
                #expect(kinds.filter { $0 == .baseline }.count == lines.count)
                #expect(kinds.filter { $0 == .nearTie }.count == lines.filter { $0.slack < threshold }.count)
                nearTies += lines.filter { $0.slack < threshold }.count
                // The book card's title reserves two lines: a one-line title shows the second as reserved.
                #expect(kinds.contains(.reservedLines) == (label.frame.name == "title" && lines.count == 1))
            }
            // The overlay adds to the picture; the glyphs stay as they were.
            #expect(card.node.groups(.line) == plainCard.node.groups(.line))
        }
        #expect(nearTies > 0)
    }
}
