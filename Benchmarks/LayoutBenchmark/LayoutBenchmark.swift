// layout-benchmark: a million items in each layout, rect queries, and appending a page.
import CatalogGenerator
import CollectionLayout
import Foundation
import Geometry

/// Times the layouts on sizes that are already measured (card-like heights drawn from a
/// fixed seed, so every run lays out the same items), the best of several runs each. Appends
/// are timed page by page onto a layout of all but the last 100 pages: the median is the
/// steady cost; the mean also carries the array growth (doubling) the first page triggers.
@main
enum LayoutBenchmark {
    static let itemCount = 1_000_000
    static let runs = 5
    static let pageSize = 20

    static func main() throws {
        var random = SplitMix64(seed: 2026)
        let heights = (0..<itemCount).map { _ in 200 + Double(random.next() % 120) }
        let tags = (0..<itemCount).map { _ in Size(width: 40 + Double(random.next() % 160), height: 28) }
        let width = 390.0
        print("1,000,000 items, best of \(runs) runs, release build\n")
        print("| layout | ms for 1M items | µs per page of \(pageSize) appended to ~1M |\n|---|---|---|")

        let waterfall = WaterfallLayout(collectionWidth: width)
        let waterfallResult = try report("waterfall (2 columns, self-sized)", layout: { try waterfall.layout(heights: [heights]) })
        try reportAppends(setup: { try WaterfallAppender(layout: waterfall, sections: [.heights(Array(heights.prefix(firstPage)))]) }) {
            .heights(Array(heights[$0..<($0 + pageSize)]))
        }
        let cell = Size(width: 119, height: 229)
        let grid = FlowLayout(collectionWidth: width, configuration: FlowLayoutConfiguration(), displayScale: 3)
        _ = try report("grid (flow layout, 3 columns)", layout: { try grid.layout([Array(repeating: cell, count: itemCount)]) })
        try reportAppends(setup: { try FlowAppender(layout: grid, sections: [Array(repeating: cell, count: firstPage)]) }) { _ in
            Array(repeating: cell, count: pageSize)
        }
        let tagFlow = TagFlowLayout(collectionWidth: width, configuration: TagFlowConfiguration())
        _ = try report("tag flow (left-aligned)", layout: { try tagFlow.layout([tags]) })
        try reportAppends(setup: { try TagFlowAppender(layout: tagFlow, sections: [Array(tags.prefix(firstPage))]) }) {
            Array(tags[$0..<($0 + pageSize)])
        }
        let insta = CompositionalLayout.instaSearch(collectionSize: Size(width: width, height: 844))
        _ = try report("compositional (Insta preset)", layout: { try insta.layout(itemCount: itemCount, heights: .estimates) })
        try reportAppends(setup: {
            var appender = try CompositionalAppender(layout: insta)
            try appender.append(firstPage)
            return appender
        }) { _ in pageSize }
        try reportQueries(on: waterfallResult)
    }

    /// Items laid out before the timed pages: all but the last 100 pages.
    static let firstPage = itemCount - 100 * pageSize

    /// Prints the best time to lay out everything.
    static func report(_ name: String, layout: () throws -> LayoutResult) throws -> LayoutResult {
        var result = LayoutResult(elements: [], contentSize: .zero)
        let layoutTime = try best { result = try layout() }
        precondition(result.elements.count >= itemCount)
        print("| \(name) | \(format(layoutTime * 1000)) | |")
        return result
    }

    /// Prints the best time per page for appending the last 100 pages to a layout of the rest
    /// (made by `setup`, untimed); `page` gives the items of the page starting at an item.
    static func reportAppends<Appender: LayoutAppender>(
        setup: () throws -> Appender, page: (Int) -> Appender.Items
    ) throws {
        var means: [Double] = []
        var medians: [Double] = []
        for _ in 0..<runs {
            var appender = try setup()
            var pages: [Double] = []
            for pageNumber in 0..<100 {
                let items = page(firstPage + pageNumber * pageSize)
                let start = ContinuousClock.now
                _ = try appender.append(items)
                pages.append(seconds(ContinuousClock.now - start))
            }
            means.append(pages.reduce(0, +) / 100)
            medians.append(pages.sorted()[50])
        }
        print("|   appending | | \(format(medians.min()! * 1e6)) median, \(format(means.min()! * 1e6)) mean |")
    }

    /// Building a RectIndex and querying screen-sized rects at random places.
    static func reportQueries(on result: LayoutResult) throws {
        var index = RectIndex(result)
        let build = try best { index = RectIndex(result) }
        var random = SplitMix64(seed: 7)
        let rects = (0..<100_000).map { _ in
            Rect(x: 0, y: Double(random.next() % UInt64(result.contentSize.height - 844)), width: 390, height: 844)
        }
        var hits = 0
        let query = try best { for rect in rects { hits += index.elementIndices(in: rect).count } }
        print("\nRectIndex on the waterfall: build \(format(build * 1000)) ms; a 390 × 844 query "
            + "\(format(query / Double(rects.count) * 1e6)) µs (\(hits / runs / rects.count) hits each on average)")
        var pages: [Double] = []
        var growing = RectIndex(elements: Array(result.elements.dropLast(100 * pageSize)))
        for page in 0..<100 {
            let first = result.elements.count - (100 - page) * pageSize
            let start = ContinuousClock.now
            growing.append(contentsOf: result.elements[first..<(first + pageSize)])
            pages.append(seconds(ContinuousClock.now - start))
        }
        print("RectIndex append of a \(pageSize)-item page: \(format(pages.sorted()[50] * 1e6)) µs median, "
            + "\(format(pages.reduce(0, +) / 100 * 1e6)) µs mean (the mean includes growing the arrays)")
    }

    static func best(_ body: () throws -> Void) throws -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try body()
            times.append(seconds(ContinuousClock.now - start))
        }
        return times.min()!
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func format(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.0f", value) }
}
