// Appending tags to a tag flow: hand-computed frames, the index returned, errors.

import CollectionLayout
import Geometry
import Testing

@Suite struct TagFlowAppenderTests {
    private let seedLayout = TagFlowLayout(collectionWidth: 200, configuration: TagFlowFixtures.seed000())

    @Test func appendedTagsJoinTheLastRowThenWrap() throws {
        var appender = try TagFlowAppender(layout: seedLayout, sections: [TagFlowFixtures.tags([50, 60])])
        #expect(try appender.append(TagFlowFixtures.tags([40, 70])).firstChangedIndex == 0)  // the row of 50 and 60 starts at 0
        #expect(TagFlowFixtures.origins(appender.result) == [
            Point(x: 10, y: 10), Point(x: 70, y: 10), Point(x: 140, y: 10), Point(x: 10, y: 50),
        ])
        #expect(appender.result.contentSize == Size(width: 200, height: 90))
        #expect(try appender.append(TagFlowFixtures.tags([30])).firstChangedIndex == 3)  // the row of 70 starts at 3
        #expect(TagFlowFixtures.origins(appender.result).last == Point(x: 90, y: 50))
        #expect(appender.result == (try seedLayout.layout([TagFlowFixtures.tags([50, 60, 40, 70, 30])])))
    }

    @Test func theIndexReturnedSkipsEarlierSectionsHeadersAndRows() throws {
        let layout = TagFlowLayout(
            collectionWidth: 200, configuration: TagFlowFixtures.seed000(headerHeight: 44, footerHeight: 30))
        // Elements: header 0, item 0 0, footer 0, header 1, item 1 0 (row 1), item 1 1 (row 2), footer 1.
        var appender = try TagFlowAppender(
            layout: layout, sections: [TagFlowFixtures.tags([50]), TagFlowFixtures.tags([100, 100])])
        #expect(try appender.append(TagFlowFixtures.tags([60])).firstChangedIndex == 5)
        #expect(appender.result.elements[5...].map(\.frame) == [
            // Section 0 ends at 44 + 10 + 30 + 10 + 30 = 124; row 1 at 124 + 44 + 10 = 178.
            Rect(x: 10, y: 218, width: 100, height: 30),  // row 2 at 178 + 30 + 10
            Rect(x: 120, y: 218, width: 60, height: 30),  // 60 + 10 fits in the 80 beside 100
            Rect(x: 0, y: 258, width: 200, height: 30),
        ])
        #expect(appender.result.contentSize.height == 288)
    }

    @Test func aTallerTagMovesTheCentredTagsOfItsRow() throws {
        var appender = try TagFlowAppender(layout: seedLayout, sections: [[Size(width: 50, height: 20)]])
        #expect(TagFlowFixtures.origins(appender.result) == [Point(x: 10, y: 10)])
        #expect(try appender.append([Size(width: 60, height: 40)]).firstChangedIndex == 0)
        #expect(TagFlowFixtures.origins(appender.result) == [Point(x: 10, y: 20), Point(x: 70, y: 10)])
    }

    @Test func aJustifiedLastRowSpreadsOnceATagWrapsBelowIt() throws {
        let layout = TagFlowLayout(collectionWidth: 200, configuration: TagFlowFixtures.seed000(horizontal: .justified))
        var appender = try TagFlowAppender(layout: layout, sections: [TagFlowFixtures.tags([50, 60, 40])])
        #expect(TagFlowFixtures.origins(appender.result).map(\.x) == [10, 70, 140])
        #expect(try appender.append(TagFlowFixtures.tags([70])).firstChangedIndex == 0)
        #expect(TagFlowFixtures.origins(appender.result).map(\.x) == [10, 75, 150, 10])  // gaps 10 + 10 / 2
    }

    @Test func appendingToAnEmptySectionReplacesItsFooter() throws {
        let layout = TagFlowLayout(
            collectionWidth: 200, configuration: TagFlowFixtures.seed000(headerHeight: 44, footerHeight: 30))
        var appender = try TagFlowAppender(layout: layout, sections: [[]])
        #expect(appender.result.elements.map(\.frame).last == Rect(x: 0, y: 64, width: 200, height: 30))
        #expect(try appender.append(TagFlowFixtures.tags([50])).firstChangedIndex == 1)
        #expect(appender.result.elements.map(\.frame) == [
            Rect(x: 0, y: 0, width: 200, height: 44),
            Rect(x: 10, y: 54, width: 50, height: 30),
            Rect(x: 0, y: 94, width: 200, height: 30),
        ])
    }

    @Test func anInvalidTagIsReportedWithItsSectionIndexAndChangesNothing() throws {
        var appender = try TagFlowAppender(layout: seedLayout, sections: [[], TagFlowFixtures.tags([50, 60, 40, 70])])
        let before = appender.result
        let bad = Size(width: -1, height: 30)
        #expect(throws: CollectionLayoutError.invalidItemSize(section: 1, index: 5, size: bad)) {
            try appender.append([Size(width: 10, height: 30), bad])
        }
        #expect(appender.result == before)
        try appender.append(TagFlowFixtures.tags([30]))
        #expect(appender.result == (try seedLayout.layout([[], TagFlowFixtures.tags([50, 60, 40, 70, 30])])))
    }

    @Test func thereMustBeASectionToAppendTo() {
        #expect {
            try TagFlowAppender(layout: seedLayout, sections: [])
        } throws: { error in
            guard case .invalidValue(let field, _) = error as? CollectionLayoutError else { return false }
            return field == "sections"
        }
    }
}
