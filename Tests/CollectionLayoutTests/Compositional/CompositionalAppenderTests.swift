// Appending items to a compositional layout: equal to a full layout, and only the new work done.

import CatalogGenerator
import CollectionLayout
import Geometry
import Testing

@Suite struct CompositionalAppenderTests {
    typealias Support = CompositionalTestSupport

    /// Three self-sized covers a row, insets and spacings 8.
    private let cardGrid = CompositionalLayout(
        collectionSize: Size(width: 375, height: 667),
        sections: [CompositionalSection(
            group: .horizontal(
                layoutSize: CompositionalTestSupport.size(.fractionalWidth(1), .estimated(200)),
                repeating: CompositionalTestSupport.item(.fractionalWidth(1), .estimated(200)), count: 3,
                interItemSpacing: .fixed(8)),
            interGroupSpacing: 8, contentInsets: EdgeInsets(all: 8), headerHeight: .absolute(30),
            footerHeight: .absolute(20), maximumItemCount: 50)])

    private let cardHeights = CompositionalHeights(itemHeight: { number, width in width * 10 / 7 + Double(number * 13 % 40) })

    /// `total` cut at random points into 1-6 appends.
    private func randomSplit(_ total: Int, _ random: inout SplitMix64) -> [Int] {
        let cuts = (0..<Int.random(in: 0...5, using: &random)).map { _ in Int.random(in: 0...total, using: &random) }
        let points = [0] + cuts.sorted() + [total]
        return zip(points, points.dropFirst()).map { $1 - $0 }
    }

    private func appended(
        _ layout: CompositionalLayout, _ parts: [Int], heights: CompositionalHeights = .estimates
    ) throws -> CompositionalAppender {
        var appender = try CompositionalAppender(layout: layout, heights: heights)
        for part in parts { try appender.appendChecked(part) }
        return appender
    }

    @Test(arguments: [Size(width: 375, height: 667), Size(width: 333, height: 500), Size(width: 1024, height: 1366)])
    func appendingInstaPanelsEqualsLayingThemAllOut(container: Size) throws {
        let layout = CompositionalLayout.instaSearch(collectionSize: container)
        var random = SplitMix64(seed: UInt64(container.width))
        for _ in 0..<50 {
            let total = Int.random(in: 0...120, using: &random)
            let parts = randomSplit(total, &random)
            #expect(try appended(layout, parts).result == layout.layout(itemCount: total), "\(parts)")
        }
    }

    @Test func appendingSelfSizedCardsEqualsLayingThemAllOut() throws {
        var random = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let total = Int.random(in: 0...200, using: &random)
            let parts = randomSplit(total, &random)
            let full = try cardGrid.layout(itemCount: total, heights: cardHeights)
            #expect(try appended(cardGrid, parts, heights: cardHeights).result == full, "\(parts)")
        }
    }

    @Test func appendingToRandomCompositionsEqualsLayingThemAllOut() throws {
        var compositions = CompositionalRandomCompositions(random: SplitMix64(seed: 8))
        let heights = CompositionalRandomCompositions.heights
        for _ in 0..<100 {
            let layout = compositions.layout()
            let total = Int.random(in: 0...200, using: &compositions.random)
            let parts = randomSplit(total, &compositions.random)
            let full = try layout.layout(itemCount: total, heights: heights)
            #expect(try appended(layout, parts, heights: heights).result == full, "\(parts) \(layout)")
        }
    }

    @Test func anAppendMeasuresOnlyTheLastRowAgainAndTheNewItems() throws {
        var measured: [Int] = []
        let counting = CompositionalHeights(itemHeight: { number, width in
            measured.append(number)
            return width
        })
        var appender = try appended(cardGrid, [100], heights: counting)
        #expect(measured == Array(0..<100))
        measured = []
        // Section 1 (items 50-99) is full at its maximum of 50, so the two new items begin
        // section 2 and nothing old is measured again.
        try appender.append(2)
        #expect(measured == [100, 101])
        measured = []
        // Section 2 holds 100 and 101 in an open row: both are laid out again with the new 102-104.
        try appender.append(3)
        #expect(measured == [100, 101, 102, 103, 104])
        #expect(appender.sectionItemCounts == [50, 50, 5])
        #expect(appender.itemCount == 105)
    }

    @Test func aFailedAppendLeavesTheLayoutAsItWas() throws {
        // Item 55 and later cannot be measured: past section 0's maximum of 50.
        let failingFrom55 = CompositionalHeights(itemHeight: { number, width in
            number >= 55 ? .nan : width * 10 / 7 + Double(number * 13 % 40)
        })
        var appender = try appended(cardGrid, [48], heights: failingFrom55)
        let before = appender.result
        #expect(throws: CollectionLayoutError.self) { try appender.append(10) }
        #expect(appender.result == before)
        #expect(appender.sectionItemCounts == [48])
        #expect(throws: CollectionLayoutError.self) { try appender.append(-1) }
        try appender.append(7)
        #expect(appender.sectionItemCounts == [50, 5])
        #expect(appender.result == (try cardGrid.layout(itemCount: 55, heights: failingFrom55)))
    }

    @Test func appendingOneItemAtATimeEqualsLayingThemAllOut() throws {
        let layout = CompositionalLayout.instaSearch(collectionSize: Size(width: 414, height: 896))
        var appender = try CompositionalAppender(layout: layout)
        for count in 1...100 {
            try appender.append(1)
            #expect(appender.result == (try layout.layout(itemCount: count)))
        }
    }

    @Test func appendingNothingChangesNothing() throws {
        var appender = try appended(CompositionalLayout.instaSearch(collectionSize: Size(width: 375, height: 667)), [7])
        let before = appender.result
        try appender.append(0)
        #expect(appender.result == before)
        #expect(appender.sectionItemCounts == [3, 4])
    }
}
