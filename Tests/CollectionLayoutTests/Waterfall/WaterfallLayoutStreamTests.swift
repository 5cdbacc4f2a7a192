// Streaming a waterfall item by item, section by section: the same frames as one full layout.

import CatalogGenerator
import CollectionLayout
import Geometry
import Testing

extension WaterfallLayoutTests {
    @Suite struct Streaming {
        /// Three sections with headers, footers and insets of their own.
        private var layout: WaterfallLayout {
            var layout = WaterfallLayout(
                collectionWidth: 320,
                configuration: WaterfallLayoutConfiguration(
                    columnCount: 2, sectionInset: EdgeInsets(top: 5, left: 8, bottom: 7, right: 8),
                    headerHeight: 30, footerHeight: 20),
                displayScale: 3)
            layout.sectionConfigurations[1] = WaterfallLayoutConfiguration(columnCount: 3, footerHeight: 12)
            return layout
        }

        @Test(arguments: [1, 7, 1000])
        func streamingInChunksEqualsOneFullLayout(chunk: Int) throws {
            var random = SplitMix64(seed: 42)
            let sections: [[Double]] = [120, 0, 45, 300].map { count in
                (0..<count).map { _ in 100 + Double(random.next() % 2000) / 7 }
            }
            var state = try layout.streamingState()
            var elements: [LayoutElement] = []
            for (section, heights) in sections.enumerated() {
                for start in stride(from: 0, to: max(heights.count, 1), by: chunk) {
                    let page = Array(heights[min(start, heights.count)..<min(start + chunk, heights.count)])
                    try state.stream(heights: page, toSection: section, into: &elements)
                }
            }
            let contentSize = state.finish(into: &elements)
            let full = try layout.layout(heights: sections)
            #expect(elements == full.elements)
            #expect(contentSize == full.contentSize)
        }

        @Test func skippedSectionsAreOpenedEmptyAndEmptyStreamsAreEmptySections() throws {
            var state = try layout.streamingState()
            var elements: [LayoutElement] = []
            try state.stream(referenceSizes: [Size(width: 10, height: 20)], toSection: 2, into: &elements)
            let contentSize = state.finish(into: &elements)
            let full = try layout.layout(referenceSizes: [[], [], [Size(width: 10, height: 20)]])
            #expect(elements == full.elements)
            #expect(contentSize == full.contentSize)

            let empty = try layout.streamingState()
            var none: [LayoutElement] = []
            #expect(empty.finish(into: &none) == (try layout.layout(heights: [])).contentSize)
            #expect(none.isEmpty)
            var emptySection = try layout.streamingState()
            var headerAndFooter: [LayoutElement] = []
            try emptySection.stream(heights: [], toSection: 0, into: &headerAndFooter)
            #expect(emptySection.finish(into: &headerAndFooter) == (try layout.layout(heights: [[]])).contentSize)
            #expect(headerAndFooter == (try layout.layout(heights: [[]])).elements)
            #expect(headerAndFooter.map(\.kind) == [.header, .footer])
        }

        @Test func anEarlierSectionIsAnError() throws {
            var state = try layout.streamingState()
            var elements: [LayoutElement] = []
            try state.stream(heights: [10], toSection: 1, into: &elements)
            #expect(throws: CollectionLayoutError.self) {
                try state.stream(heights: [10], toSection: 0, into: &elements)
            }
        }
    }
}
