// Real catalog pages written as SVG: one group per card, the same bytes each time, coordinates
// from the viewport's origin.
import Geometry
import Testing

@testable import Preview

@Suite struct SVGPageTests {
    @Test(arguments: PageCase.allCases)
    func theSVGHasOneGroupPerCardInOrderAndTheSameBytesEachTime(_ pageCase: PageCase) throws {
        // The SVG's XML is parsed by the command-line tests; here, its groups and bytes.
        let page = try pageCase.page()
        let svg = try SVGWriter().write(page.scene)
        let cardIDs = svg.components(separatedBy: "<g class=\"card\" data-id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(cardIDs.map(String.init) == page.cards.map { XML.escaped($0.id) })
        #expect(svg.components(separatedBy: "<g class=\"label\" data-name=\"title\"").count - 1 == page.cards.count)
        #expect(svg == (try SVGWriter().write(page.scene)))
    }

    /// A card 16 million points down a catalog is written as the same SVG as at the top: its
    /// coordinates are taken from the viewport's origin, which browsers need (they place SVG
    /// in single precision, where 16,777,216 + 0.5 is 16,777,216).
    @Test func svgCoordinatesAreTakenFromTheViewportsOrigin() throws {
        let page = try PageCase.goodbooksGridFirst.page()
        let card = try #require(page.cards.first)
        let painter = ScenePainter(textMeasurer: PreviewFixtures.textMeasurer, displayScale: page.displayScale)
        func svg(down offset: Double) throws -> String {
            let frame = Rect(x: card.frame.minX, y: card.frame.minY + offset, width: card.frame.width, height: card.frame.height)
            let scene = PreviewScene(
                viewport: Rect(x: 0, y: offset, width: 414, height: 896),
                nodes: [try painter.card(id: card.id, frame: frame, card: card.card)])
            return String(decoding: try PictureFormat.svg.encode(scene, displayScale: page.displayScale), as: UTF8.self)
        }
        let top = try svg(down: 0)
        #expect(top.contains(#"viewBox="0 0 414 896""#))
        #expect(try svg(down: 16_777_216) == top)
    }
}
