// Sections of a compositional layout: self-sized items, insets, headers and footers, the cut into sections.

import CollectionLayout
import Geometry
import Testing

@Suite struct CompositionalSectionTests {
    typealias Support = CompositionalTestSupport

    /// Seed 004's grid as a compositional layout: insets 8, three covers a row 8 apart, each
    /// row as tall as its tallest self-sized card.
    private var cardGrid: CompositionalLayout {
        let row = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .estimated(200)),
            repeating: Support.item(.fractionalWidth(1), .estimated(200)), count: 3, interItemSpacing: .fixed(8))
        return CompositionalLayout(
            collectionSize: Size(width: 375, height: 667),
            sections: [CompositionalSection(group: row, interGroupSpacing: 8, contentInsets: EdgeInsets(all: 8))])
    }

    @Test func estimatedItemsAreMeasuredAtTheirWidthAndRowsFitTheTallest() throws {
        var calls: [(Int, Double)] = []
        let heights = CompositionalHeights(itemHeight: { number, width in
            calls.append((number, width))
            return width * 10 / 7 + Double(number % 3) * 10
        })
        let result = try cardGrid.layout(itemCount: 7, heights: heights)
        let width = (375.0 - 16 - 16) / 3  // 343 / 3
        let cover = width * 10 / 7
        #expect(calls.map(\.0) == Array(0..<7))
        #expect(calls.allSatisfy { Support.close($0.1, width) })
        let rowTops = [8, 8 + cover + 20 + 8, 8 + 2 * (cover + 20 + 8)]
        for (index, frame) in Support.itemFrames(result).enumerated() {
            let expected = Rect(
                x: 8 + Double(index % 3) * (width + 8), y: rowTops[index / 3],
                width: width, height: cover + Double(index % 3) * 10)
            #expect(Support.close(frame, expected), "item \(index)")
        }
        // The last row holds item 6 alone, measured at cover + 0.
        #expect(Support.close(result.contentSize.height, rowTops[2] + cover + 8))
    }

    @Test func withoutAMeasurerEstimatesStand() throws {
        let result = try cardGrid.layout(itemCount: 4)
        #expect(Support.itemFrames(result).map(\.height) == [200, 200, 200, 200])
        #expect(result.contentSize.height == 8 + 200 + 8 + 200 + 8)
    }

    @Test func aVerticalListTakesOneMeasuredItemPerGroup() throws {
        // On an estimated axis the subitems are placed once: one row per item, 1 apart.
        let row = CompositionalGroup.vertical(
            layoutSize: Support.size(.fractionalWidth(1), .estimated(44)), subitems: [Support.item(.fractionalWidth(1), .estimated(44))])
        let result = try Support.layout(row, interGroupSpacing: 1).layout(itemCount: 3, heights: .itemHeights([30, 50, 20]))
        #expect(Support.itemFrames(result) == [
            Rect(x: 0, y: 0, width: 300, height: 30), Rect(x: 0, y: 31, width: 300, height: 50),
            Rect(x: 0, y: 82, width: 300, height: 20),
        ])
        #expect(result.contentSize.height == 102)
    }

    @Test func itemInsetsAreIgnoredOnAnEstimatedSide() throws {
        // Measured at 300 - 10 - 10 = 280 wide: 140 tall, with no top or bottom inset.
        let row = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .estimated(50)),
            subitems: [Support.item(.fractionalWidth(1), .estimated(50), insets: EdgeInsets(top: 5, left: 10, bottom: 5, right: 10))])
        let heights = CompositionalHeights(itemHeight: { _, width in width / 2 })
        let frames = Support.itemFrames(try Support.layout(row).layout(itemCount: 2, heights: heights))
        #expect(frames == [Rect(x: 10, y: 0, width: 280, height: 140), Rect(x: 10, y: 140, width: 280, height: 140)])
    }

    @Test func sectionInsetsAndInterGroupSpacingFrameTheRepetitions() throws {
        // Root width 300 - 20 - 30 = 250: two 125-wide items a row; rows 40 + 10 apart.
        let row = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .absolute(40)), subitems: [Support.item(.fractionalWidth(0.5), .fractionalHeight(1))])
        let layout = Support.layout(row, interGroupSpacing: 10, insets: EdgeInsets(top: 5, left: 20, bottom: 7, right: 30))
        let result = try layout.layout(itemCount: 5)
        #expect(Support.itemFrames(result).map(\.origin) == [
            Point(x: 20, y: 5), Point(x: 145, y: 5), Point(x: 20, y: 55), Point(x: 145, y: 55), Point(x: 20, y: 105),
        ])
        #expect(result.contentSize == Size(width: 300, height: 5 + 40 + 10 + 40 + 10 + 40 + 7))
    }

    @Test func headersAndFootersSpanTheCollectionAroundTheInsets() throws {
        let row = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .absolute(50)), subitems: [Support.item(.fractionalWidth(1), .fractionalHeight(1))])
        let section = CompositionalSection(
            group: row, contentInsets: EdgeInsets(top: 10, left: 0, bottom: 6, right: 0), headerHeight: .absolute(44),
            footerHeight: .estimated(30))
        let layout = CompositionalLayout(collectionSize: Size(width: 320, height: 600), sections: [section])
        let heights = CompositionalHeights(boundaryHeight: { kind, section, width in
            kind == .footer && width == 320 ? 20 + Double(section) : .nan
        })
        let result = try layout.layout(sectionItemCounts: [2, 0], heights: heights)
        let expected: [(ElementKind, Int, Rect)] = [
            (.header, 0, Rect(x: 0, y: 0, width: 320, height: 44)),
            (.item, 0, Rect(x: 0, y: 54, width: 320, height: 50)), (.item, 0, Rect(x: 0, y: 104, width: 320, height: 50)),
            (.footer, 0, Rect(x: 0, y: 160, width: 320, height: 20)),
            (.header, 1, Rect(x: 0, y: 180, width: 320, height: 44)),  // an empty section keeps both
            (.footer, 1, Rect(x: 0, y: 240, width: 320, height: 21)),
        ]
        #expect(result.elements.map(\.kind) == expected.map(\.0))
        #expect(result.elements.map(\.section) == expected.map(\.1))
        #expect(result.elements.map(\.frame) == expected.map(\.2))
        #expect(result.contentSize.height == 261)
        let unmeasured = try layout.layout(sectionItemCounts: [0])
        #expect(unmeasured.elements.map(\.frame.height) == [44, 30])
    }

    @Test func sectionsCycleThroughTheirDescriptionsAndNumberItemsAcrossThem() throws {
        let wide = CompositionalSection(group: .horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .estimated(10)), subitems: [Support.item(.fractionalWidth(1), .estimated(10))]))
        let halves = CompositionalSection(group: .horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .estimated(10)),
            repeating: Support.item(.fractionalWidth(1), .estimated(10)), count: 2))
        let layout = CompositionalLayout(collectionSize: Size(width: 200, height: 400), sections: [wide, halves])
        var numbers: [Int] = []
        let heights = CompositionalHeights(itemHeight: { number, _ in numbers.append(number); return 10 })
        let result = try layout.layout(sectionItemCounts: [2, 3, 1], heights: heights)
        #expect(numbers == Array(0..<6))
        #expect(result.elements.map(\.section) == [0, 0, 1, 1, 1, 2])
        #expect(result.elements.map(\.index) == [0, 1, 0, 1, 2, 0])
        #expect(result.elements.map(\.frame.width) == [200, 200, 100, 100, 100, 200])  // sections 0 and 2 are `wide`
        #expect(result.elements.map(\.frame.minY) == [0, 10, 20, 20, 30, 40])
    }

    @Test func aRunOfItemsIsCutBySectionMaximums() throws {
        let group = CompositionalGroup.horizontal(
            layoutSize: Support.size(.fractionalWidth(1), .absolute(10)), subitems: [Support.item(.absolute(10), .absolute(10))])
        func counts(_ maximums: [Int?], itemCount: Int) throws -> [Int] {
            let layout = CompositionalLayout(
                collectionSize: Size(width: 100, height: 100),
                sections: maximums.map { CompositionalSection(group: group, maximumItemCount: $0) })
            let sections = try layout.layout(itemCount: itemCount).elements.map(\.section)
            return (0...(sections.last ?? 0)).map { section in sections.count(where: { $0 == section }) }
        }
        #expect(try counts([2, nil], itemCount: 10) == [2, 8])
        #expect(try counts([2, 3], itemCount: 10) == [2, 3, 2, 3])
        #expect(try counts([2, 3], itemCount: 11) == [2, 3, 2, 3, 1])
    }

    /// The example in ``CompositionalLayout``'s overview, as written there.
    @Test func theOverviewExampleLaysOutRowsOfThreeCards() throws {
        let cover = CompositionalItem(layoutSize: CompositionalLayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .estimated(240)))
        let row = CompositionalGroup.horizontal(
            layoutSize: CompositionalLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(240)),
            repeating: .item(cover), count: 3, interItemSpacing: .fixed(8))
        let layout = CompositionalLayout(
            collectionSize: Size(width: 375, height: 667),
            sections: [CompositionalSection(group: row, interGroupSpacing: 8, contentInsets: EdgeInsets(all: 8))])
        let heights = CompositionalHeights(itemHeight: { _, width in (width * 10 / 7).rounded(.up) + 60 })
        let cards = try layout.layout(itemCount: 1_000, heights: heights)
        // Width 343 / 3 = 114.33: covers 163.33, rounded up to 164, + 60 = 224; 334 rows.
        #expect(cards.elements.count == 1_000)
        #expect(cards.elements.allSatisfy { $0.frame.height == 224 && Support.close($0.frame.width, 343.0 / 3) })
        let lastRowTop: Double = 8 + 333 * (224 + 8)
        #expect(cards.elements[999].frame.origin == Point(x: 8, y: lastRowTop))
        #expect(cards.contentSize.height == lastRowTop + 224 + 8)
    }
}
