// Compositional layouts of random compositions: no overlaps, inside the content, the same every run.

import CatalogGenerator
import CollectionLayout
import Geometry
import Testing

@Suite struct CompositionalPropertyTests {
    /// Whether `frame` lies inside `0...width × 0...height`, give or take floating-point noise.
    private func isInside(_ frame: Rect, _ content: Size) -> Bool {
        let tolerance = 1e-9 * max(content.width, content.height, 1)
        return frame.minX >= -tolerance && frame.minY >= -tolerance
            && frame.maxX <= content.width + tolerance && frame.maxY <= content.height + tolerance
    }

    @Test func randomCompositionsNeverOverlapAndStayInsideTheContent() throws {
        var compositions = CompositionalRandomCompositions(random: SplitMix64(seed: 2))
        for _ in 0..<200 {
            let layout = compositions.layout()
            let itemCount = Int.random(in: 0...300, using: &compositions.random)
            let result = try layout.layout(itemCount: itemCount, heights: CompositionalRandomCompositions.heights)
            #expect(result.elements.count(where: { $0.kind == .item }) == itemCount)
            #expect(LayoutChecks.firstOverlap(result.elements.map(\.frame)) == nil, "\(layout)")
            #expect(result.elements.allSatisfy { isInside($0.frame, result.contentSize) }, "\(layout)")
        }
    }

    @Test func randomCompositionsGiveTheSameResultEveryRunAndEitherWay() throws {
        var compositions = CompositionalRandomCompositions(random: SplitMix64(seed: 3))
        for _ in 0..<100 {
            let layout = compositions.layout()
            let itemCount = Int.random(in: 0...300, using: &compositions.random)
            let heights = CompositionalRandomCompositions.heights
            let first = try layout.layout(itemCount: itemCount, heights: heights)
            #expect(try layout.layout(itemCount: itemCount, heights: heights) == first)
            // The same sections given by count lay out the same.
            var appender = try CompositionalAppender(layout: layout, heights: heights)
            try appender.append(itemCount)
            #expect(try layout.layout(sectionItemCounts: appender.sectionItemCounts, heights: heights) == first)
        }
    }

    @Test func elementsComeSectionBySectionHeaderItemsFooter() throws {
        var compositions = CompositionalRandomCompositions(random: SplitMix64(seed: 4))
        for _ in 0..<100 {
            let layout = compositions.layout()
            var appender = try CompositionalAppender(layout: layout)
            try appender.append(Int.random(in: 0...200, using: &compositions.random))
            var expected: [String] = []
            for (section, count) in appender.sectionItemCounts.enumerated() {
                let description = layout.sections[section % layout.sections.count]
                if description.headerHeight != nil { expected.append("header \(section) 0") }
                expected += (0..<count).map { "item \(section) \($0)" }
                if description.footerHeight != nil { expected.append("footer \(section) 0") }
            }
            #expect(appender.result.elements.map { "\($0.kind) \($0.section) \($0.index)" } == expected)
        }
    }
}
