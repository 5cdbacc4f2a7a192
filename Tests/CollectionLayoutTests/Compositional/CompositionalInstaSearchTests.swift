// Seed 002's Instagram-search preset against the frame formulas of layouts.md.

import CollectionLayout
import Geometry
import Testing

@Suite struct CompositionalInstaSearchTests {
    /// One expected item: its section, index in the section and frame.
    struct ExpectedItem {
        var section: Int
        var index: Int
        var frame: Rect
    }

    /// The seed's cut (3, 6, 3, 6 items, cycling; the last section takes what is left) and the
    /// frames of layouts.md, container `W × H`, `G = 0.4H`, each section `G` below the last.
    static func formulaItems(width w: Double, height h: Double, itemCount: Int) -> (items: [ExpectedItem], height: Double) {
        let g = 0.4 * h
        let capacities = [3, 6, 3, 6]
        var items: [ExpectedItem] = []
        var y = 0.0
        var section = 0
        while items.count < itemCount {
            let count = min(itemCount - items.count, capacities[section % 4])
            for k in 0..<count {
                items.append(ExpectedItem(section: section, index: k, frame: formulaFrame(kind: section % 4, k: k, y: y, w: w, g: g)))
            }
            y += g
            section += 1
        }
        return (items, y)
    }

    /// Item `k` of a section of kind 0 leadingLarge, 1 and 3 spread, 2 trailingLarge at `y`.
    static func formulaFrame(kind: Int, k: Int, y: Double, w: Double, g: Double) -> Rect {
        switch (kind, k) {
        case (0, 0): Rect(x: 0, y: y, width: 2 * w / 3, height: g)
        case (0, _): Rect(x: 2 * w / 3, y: y + Double(k - 1) * g / 2, width: w / 3, height: g / 2)
        case (2, 2): Rect(x: w / 3, y: y, width: 2 * w / 3, height: g)
        case (2, _): Rect(x: 0, y: y + Double(k) * g / 2, width: w / 3, height: g / 2)
        default: Rect(x: Double(k / 2) * w / 3, y: y + Double(k % 2) * g / 2, width: w / 3, height: g / 2)
        }
    }

    static let containers = [
        Size(width: 375, height: 667), Size(width: 414, height: 896), Size(width: 1024, height: 1366),
        Size(width: 333, height: 500),
    ]
    /// Empty, full cycles, and a partial last section of every kind: leadingLarge (1, 2, 19, 20),
    /// spread1 (4, 8), trailingLarge (10, 11), spread2 (13, 17), and 1,000 (ends with 1 of a spread1).
    static let itemCounts = [0, 1, 2, 3, 4, 8, 9, 10, 11, 12, 13, 17, 18, 19, 20, 1_000]

    @Test(arguments: containers, itemCounts)
    func framesMatchTheFormulas(container: Size, itemCount: Int) throws {
        let result = try CompositionalLayout.instaSearch(collectionSize: container).layout(itemCount: itemCount)
        let expected = Self.formulaItems(width: container.width, height: container.height, itemCount: itemCount)
        #expect(result.elements.count == itemCount)
        #expect(result.elements.allSatisfy { $0.kind == .item })
        for (element, item) in zip(result.elements, expected.items) {
            #expect(element.section == item.section && element.index == item.index)
            #expect(CompositionalTestSupport.close(element.frame, item.frame), "item \(item.index) of section \(item.section)")
        }
        #expect(result.contentSize.width == container.width)
        #expect(CompositionalTestSupport.close(result.contentSize.height, expected.height))
    }

    @Test func theSeedsThousandItemsFillTwoHundredAndTwentyThreeSections() throws {
        // 1,000 = 55 cycles of 18 (990) + 3 + 6 + 1: 220 + 3 sections, each 0.4 × 667 tall.
        let result = try CompositionalLayout.instaSearch(collectionSize: Size(width: 375, height: 667)).layout(itemCount: 1_000)
        #expect(result.elements.last?.section == 222)
        #expect(result.elements.last?.index == 0)
        #expect(abs(result.contentSize.height - 223 * 0.4 * 667) < 1e-6)
    }

    @Test func sectionKindsCycleWithTheSeedsItemCounts() {
        #expect(InstaSearchSectionKind.allCases == [.leadingLarge, .spread1, .trailingLarge, .spread2])
        #expect(InstaSearchSectionKind.allCases.map(\.itemCount) == [3, 6, 3, 6])
        #expect(InstaSearchSectionKind.allCases.map(\.section.maximumItemCount) == [3, 6, 3, 6])
    }

    @Test func itemsAreCutIntoSectionsAsTheSeedCutsThem() throws {
        var appender = try CompositionalAppender(layout: .instaSearch(collectionSize: Size(width: 375, height: 667)))
        #expect(appender.sectionItemCounts == [0])  // the seed makes one empty section for no items
        try appender.append(18)
        #expect(appender.sectionItemCounts == [3, 6, 3, 6])
        try appender.append(5)
        #expect(appender.sectionItemCounts == [3, 6, 3, 6, 3, 2])
        #expect(appender.itemCount == 23)
    }

    @Test(arguments: containers)
    func itemsNeverOverlapAndStayInsideTheContent(container: Size) throws {
        let result = try CompositionalLayout.instaSearch(collectionSize: container).layout(itemCount: 1_000)
        let frames = CompositionalTestSupport.itemFrames(result)
        #expect(LayoutChecks.firstOverlap(frames) == nil)
        let content = Rect(origin: .zero, size: result.contentSize)
        #expect(frames.allSatisfy { content.contains(Rect(x: $0.minX + 1e-9, y: $0.minY + 1e-9, width: $0.width - 2e-9, height: $0.height - 2e-9)) })
    }

    /// Every section's items tile its `W × G` band with no gap: their areas add up to it.
    @Test(arguments: containers)
    func fullSectionsCoverTheirBandExactly(container: Size) throws {
        let result = try CompositionalLayout.instaSearch(collectionSize: container).layout(itemCount: 36)
        let band = container.width * 0.4 * container.height
        for section in 0..<8 {
            let area = LayoutChecks.itemFrames(result, section: section).reduce(0) { $0 + $1.width * $1.height }
            #expect(abs(area - band) <= 1e-9 * band)
        }
    }
}
