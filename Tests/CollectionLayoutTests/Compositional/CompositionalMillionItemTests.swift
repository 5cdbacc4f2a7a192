// A million items through the Instagram-search preset: every one placed, none on its neighbour.

import CollectionLayout
import Geometry
import Testing

@Suite struct CompositionalMillionItemTests {
    @Test func aMillionInstaPanelsArePlacedWithoutOverlap() throws {
        let container = Size(width: 375, height: 667)
        let result = try CompositionalLayout.instaSearch(collectionSize: container).layout(itemCount: 1_000_000)
        #expect(result.elements.count == 1_000_000)
        var overlapping = 0
        for (previous, next) in zip(result.elements, result.elements.dropFirst())
        where LayoutChecks.overlaps(previous.frame, next.frame) {
            overlapping += 1
        }
        #expect(overlapping == 0)
        // 1,000,000 = 55,555 cycles of 18 items (4 sections each) + 3 + 6 + 1: 222,223 sections.
        #expect(result.elements.last?.section == 222_222)
        let expectedHeight = 222_223 * 0.4 * container.height
        #expect(abs(result.contentSize.height - expectedHeight) <= 1e-9 * expectedHeight)
    }
}
