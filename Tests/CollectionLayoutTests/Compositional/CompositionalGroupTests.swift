// How groups resolve and place their subitems, on small cases worked out by hand.

import CollectionLayout
import Geometry
import Testing

@Suite struct CompositionalGroupTests {
    typealias Support = CompositionalTestSupport

    @Test func fractionsAreOfTheContainingGroupAndSubitemsRepeatWhileTheyFit() throws {
        // Root: half of 400 by 100. Item: half of the group (100) by half of it (50): two a row.
        let group = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(0.5), .absolute(100)),
            subitems: [Support.item(.fractionalWidth(0.5), .fractionalHeight(0.5))])
        let result = try Support.layout(group, collection: Size(width: 400, height: 800)).layout(itemCount: 5)
        #expect(Support.itemFrames(result) == [
            Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 100, y: 0, width: 100, height: 50),
            Rect(x: 0, y: 100, width: 100, height: 50), Rect(x: 100, y: 100, width: 100, height: 50),
            Rect(x: 0, y: 200, width: 100, height: 50),
        ])
        #expect(result.contentSize == Size(width: 400, height: 300))
    }

    @Test func eitherFractionSizesEitherSide() throws {
        // Width 0.5 of the group's height (120) = 60; height 0.25 of its width (300) = 75.
        let group = CompositionalGroup.horizontal(
            layoutSize: Support.size(.absolute(300), .absolute(120)),
            subitems: [Support.item(.fractionalHeight(0.5), .fractionalWidth(0.25))])
        let frames = Support.itemFrames(try Support.layout(group).layout(itemCount: 6))
        #expect(frames.prefix(5).map(\.minX) == [0, 60, 120, 180, 240])
        #expect(frames.allSatisfy { $0.size == Size(width: 60, height: 75) })
        #expect(frames[5].origin == Point(x: 0, y: 120))
    }

    @Test func theRootGroupResolvesAgainstTheCollectionBetweenTheSectionsSideInsets() throws {
        // 0.4 of the collection's 500 height; width 300 - 10 - 30.
        let group = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .fractionalHeight(0.4)),
            subitems: [Support.item(.fractionalWidth(1), .fractionalHeight(1))])
        let layout = Support.layout(
            group, collection: Size(width: 300, height: 500), insets: EdgeInsets(top: 5, left: 10, bottom: 0, right: 30))
        let frames = Support.itemFrames(try layout.layout(itemCount: 2))
        #expect(frames == [Rect(x: 10, y: 5, width: 260, height: 200), Rect(x: 10, y: 205, width: 260, height: 200)])
    }

    @Test func absoluteItemsFillTheGroupUntilTheNextWouldOverflow() throws {
        // 3 × 30 = 90 fit in 100; a fourth would end at 120.
        let group = CompositionalGroup.horizontal(
            layoutSize: Support.size(.absolute(100), .absolute(50)), subitems: [Support.item(.absolute(30), .absolute(20))])
        let frames = Support.itemFrames(try Support.layout(group).layout(itemCount: 4))
        #expect(frames == [
            Rect(x: 0, y: 0, width: 30, height: 20), Rect(x: 30, y: 0, width: 30, height: 20),
            Rect(x: 60, y: 0, width: 30, height: 20), Rect(x: 0, y: 50, width: 30, height: 20),
        ])
    }

    @Test func aSubitemThatWouldOverflowIsSkippedWithEverythingAfterIt() throws {
        // 250 fits in 300; the 100 after it would end at 350, so each group holds one item.
        let group = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .absolute(40)),
            subitems: [Support.item(.absolute(250), .fractionalHeight(1)), Support.item(.absolute(100), .fractionalHeight(1))])
        let frames = Support.itemFrames(try Support.layout(group).layout(itemCount: 3))
        #expect(frames.map(\.width) == [250, 250, 250])
        #expect(frames.map(\.minY) == [0, 40, 80])
    }

    @Test func nestedGroupsResolveAgainstTheirParent() throws {
        // A 150 × 200 item, then a 150 × 200 column of quarter-height (50) items: 4 of them.
        let column = CompositionalGroup.vertical(
            layoutSize: Support.size(.fractionalWidth(0.5), .fractionalHeight(1)),
            subitems: [Support.item(.fractionalWidth(1), .fractionalHeight(0.25))])
        let group = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .absolute(200)),
            subitems: [Support.item(.fractionalWidth(0.5), .fractionalHeight(1)), .group(column)])
        let frames = Support.itemFrames(try Support.layout(group).layout(itemCount: 6))
        #expect(frames == [
            Rect(x: 0, y: 0, width: 150, height: 200),
            Rect(x: 150, y: 0, width: 150, height: 50), Rect(x: 150, y: 50, width: 150, height: 50),
            Rect(x: 150, y: 100, width: 150, height: 50), Rect(x: 150, y: 150, width: 150, height: 50),
            Rect(x: 0, y: 200, width: 150, height: 200),
        ])
    }

    @Test func groupContentInsetsShrinkTheContainerOfItsSubitems() throws {
        // The column is 150 × 200 at x 150; inset 10 all round its content is 130 × 180, so its
        // items are 130 × 45 from (160, 10).
        let column = CompositionalGroup.vertical(
            layoutSize: Support.size(.fractionalWidth(0.5), .fractionalHeight(1)),
            subitems: [Support.item(.fractionalWidth(1), .fractionalHeight(0.25))], contentInsets: EdgeInsets(all: 10))
        let group = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .absolute(200)),
            subitems: [Support.item(.fractionalWidth(0.5), .fractionalHeight(1)), .group(column)])
        let frames = Support.itemFrames(try Support.layout(group).layout(itemCount: 5))
        #expect(frames.dropFirst() == [
            Rect(x: 160, y: 10, width: 130, height: 45), Rect(x: 160, y: 55, width: 130, height: 45),
            Rect(x: 160, y: 100, width: 130, height: 45), Rect(x: 160, y: 145, width: 130, height: 45),
        ])
    }

    @Test func aRepeatCountSharesTheLengthAndIgnoresTheItemsOwnWidth() throws {
        // (300 - 2 × 15) / 3 = 90 each, the item's 999 notwithstanding.
        let group = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .absolute(40)),
            repeating: Support.item(.absolute(999), .fractionalHeight(1)), count: 3, interItemSpacing: .fixed(15))
        let frames = Support.itemFrames(try Support.layout(group).layout(itemCount: 4))
        #expect(frames == [
            Rect(x: 0, y: 0, width: 90, height: 40), Rect(x: 105, y: 0, width: 90, height: 40),
            Rect(x: 210, y: 0, width: 90, height: 40), Rect(x: 0, y: 40, width: 90, height: 40),
        ])
    }

    @Test func fixedSpacingSeparatesSubitemsAndGroupsExactly() throws {
        // 80 + 10 + 80 + 10 + 80 = 260; a fourth would end at 350. Rows 40 + 12 apart.
        let group = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .absolute(40)),
            subitems: [Support.item(.absolute(80), .fractionalHeight(1))], interItemSpacing: .fixed(10))
        let frames = Support.itemFrames(try Support.layout(group, interGroupSpacing: 12).layout(itemCount: 4))
        #expect(frames.map(\.origin) == [
            Point(x: 0, y: 0), Point(x: 90, y: 0), Point(x: 180, y: 0), Point(x: 0, y: 52),
        ])
    }

    @Test func flexibleSpacingSharesTheLeftoverBetweenTheGaps() throws {
        // Three 80s fit at spacing 10 (260); the 40 left over widens both gaps to 30. The last
        // group holds two: 140 left over, one gap of 150.
        let group = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .absolute(40)),
            subitems: [Support.item(.absolute(80), .fractionalHeight(1))], interItemSpacing: .flexible(10))
        let frames = Support.itemFrames(try Support.layout(group).layout(itemCount: 5))
        #expect(frames.map(\.origin) == [
            Point(x: 0, y: 0), Point(x: 110, y: 0), Point(x: 220, y: 0), Point(x: 0, y: 40), Point(x: 220, y: 40),
        ])
        let lone = Support.itemFrames(try Support.layout(group).layout(itemCount: 1))
        #expect(lone == [Rect(x: 0, y: 0, width: 80, height: 40)])
    }

    @Test func itemContentInsetsShrinkTheCellInsideItsSlot() throws {
        let group = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .absolute(100)),
            repeating: Support.item(.fractionalWidth(0.5), .fractionalHeight(1), insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)),
            count: 2)
        let frames = Support.itemFrames(try Support.layout(group).layout(itemCount: 2))
        #expect(frames == [Rect(x: 2, y: 1, width: 144, height: 96), Rect(x: 152, y: 1, width: 144, height: 96)])
    }

    @Test func anEstimatedGroupWidthFitsTheSubitemsItHolds() throws {
        // The inner pair is 30 + 5 + 40 = 75 wide; then the 50: pair and 50 repeat at 125, and a
        // third full pair would end at 325, so items 6 and 7 start the next row.
        let pair = CompositionalGroup.horizontal(
            layoutSize: Support.size(.estimated(10), .fractionalHeight(1)),
            subitems: [Support.item(.absolute(30), .fractionalHeight(1)), Support.item(.absolute(40), .fractionalHeight(1))],
            interItemSpacing: .fixed(5))
        let group = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .absolute(50)),
            subitems: [.group(pair), Support.item(.absolute(50), .fractionalHeight(1))])
        let frames = Support.itemFrames(try Support.layout(group).layout(itemCount: 8))
        #expect(frames.map(\.minX) == [0, 35, 75, 125, 160, 200, 0, 35])
        #expect(frames.map(\.width) == [30, 40, 50, 30, 40, 50, 30, 40])
        #expect(frames.map(\.minY) == [0, 0, 0, 0, 0, 0, 50, 50])
        // With 7 items the third pair holds item 6 alone: 30 wide, it fits at 250.
        let seven = Support.itemFrames(try Support.layout(group).layout(itemCount: 7))
        #expect(seven.last == Rect(x: 250, y: 0, width: 30, height: 50))
    }

    @Test func anEstimatedItemWidthStaysAtItsEstimate() throws {
        // Measurement is height-for-width: 4 × 70 = 280 fit in 300.
        let group = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .absolute(20)), subitems: [Support.item(.estimated(70), .absolute(20))])
        let frames = Support.itemFrames(try Support.layout(group).layout(itemCount: 5))
        #expect(frames.map(\.minX) == [0, 70, 140, 210, 0])
        #expect(frames.allSatisfy { $0.width == 70 })
    }

    @Test func aRepeatCountOnAnEstimatedAxisKeepsTheSelfSizedLengths() throws {
        // No length to share: two measured items stacked, the group as tall as both.
        let pair = CompositionalGroup.vertical(
            layoutSize: Support.size(.fractionalWidth(1), .estimated(100)),
            repeating: Support.item(.fractionalWidth(1), .estimated(40)), count: 2, interItemSpacing: .fixed(4))
        let result = try Support.layout(pair).layout(itemCount: 3, heights: .itemHeights([30, 50, 20]))
        #expect(Support.itemFrames(result) == [
            Rect(x: 0, y: 0, width: 300, height: 30), Rect(x: 0, y: 34, width: 300, height: 50),
            Rect(x: 0, y: 84, width: 300, height: 20),
        ])
        #expect(result.contentSize.height == 104)
    }
}
