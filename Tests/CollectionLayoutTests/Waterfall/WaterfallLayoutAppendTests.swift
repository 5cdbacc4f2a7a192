// Appending pages to a waterfall's last section: the same frames as laying everything out at once.

import CollectionLayout
import Geometry
import Testing

extension WaterfallLayoutTests {
    @Suite struct Appending {
        /// Width 200: two columns of 95 at x 0 and 105, spacings 10, a 20-point footer.
        private let layout = WaterfallLayout(
            collectionWidth: 200, configuration: WaterfallLayoutConfiguration(footerHeight: 20))

        @Test func aPageMovesTheFooterBelowItsItems() throws {
            var appender = try WaterfallAppender(layout: layout, sections: [.heights([100, 20])])
            // Before: column bottoms 110 and 30; the footer at 110 − 10 = 100.
            #expect(appender.result.elements.last?.frame == Rect(x: 0, y: 100, width: 200, height: 20))
            #expect(appender.result.contentSize == Size(width: 200, height: 120))
            let change = try appender.append(.heights([30, 40]))
            // Both go into column 1: at 30 (bottom 70), then at 70 (bottom 120); the footer
            // (element 2 before) moves below them.
            #expect(change.firstChangedIndex == 2)
            #expect(Array(appender.result.elements[2...]) == [
                LayoutElement(kind: .item, section: 0, index: 2, frame: Rect(x: 105, y: 30, width: 95, height: 30)),
                LayoutElement(kind: .item, section: 0, index: 3, frame: Rect(x: 105, y: 70, width: 95, height: 40)),
                LayoutElement(kind: .footer, section: 0, index: 0, frame: Rect(x: 0, y: 110, width: 200, height: 20)),
            ])
            #expect(appender.result.contentSize == Size(width: 200, height: 130))
            #expect(appender.stream.lastSection == 0)
            #expect(appender.stream.lastSectionItemCount == 4)
            #expect(appender.result == (try layout.layout(heights: [[100, 20, 30, 40]])))
        }

        @Test func pagesFromAnEmptySectionEqualOneFullLayout() throws {
            var twoSections = layout
            twoSections.sectionConfigurations[1] = WaterfallLayoutConfiguration(columnCount: 3, headerHeight: 12)
            var appender = try WaterfallAppender(layout: twoSections, sections: [.heights([50, 60]), .heights([])])
            let pages: [[Double]] = [[10, 80, 30], [5], [], [70, 70, 20, 45]]
            for page in pages { try appender.append(.heights(page)) }
            #expect(appender.result == (try twoSections.layout(heights: [[50, 60], pages.flatMap { $0 }])))
        }

        @Test func referenceSizesAppendAtTheSectionsColumnWidth() throws {
            var appender = try WaterfallAppender(layout: layout, sections: [.referenceSizes([Size(width: 190, height: 380)])])
            // 380 × 95 / 190 = 190 into column 0; 100 × 95 / 50 = 190 into column 1.
            let change = try appender.append(.referenceSizes([Size(width: 50, height: 100)]))
            #expect(appender.result.elements[change.firstChangedIndex].frame == Rect(x: 105, y: 0, width: 95, height: 190))
            let sizes = [Size(width: 190, height: 380), Size(width: 50, height: 100)]
            #expect(appender.result == (try layout.layout(referenceSizes: [sizes])))
        }

        @Test func appendingContinuesTheItemIndexForInOrderDirections() throws {
            var inOrder = layout
            inOrder.itemRenderDirection = .rightToLeft
            var appender = try WaterfallAppender(layout: inOrder, sections: [.heights([10, 10, 10])])
            // Item 3 of 2 columns right to left: (2 − 1) − 3 % 2 = 0.
            let change = try appender.append(.heights([10]))
            #expect(appender.result.elements[change.firstChangedIndex].frame.origin == Point(x: 0, y: 20))
        }

        @Test func aFailedAppendLeavesTheAppenderAsItWas() throws {
            var appender = try WaterfallAppender(layout: layout, sections: [.heights([100, 20])])
            let before = appender.result
            let error = CollectionLayoutError.invalidItemSize(
                section: 0, index: 3, size: Size(width: 95, height: .infinity))
            #expect(throws: error) {
                try appender.append(.heights([10, .infinity]))
            }
            #expect(appender.result == before)
            try appender.append(.heights([10]))
            #expect(appender.result == (try layout.layout(heights: [[100, 20, 10]])))
        }

        @Test func anAppenderNeedsASection() throws {
            #expect(throws: CollectionLayoutError.self) { try WaterfallAppender(layout: layout, sections: []) }
            let empty = try WaterfallAppender(layout: layout)
            #expect(empty.result == (try layout.layout(heights: [[]])))
        }
    }
}
