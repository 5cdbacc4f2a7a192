// Waterfall layout on small inputs whose frames were worked out by hand from CHT's rules and seed 003.

import CollectionLayout
import Geometry
import Testing

/// Hand-computed cases, one CHT rule at a time. The append and property suites are nested
/// in this one (other files), so `--filter WaterfallLayoutTests` runs them all.
@Suite struct WaterfallLayoutTests {
    private func itemFrames(_ result: LayoutResult, section: Int = 0) -> [Rect] {
        LayoutChecks.itemFrames(result, section: section)
    }

    /// Width 300, 3 columns: seed 003's numbers.
    private var seedLayout: WaterfallLayout {
        WaterfallLayout(collectionWidth: 300, configuration: WaterfallLayoutConfiguration(columnCount: 3))
    }

    @Test func seed003ColumnWidthIs93() throws {
        // floor((300 - 2 × 10) / 3) = floor(93.33) = 93.
        #expect(try seedLayout.columnWidth(forSection: 0) == 93)
        #expect(try seedLayout.columnWidth(forSection: 5) == 93)
    }

    @Test func seed003ReferenceSizesAreScaledAndFlooredAsCHTDoes() throws {
        let sizes = [
            Size(width: 200, height: 300),  // floor(300 × 93 / 200) = floor(139.5) = 139
            Size(width: 100, height: 100),  // 93
            Size(width: 150, height: 100),  // floor(62) = 62
            Size(width: 93, height: 50),  // 50
            Size(width: 0, height: 100),  // empty: 0
            Size(width: 7, height: 10),  // floor(930 / 7) = floor(132.86) = 132
        ]
        let result = try seedLayout.layout(referenceSizes: [sizes])
        // Columns at x 0, 103, 206. Heights after each item, spacing 10:
        // [149,0,0] [149,103,0] [149,103,72] [149,103,132] (col 2 at 72)
        // [149,113,132] (col 1 at 103) then col 1 at 113 → 255.
        #expect(itemFrames(result) == [
            Rect(x: 0, y: 0, width: 93, height: 139),
            Rect(x: 103, y: 0, width: 93, height: 93),
            Rect(x: 206, y: 0, width: 93, height: 62),
            Rect(x: 206, y: 72, width: 93, height: 50),
            Rect(x: 103, y: 103, width: 93, height: 0),
            Rect(x: 103, y: 113, width: 93, height: 132),
        ])
        #expect(result.contentSize == Size(width: 300, height: 245))  // 255 − 10
    }

    @Test func selfSizedHeightsAreUsedAsGiven() throws {
        let result = try seedLayout.layout(heights: [[120.25, 33.5, 0.75]])
        #expect(itemFrames(result).map(\.height) == [120.25, 33.5, 0.75])
        #expect(itemFrames(result).map(\.width) == [93, 93, 93])
        #expect(result.contentSize.height == 120.25)
    }

    @Test func tiesGoToTheLowestColumn() throws {
        // Width 200, 2 columns of 95 at x 0 and 105.
        let layout = WaterfallLayout(collectionWidth: 200)
        // 30 → col 0 (next 40); 10 → col 1 (20); 10 → col 1 (40); tie 40/40 → col 0; 5 → col 1.
        let result = try layout.layout(heights: [[30, 10, 10, 5, 5]])
        #expect(itemFrames(result).map(\.origin) == [
            Point(x: 0, y: 0), Point(x: 105, y: 0), Point(x: 105, y: 20), Point(x: 0, y: 40), Point(x: 105, y: 40),
        ])
        let equal = try seedLayout.layout(heights: [Array(repeating: 50, count: 6)])
        #expect(itemFrames(equal).map(\.minX) == [0, 103, 206, 0, 103, 206])
        #expect(itemFrames(equal).map(\.minY) == [0, 0, 0, 60, 60, 60])
    }

    @Test(arguments: [
        (WaterfallItemRenderDirection.shortestFirst, [0.0, 103, 206, 0, 206], [0.0, 0, 0, 20, 30], 100.0),
        (.leftToRight, [0, 103, 206, 0, 103], [0, 0, 0, 20, 110], 150),
        (.rightToLeft, [206, 103, 0, 206, 103], [0, 0, 0, 20, 110], 150),
    ])
    func eachRenderDirectionPicksItsColumn(
        direction: WaterfallItemRenderDirection, xs: [Double], ys: [Double], contentHeight: Double
    ) throws {
        // Heights 10, 100, 20, 30, 40 in 3 columns of 93. Shortest first: item 3 into column 0
        // (next 20), item 4 into column 2 (next 30); bottoms 60, 110, 80 → content 100.
        // In order: items 3 and 4 go to the first two columns whatever their heights;
        // bottoms 60, 160, 30 → content 150.
        var layout = seedLayout
        layout.itemRenderDirection = direction
        let result = try layout.layout(heights: [[10, 100, 20, 30, 40]])
        #expect(itemFrames(result).map(\.minX) == xs)
        #expect(itemFrames(result).map(\.minY) == ys)
        #expect(result.contentSize.height == contentHeight)
    }

    @Test func headerFooterAndSectionInsetsFollowCHT() throws {
        let configuration = WaterfallLayoutConfiguration(
            sectionInset: EdgeInsets(top: 5, left: 10, bottom: 7, right: 20), headerHeight: 30, footerHeight: 20,
            headerInset: EdgeInsets(top: 2, left: 4, bottom: 3, right: 6),
            footerInset: EdgeInsets(top: 1, left: 8, bottom: 9, right: 0))
        let result = try WaterfallLayout(collectionWidth: 300, configuration: configuration)
            .layout(heights: [[50, 20, 40]])
        // Columns: floor((270 − 10) / 2) = 130 wide at x 10 and 150.
        // Header at y 2, 300 − 10 wide; items from 2 + 30 + 3 + 5 = 40.
        #expect(result.elements.map(\.kind) == [.header, .item, .item, .item, .footer])
        #expect(result.elements[0].frame == Rect(x: 4, y: 2, width: 290, height: 30))
        #expect(itemFrames(result) == [
            Rect(x: 10, y: 40, width: 130, height: 50),
            Rect(x: 150, y: 40, width: 130, height: 20),
            Rect(x: 150, y: 70, width: 130, height: 40),
        ])
        // Longest column 120 − 10 + 7 + 1 = 118; content 118 + 20 + 9.
        #expect(result.elements[4].frame == Rect(x: 8, y: 118, width: 292, height: 20))
        #expect(result.contentSize == Size(width: 300, height: 147))
    }

    @Test func headerAndFooterTopInsetsApplyWithoutAHeaderOrFooter() throws {
        // As in CHT: top insets always count, bottom insets only below a header or footer.
        let configuration = WaterfallLayoutConfiguration(
            headerInset: EdgeInsets(top: 4, bottom: 100), footerInset: EdgeInsets(top: 6, bottom: 100))
        let result = try WaterfallLayout(collectionWidth: 200, configuration: configuration).layout(heights: [[10]])
        #expect(itemFrames(result) == [Rect(x: 0, y: 4, width: 95, height: 10)])
        #expect(result.contentSize.height == 20)  // 4 + 10 + 6
    }

    @Test func sectionsRestartEveryColumnBelowTheLongestOne() throws {
        let second = WaterfallLayoutConfiguration(
            columnCount: 3, minimumColumnSpacing: 5, minimumInteritemSpacing: 4, headerHeight: 10)
        let layout = WaterfallLayout(collectionWidth: 200, sectionConfigurations: [1: second])
        let result = try layout.layout(heights: [[100, 20], [5, 5, 5, 5]])
        // Section 0: 95 wide at 0 and 105; ends at 110 − 10 = 100 (column 1 ends at 30).
        #expect(itemFrames(result, section: 0) == [
            Rect(x: 0, y: 0, width: 95, height: 100), Rect(x: 105, y: 0, width: 95, height: 20),
        ])
        // Section 1: header at 100; floor(190 / 3) = 63 wide at 0, 68, 136, all from 110.
        #expect(result.elements[2] == LayoutElement(
            kind: .header, section: 1, index: 0, frame: Rect(x: 0, y: 100, width: 200, height: 10)))
        #expect(itemFrames(result, section: 1) == [
            Rect(x: 0, y: 110, width: 63, height: 5), Rect(x: 68, y: 110, width: 63, height: 5),
            Rect(x: 136, y: 110, width: 63, height: 5), Rect(x: 0, y: 119, width: 63, height: 5),
        ])
        #expect(result.contentSize.height == 124)  // 128 − 4
    }

    @Test func minimumContentHeightIsAFloorOnly() throws {
        var layout = WaterfallLayout(collectionWidth: 200, minimumContentHeight: 300)
        #expect(try layout.layout(heights: [[50]]).contentSize == Size(width: 200, height: 300))
        #expect(try layout.layout(heights: []).contentSize == Size(width: 200, height: 300))
        layout.minimumContentHeight = 10
        #expect(try layout.layout(heights: [[50]]).contentSize == Size(width: 200, height: 50))
        let nothing = try WaterfallLayout(collectionWidth: 200).layout(heights: [])
        #expect(nothing == LayoutResult(elements: [], contentSize: Size(width: 200, height: 0)))
    }

    @Test func columnWidthsAndScaledHeightsAreFlooredToThePixelGrid() throws {
        // 100 wide, 3 columns, spacing 10: 80 / 3 = 26.67 → 26 @1x, 26.5 @2x, 80/3 @3x.
        // A 3×1 reference: 26/3 = 8.67 → 8; 26.5/3 = 8.83 → 8.5; 80/9 = 8.89 → 26/3.
        let configuration = WaterfallLayoutConfiguration(columnCount: 3)
        let cases: [(scale: Double, width: Double, height: Double)] = [
            (1, 26, 8), (2, 26.5, 8.5), (3, 80.0 / 3, 26.0 / 3),
        ]
        for (scale, width, height) in cases {
            let layout = WaterfallLayout(collectionWidth: 100, configuration: configuration, displayScale: scale)
            #expect(try layout.columnWidth(forSection: 0) == width)
            let frames = itemFrames(try layout.layout(referenceSizes: [[Size(width: 3, height: 1)]]))
            #expect(frames.map(\.size) == [Size(width: width, height: height)])
        }
        // @2x: a 200×300 reference → 300 × 26.5 / 200 = 39.75 → 39.5; columns at 0, 36.5, 73.
        let retina = WaterfallLayout(collectionWidth: 100, configuration: configuration, displayScale: 2)
        let tall = Array(repeating: Size(width: 200, height: 300), count: 3)
        let frames = itemFrames(try retina.layout(referenceSizes: [tall]))
        #expect(frames.map(\.height) == [39.5, 39.5, 39.5])
        #expect(frames.map(\.minX) == [0, 36.5, 73])
        // Self-sized heights are not rounded.
        #expect(itemFrames(try retina.layout(heights: [[10.3]])).map(\.height) == [10.3])
    }

    @Test func anEmptySectionsFooterStaysBelowItsHeader() throws {
        // CHT: 30 + 5 − 10 + 7 = 32, inside the header's band when the insets are small.
        // Here: the items would start at 35; no items, so the footer is at 35 + 7 = 42.
        let configuration = WaterfallLayoutConfiguration(
            sectionInset: EdgeInsets(top: 5, bottom: 7), headerHeight: 30, footerHeight: 20)
        let layout = WaterfallLayout(collectionWidth: 300, configuration: configuration)
        let result = try layout.layout(heights: [[]])
        #expect(result.elements.map(\.kind) == [.header, .footer])
        #expect(result.elements[1].frame == Rect(x: 0, y: 42, width: 300, height: 20))
        #expect(result.contentSize.height == 62)
        // Without insets CHT's footer would start 10 above the header's bottom; here it touches it.
        let bare = try WaterfallLayout(
            collectionWidth: 300, configuration: WaterfallLayoutConfiguration(headerHeight: 30, footerHeight: 20))
            .layout(heights: [[], [15]])
        // Section 1 starts at 50: header to 80, its item to 95, footer to 115.
        #expect(bare.elements.map(\.kind) == [.header, .footer, .header, .item, .footer])
        #expect(bare.elements.map(\.frame.minY) == [0, 30, 50, 80, 95])
        #expect(bare.contentSize.height == 115)
    }

    @Test func columnWidthFollowsTheSectionsOwnOptions() throws {
        // Section 1: 375 − 16 = 359; (359 − 2 × 8) / 3 = 114.33 → 114. Others: 365 / 2 = 182.5.
        let override = WaterfallLayoutConfiguration(
            columnCount: 3, minimumColumnSpacing: 8, sectionInset: EdgeInsets(all: 8))
        let layout = WaterfallLayout(collectionWidth: 375, sectionConfigurations: [1: override])
        #expect(layout.configuration(forSection: 1) == override)
        #expect(layout.configuration(forSection: 2) == WaterfallLayoutConfiguration())
        #expect(try layout.columnWidth(forSection: 0) == 182)
        #expect(try layout.columnWidth(forSection: 1) == 114)
        var retina = layout
        retina.displayScale = 2
        #expect(try retina.columnWidth(forSection: 0) == 182.5)
    }

    @Test func invalidOptionsAreRejectedWithTheirSectionNamed() {
        let noColumns = #expect(throws: CollectionLayoutError.self) {
            try WaterfallLayout(
                collectionWidth: 300, sectionConfigurations: [1: WaterfallLayoutConfiguration(columnCount: 0)]
            ).layout(heights: [[], []])
        }
        #expect(noColumns?.description.hasPrefix("section 1 columnCount:") == true)
        let tooMany = #expect(throws: CollectionLayoutError.self) {
            try WaterfallLayout(collectionWidth: 300, configuration: WaterfallLayoutConfiguration(columnCount: 40))
                .columnWidth(forSection: 0)  // 39 gaps of 10 exceed 300
        }
        #expect(tooMany?.description.hasPrefix("section 0 columnCount:") == true)
        let wideInsets = #expect(throws: CollectionLayoutError.self) {
            let insets = EdgeInsets(left: 150, right: 150)
            return try WaterfallLayout(
                collectionWidth: 300, configuration: WaterfallLayoutConfiguration(headerHeight: 10, headerInset: insets)
            ).layout(heights: [[]])
        }
        #expect(wideInsets?.description.hasPrefix("section 0 headerInset:") == true)
        let negative = #expect(throws: CollectionLayoutError.self) {
            let configuration = WaterfallLayoutConfiguration(minimumInteritemSpacing: -1)
            return try WaterfallLayout(collectionWidth: 300, configuration: configuration).layout(heights: [[]])
        }
        #expect(negative?.description.hasPrefix("section 0 minimumInteritemSpacing:") == true)
        #expect(throws: CollectionLayoutError.self) { try WaterfallLayout(collectionWidth: 0).layout(heights: []) }
        #expect(throws: CollectionLayoutError.self) {
            try WaterfallLayout(collectionWidth: 300, displayScale: 0).layout(heights: [])
        }
        #expect(throws: CollectionLayoutError.self) {
            try WaterfallLayout(collectionWidth: 300, minimumContentHeight: -.infinity).layout(heights: [])
        }
    }

    @Test func invalidItemsAreReportedWithTheirPlace() {
        let layout = seedLayout
        let negativeHeight = CollectionLayoutError.invalidItemSize(
            section: 1, index: 1, size: Size(width: 93, height: -1))
        #expect(throws: negativeHeight) {
            try layout.layout(heights: [[10], [10, -1]])
        }
        let infinite = Size(width: 10, height: .infinity)
        #expect(throws: CollectionLayoutError.invalidItemSize(section: 0, index: 2, size: infinite)) {
            try layout.layout(referenceSizes: [[.zero, Size(width: -0.0, height: 5), infinite]])
        }
        let negativeWidth = Size(width: -5, height: 5)
        #expect(throws: CollectionLayoutError.invalidItemSize(section: 0, index: 0, size: negativeWidth)) {
            try layout.layout(referenceSizes: [[negativeWidth]])
        }
        let tooTall = Size(width: 1e-300, height: 1e300)  // the ratio overflows to infinity
        #expect(throws: CollectionLayoutError.invalidItemSize(section: 0, index: 0, size: tooTall)) {
            try layout.layout(referenceSizes: [[tooTall]])
        }
    }
}
