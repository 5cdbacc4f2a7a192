// Waterfall layout on many seeded random inputs: the invariants hold, appends equal full layouts, output repeats.

import CatalogGenerator
import CollectionLayout
import Geometry
import Testing

extension WaterfallLayoutTests {
    @Suite struct Properties {
        /// A random section: 1-6 columns, spacings, insets, optional header and footer.
        private func randomConfiguration(_ random: inout SplitMix64) -> WaterfallLayoutConfiguration {
            func insets(_ limit: Double) -> EdgeInsets {
                EdgeInsets(
                    top: random.gridValue(in: 0...limit), left: random.gridValue(in: 0...limit),
                    bottom: random.gridValue(in: 0...limit), right: random.gridValue(in: 0...limit))
            }
            return WaterfallLayoutConfiguration(
                columnCount: Int.random(in: 1...6, using: &random),
                minimumColumnSpacing: random.gridValue(in: 0...20),
                minimumInteritemSpacing: random.gridValue(in: 0...20),
                sectionInset: insets(30),
                headerHeight: Bool.random(using: &random) ? random.gridValue(in: 1...60) : 0,
                footerHeight: Bool.random(using: &random) ? random.gridValue(in: 1...60) : 0,
                headerInset: insets(10), footerInset: insets(10))
        }

        /// A random layout of 1-4 sections (widths 200-1200, scales 1-3, any direction).
        private func randomLayout(_ random: inout SplitMix64, sectionCount: Int) -> WaterfallLayout {
            var layout = WaterfallLayout(
                collectionWidth: random.gridValue(in: 200...1_200),
                itemRenderDirection: WaterfallItemRenderDirection.allCases.randomElement(using: &random)!,
                minimumContentHeight: Bool.random(using: &random) ? random.gridValue(in: 0...2_000) : 0,
                displayScale: Double(Int.random(in: 1...3, using: &random)))
            for section in 0..<sectionCount {
                layout.sectionConfigurations[section] = randomConfiguration(&random)
            }
            return layout
        }

        /// Item heights for `sectionCount` sections, 0-150 items each; on the pixel grid or not.
        private func randomHeights(_ random: inout SplitMix64, sectionCount: Int) -> [[Double]] {
            let onGrid = Bool.random(using: &random)
            return (0..<sectionCount).map { _ in
                (0..<Int.random(in: 0...150, using: &random)).map { _ in
                    onGrid ? random.gridValue(in: 1...300, scale: 2) : Double.random(in: 1...300, using: &random)
                }
            }
        }

        @Test func randomHeightsKeepEveryInvariant() throws {
            var random = SplitMix64(seed: 3)
            for _ in 0..<200 {
                let sectionCount = Int.random(in: 1...4, using: &random)
                let layout = randomLayout(&random, sectionCount: sectionCount)
                let heights = randomHeights(&random, sectionCount: sectionCount)
                let result = try layout.layout(heights: heights)
                try WaterfallLayoutInvariants(layout: layout, heights: heights, result: result).checkAll()
            }
        }

        /// Scaled heights are the exact ratio floored to a pixel: on the grid, at most the
        /// ratio and less than one pixel below it.
        @Test func referenceSizesScaleToTheColumnWidthFlooredToAPixel() throws {
            var random = SplitMix64(seed: 30)
            for _ in 0..<100 {
                let layout = randomLayout(&random, sectionCount: 2)
                let sizes = (0..<2).map { _ in
                    (0..<Int.random(in: 0...60, using: &random)).map { _ in
                        Size(width: random.gridValue(in: 20...1_000), height: random.gridValue(in: 20...1_500))
                    }
                }
                let result = try layout.layout(referenceSizes: sizes)
                let scale = layout.displayScale
                for section in 0..<2 {
                    let width = try layout.columnWidth(forSection: section)
                    let frames = LayoutChecks.itemFrames(result, section: section)
                    let exact = sizes[section].map { $0.height * width / $0.width }
                    #expect(zip(frames, exact).allSatisfy { frame, exact in
                        frame.height <= exact + 1e-9 && frame.height > exact - 1 / scale
                            && abs(frame.height * scale - (frame.height * scale).rounded()) < 1e-6
                    })
                }
                let heights = (0..<2).map { LayoutChecks.itemFrames(result, section: $0).map(\.height) }
                try WaterfallLayoutInvariants(layout: layout, heights: heights, result: result).checkAll()
            }
        }

        @Test func appendingPagesAtRandomSplitsEqualsTheFullLayout() throws {
            var random = SplitMix64(seed: 33)
            for _ in 0..<150 {
                let sectionCount = Int.random(in: 1...3, using: &random)
                let layout = randomLayout(&random, sectionCount: sectionCount)
                let heights = randomHeights(&random, sectionCount: sectionCount)
                let full = try layout.layout(heights: heights)
                let last = heights[sectionCount - 1]
                var cuts = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                    Int.random(in: 0...last.count, using: &random)
                }
                cuts = [0] + cuts.sorted() + [last.count]
                var first = heights
                first[sectionCount - 1] = Array(last[cuts[0]..<cuts[1]])
                var appender = try WaterfallAppender(layout: layout, sections: first.map(WaterfallItems.heights))
                for (start, end) in zip(cuts.dropFirst(), cuts.dropFirst(2)) {
                    try appender.appendChecked(.heights(Array(last[start..<end])))
                }
                #expect(appender.result == full)
            }
        }

        @Test func twoRunsGiveIdenticalOutput() throws {
            var random = SplitMix64(seed: 300)
            for _ in 0..<50 {
                let layout = randomLayout(&random, sectionCount: 3)
                let heights = randomHeights(&random, sectionCount: 3)
                #expect(try layout.layout(heights: heights) == (try layout.layout(heights: heights)))
            }
        }

        /// A million cards in two columns: every one in the column that ended highest, the
        /// content ending at the lowest card.
        @Test func aMillionItemsAreLaidOutByTheShortestColumnRule() throws {
            var random = SplitMix64(seed: 1_000_000)
            let heights = (0..<1_000_000).map { _ in random.gridValue(in: 100...300, scale: 2) }
            let layout = WaterfallLayout(collectionWidth: 375, displayScale: 2)
            let result = try layout.layout(heights: [heights])
            #expect(result.elements.count == 1_000_000)
            var nextY = [0.0, 0.0]  // columns of 182.5 at x 0 and 192.5
            var misplaced = 0
            for (element, height) in zip(result.elements, heights) {
                let column = element.frame.minX == 0 ? 0 : 1
                let shortest = nextY[1] < nextY[0] ? 1 : 0
                if column != shortest || element.frame.minY != nextY[column] || element.frame.height != height {
                    misplaced += 1
                }
                nextY[column] = element.frame.maxY + 10
            }
            #expect(misplaced == 0)
            #expect(result.contentSize.height == nextY.max()! - 10)
        }
    }
}
