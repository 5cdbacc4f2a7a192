// Rect index against the brute-force filter on random layouts and thousands of random rects.

import CatalogGenerator
import CollectionLayout
import Geometry
import Testing

@Suite struct RectIndexPropertyTests {
    /// The layouts the property tests draw from.
    enum Shape: String, CaseIterable, Sendable {
        case waterfallShortestFirst, waterfallRoundRobin, grid, scattered, waterfallWithSpanningFrames
    }

    /// A random layout of `shape`, 0 to about 1,200 elements.
    static func layout(_ shape: Shape, _ random: inout SplitMix64) -> [LayoutElement] {
        switch shape {
        case .waterfallShortestFirst: return RectIndexFixtures.waterfall(&random, shortestFirst: true)
        case .waterfallRoundRobin: return RectIndexFixtures.waterfall(&random, shortestFirst: false)
        case .grid: return RectIndexFixtures.grid(&random, count: Int.random(in: 0...1_000, using: &random))
        case .scattered: return RectIndexFixtures.scattered(&random, count: Int.random(in: 0...300, using: &random))
        case .waterfallWithSpanningFrames:
            var elements = RectIndexFixtures.waterfall(&random, shortestFirst: true)
            let bounds = RectIndexFixtures.bounds(elements)
            for _ in 0..<3 {
                let spanning = LayoutElement(kind: .item, section: 9, index: 0, frame: Rect(
                    x: 0, y: random.gridValue(in: 0...100), width: bounds.width / 2, height: bounds.height))
                elements.insert(spanning, at: Int.random(in: 0...elements.count, using: &random))
            }
            return elements
        }
    }

    /// Every query API agrees with the brute-force filter on `rect`, in element order.
    static func expectAgreement(_ index: RectIndex, _ rect: Rect) {
        let expected = RectIndexFixtures.bruteForce(Array(index.elements), rect)
        #expect(index.elementIndices(in: rect) == expected, "\(rect)")
        #expect(index.elements(in: rect) == expected.map { index.elements[$0] }, "\(rect)")
        var visited: [Int] = []
        index.forEachElementIndex(in: rect) { visited.append($0) }
        #expect(visited == expected, "\(rect)")
    }

    @Test(arguments: Shape.allCases)
    func queriesEqualTheBruteForceFilter(shape: Shape) {
        var random = SplitMix64(seed: UInt64(Shape.allCases.firstIndex(of: shape)!) + 100)
        var nonEmptyAnswers = 0
        for _ in 0..<8 {
            let elements = Self.layout(shape, &random)
            let index = RectIndex(elements: elements)
            let bounds = RectIndexFixtures.bounds(elements)
            for _ in 0..<400 {
                let rect = RectIndexFixtures.query(&random, elements: elements, bounds: bounds)
                Self.expectAgreement(index, rect)
                if !index.elementIndices(in: rect).isEmpty { nonEmptyAnswers += 1 }
            }
        }
        #expect(nonEmptyAnswers > 1_000)  // the rects do find elements, not only empty space
    }
}
