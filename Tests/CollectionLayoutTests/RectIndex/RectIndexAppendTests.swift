// Growing a rect index page by page gives the index built over everything at once.

import CatalogGenerator
import CollectionLayout
import Geometry
import Testing

@Suite struct RectIndexAppendTests {
    /// `elements` cut into random pages of 0 to 150 elements.
    private func pages(_ elements: [LayoutElement], _ random: inout SplitMix64) -> [[LayoutElement]] {
        var pages: [[LayoutElement]] = []
        var start = 0
        while start < elements.count {
            let end = min(elements.count, start + Int.random(in: 0...150, using: &random))
            pages.append(Array(elements[start..<end]))
            start = end
        }
        return pages
    }

    @Test(arguments: RectIndexPropertyTests.Shape.allCases)
    func appendingPagesEqualsBuildingAtOnce(shape: RectIndexPropertyTests.Shape) {
        var random = SplitMix64(seed: UInt64(RectIndexPropertyTests.Shape.allCases.firstIndex(of: shape)!) + 200)
        for _ in 0..<6 {
            let elements = RectIndexPropertyTests.layout(shape, &random)
            let pages = pages(elements, &random)
            var index = RectIndex(elements: pages.first ?? [])
            for page in pages.dropFirst() {
                if Bool.random(using: &random) {
                    index.append(contentsOf: page)
                } else {
                    index = index.appending(contentsOf: page)
                }
            }
            #expect(index == RectIndex(elements: elements))
            let bounds = RectIndexFixtures.bounds(elements)
            for _ in 0..<200 {
                let rect = RectIndexFixtures.query(&random, elements: elements, bounds: bounds)
                RectIndexPropertyTests.expectAgreement(index, rect)
            }
        }
    }

    @Test func appendingNothingOrToNothingChangesNothing() {
        var random = SplitMix64(seed: 7)
        let elements = RectIndexFixtures.grid(&random, count: 50)
        #expect(RectIndex(elements: elements).appending(contentsOf: []) == RectIndex(elements: elements))
        #expect(RectIndex(elements: []).appending(contentsOf: elements) == RectIndex(elements: elements))
    }

    @Test func aPageStartingAboveTheLastTopEdgeIsPlacedAmongTheOldFrames() {
        let low = LayoutElement(kind: .item, section: 0, index: 0, frame: Rect(x: 0, y: 500, width: 10, height: 10))
        let high = LayoutElement(kind: .item, section: 0, index: 1, frame: Rect(x: 0, y: 0, width: 10, height: 1_000))
        let index = RectIndex(elements: [low]).appending(contentsOf: [high])
        #expect(index == RectIndex(elements: [low, high]))
        #expect(index.elementIndices(in: Rect(x: 0, y: 505, width: 0, height: 0)) == [0, 1])
        #expect(index.elementIndices(in: Rect(x: 0, y: 10, width: 0, height: 0)) == [1])
    }

    /// Pages of a growing grid, 17 at a time, across the tree's 16- and 256-entry block edges.
    @Test func appendingAcrossBlockBoundariesKeepsTheTreeExact() {
        var random = SplitMix64(seed: 11)
        let elements = RectIndexFixtures.grid(&random, count: 5_000)
        var index = RectIndex(elements: [])
        for start in stride(from: 0, to: elements.count, by: 17) {
            index.append(contentsOf: elements[start..<min(start + 17, elements.count)])
        }
        #expect(index == RectIndex(elements: elements))
        #expect(index.treeLevelCount == 4)  // 5,000 bottom edges, 313 blocks of 16, 20 of 256, 2 of 4,096
    }
}
