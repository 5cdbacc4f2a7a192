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
            var (result, state) = try layout.layoutKeepingState(heights: [[100, 20]])
            // Before: column bottoms 110 and 30; the footer at 110 − 10 = 100.
            #expect(state.footer?.frame == Rect(x: 0, y: 100, width: 200, height: 20))
            #expect(state.contentSize == Size(width: 200, height: 120))
            let page = try state.append(heights: [30, 40])
            // Both go into column 1: at 30 (bottom 70), then at 70 (bottom 120).
            #expect(page.section == 0)
            #expect(page.items == [
                LayoutElement(kind: .item, section: 0, index: 2, frame: Rect(x: 105, y: 30, width: 95, height: 30)),
                LayoutElement(kind: .item, section: 0, index: 3, frame: Rect(x: 105, y: 70, width: 95, height: 40)),
            ])
            #expect(page.footer?.frame == Rect(x: 0, y: 110, width: 200, height: 20))
            #expect(page.contentSize == Size(width: 200, height: 130))
            #expect(state.lastSection == 0)
            #expect(state.lastSectionItemCount == 4)
            page.apply(to: &result)
            #expect(result == (try layout.layout(heights: [[100, 20, 30, 40]])))
        }

        @Test func pagesFromAnEmptySectionEqualOneFullLayout() throws {
            var twoSections = layout
            twoSections.sectionConfigurations[1] = WaterfallLayoutConfiguration(columnCount: 3, headerHeight: 12)
            var (result, state) = try twoSections.layoutKeepingState(heights: [[50, 60], []])
            let pages: [[Double]] = [[10, 80, 30], [5], [], [70, 70, 20, 45]]
            for page in pages {
                try state.append(heights: page).apply(to: &result)
            }
            let full = try twoSections.layout(heights: [[50, 60], pages.flatMap { $0 }])
            #expect(result == full)
            #expect(state.contentSize == full.contentSize)
        }

        @Test func referenceSizesAppendAtTheSectionsColumnWidth() throws {
            var (result, state) = try layout.layoutKeepingState(referenceSizes: [[Size(width: 190, height: 380)]])
            // 380 × 95 / 190 = 190 into column 0; 100 × 95 / 50 = 190 into column 1.
            let page = try state.append(referenceSizes: [Size(width: 50, height: 100)])
            #expect(page.items.map(\.frame) == [Rect(x: 105, y: 0, width: 95, height: 190)])
            page.apply(to: &result)
            let sizes = [Size(width: 190, height: 380), Size(width: 50, height: 100)]
            #expect(result == (try layout.layout(referenceSizes: [sizes])))
        }

        @Test func appendingContinuesTheItemIndexForInOrderDirections() throws {
            var inOrder = layout
            inOrder.itemRenderDirection = .rightToLeft
            var (_, state) = try inOrder.layoutKeepingState(heights: [[10, 10, 10]])
            // Item 3 of 2 columns right to left: (2 − 1) − 3 % 2 = 0.
            let page = try state.append(heights: [10])
            #expect(page.items.map(\.frame.origin) == [Point(x: 0, y: 20)])
        }

        @Test func aFailedAppendLeavesTheStateAsItWas() throws {
            var (_, state) = try layout.layoutKeepingState(heights: [[100, 20]])
            let before = state
            let error = CollectionLayoutError.invalidItemSize(
                section: 0, index: 3, size: Size(width: 95, height: .infinity))
            #expect(throws: error) {
                try state.append(heights: [10, .infinity])
            }
            #expect(state == before)
        }

        @Test func appendingWithoutASectionIsAnError() throws {
            let kept = try layout.layoutKeepingState(heights: [])
            var state = kept.state
            #expect(kept.result.elements.isEmpty)
            #expect(state.lastSection == nil)
            #expect(state.footer == nil)
            #expect(state.contentSize == Size(width: 200, height: 0))
            #expect(throws: CollectionLayoutError.self) { try state.append(heights: [10]) }
        }
    }
}
