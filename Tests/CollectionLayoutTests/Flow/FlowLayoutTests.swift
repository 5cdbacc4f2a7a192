// Flow layout on small inputs whose frames were worked out by hand.

import CollectionLayout
import Geometry
import Testing

@Suite struct FlowLayoutTests {
    private func sizes(_ widths: [Double], height: Double = 40) -> [Size] {
        widths.map { Size(width: $0, height: height) }
    }

    private func origins(_ result: LayoutResult, section: Int = 0) -> [Point] {
        result.elements.filter { $0.kind == .item && $0.section == section }.map(\.frame.origin)
    }

    /// Width 300, insets 10 left and right, spacing 10, line spacing 20.
    private var insetConfiguration: FlowLayoutConfiguration {
        FlowLayoutConfiguration(
            sectionInset: EdgeInsets(top: 5, left: 10, bottom: 7, right: 10), minimumInteritemSpacing: 10,
            minimumLineSpacing: 20)
    }

    @Test func fullRowsAreJustifiedAndTheLastRowIsLeftAligned() throws {
        // 280 available: 80 + (10 + 80) + (10 + 80) = 260, a fourth 80 needs 90 of the 20 left.
        // Leftover 20 over 2 gaps: gaps of 20, so the row ends at 290 = 300 - 10.
        let layout = FlowLayout(collectionWidth: 300, configuration: insetConfiguration)
        let result = try layout.layout([sizes([80, 80, 80, 80, 50])])
        #expect(origins(result) == [
            Point(x: 10, y: 5), Point(x: 110, y: 5), Point(x: 210, y: 5),
            Point(x: 10, y: 65), Point(x: 100, y: 65),
        ])
        #expect(result.contentSize == Size(width: 300, height: 112))  // 65 + 40 + 7
    }

    @Test func aLoneItemInAFullRowIsCentredButNotInTheLastRow() throws {
        let layout = FlowLayout(collectionWidth: 300)  // no insets, spacings 10
        // 150 + 10 does not fit beside 200: the 200 is alone, centred in 300.
        let threeItems = try layout.layout([sizes([200, 150, 50])])
        #expect(origins(threeItems) == [Point(x: 50, y: 0), Point(x: 0, y: 50), Point(x: 160, y: 50)])
        let twoItems = try layout.layout([sizes([200, 150])])
        #expect(origins(twoItems) == [Point(x: 50, y: 0), Point(x: 0, y: 50)])
        let oneItem = try layout.layout([sizes([200])])
        #expect(origins(oneItem) == [Point(x: 0, y: 0)])
    }

    @Test(arguments: [
        (FlowVerticalAlignment.center, [0.0, 10, 5]), (.top, [0, 0, 0]), (.bottom, [0, 20, 10]),
    ])
    func shorterItemsFollowTheVerticalAlignment(alignment: FlowVerticalAlignment, offsets: [Double]) throws {
        let items = [Size(width: 50, height: 40), Size(width: 50, height: 20), Size(width: 50, height: 30)]
        let layout = FlowLayout(
            collectionWidth: 300,
            configuration: FlowLayoutConfiguration(sectionInset: EdgeInsets(top: 4), verticalAlignment: alignment))
        let result = try layout.layout([items])
        #expect(origins(result).map(\.y) == offsets.map { 4 + $0 })
        #expect(origins(result).map(\.x) == [0, 60, 120])
        #expect(result.contentSize.height == 44)
    }

    @Test func sectionsStackWithHeadersFootersAndInsetsButNoLineSpacingAroundThem() throws {
        var first = insetConfiguration
        first.headerHeight = 30
        first.footerHeight = 20
        let second = FlowLayoutConfiguration(sectionInset: EdgeInsets(top: 3))
        let layout = FlowLayout(collectionWidth: 300, configuration: first, sectionConfigurations: [1: second])
        let result = try layout.layout([sizes([80, 80, 80, 80, 50]), [Size(width: 100, height: 25)]])

        #expect(result.elements.map(\.kind) == [.header, .item, .item, .item, .item, .item, .footer, .item])
        #expect(result.elements.map(\.section) == [0, 0, 0, 0, 0, 0, 0, 1])
        #expect(result.elements.map(\.index) == [0, 0, 1, 2, 3, 4, 0, 0])
        #expect(result.elements[0].frame == Rect(x: 0, y: 0, width: 300, height: 30))
        // Rows at 30 + 5 and 35 + 40 + 20; the footer at 95 + 40 + 7.
        #expect(origins(result).map(\.y) == [35, 35, 35, 95, 95])
        #expect(result.elements[6].frame == Rect(x: 0, y: 142, width: 300, height: 20))
        // Section 1 starts right below the footer, after its own top inset of 3.
        #expect(result.elements[7].frame == Rect(x: 0, y: 165, width: 100, height: 25))
        #expect(result.contentSize == Size(width: 300, height: 190))
    }

    @Test func anEmptySectionKeepsItsHeaderInsetsAndFooter() throws {
        var configuration = insetConfiguration
        configuration.headerHeight = 30
        configuration.footerHeight = 20
        let result = try FlowLayout(collectionWidth: 300, configuration: configuration).layout([[]])
        #expect(result.elements.map(\.kind) == [.header, .footer])
        #expect(result.elements[1].frame.minY == 42)  // 30 + 5 + 7
        #expect(result.contentSize.height == 62)
        let nothing = try FlowLayout(collectionWidth: 300).layout([])
        #expect(nothing == LayoutResult(elements: [], contentSize: Size(width: 300, height: 0)))
    }

    @Test func gridAlignedLastRowLinesUpWithTheColumnsAbove() throws {
        // 330 available: three 100s leave 10, gaps 15: columns at 10, 125, 240.
        var configuration = FlowLayoutConfiguration(sectionInset: EdgeInsets(left: 10, right: 10))
        let items = sizes(Array(repeating: 100, count: 5), height: 50)
        let leftAligned = try FlowLayout(collectionWidth: 350, configuration: configuration).layout([items])
        #expect(origins(leftAligned).map(\.x) == [10, 125, 240, 10, 120])
        configuration.lastRowAlignment = .gridAligned
        let gridAligned = try FlowLayout(collectionWidth: 350, configuration: configuration).layout([items])
        #expect(origins(gridAligned).map(\.x) == [10, 125, 240, 10, 125])
    }

    @Test func gridAlignedLastRowCentresALoneItemLikeTheRowsAbove() throws {
        // One 100 per 150-wide row: every full row centres it at 25.
        var configuration = FlowLayoutConfiguration()
        configuration.lastRowAlignment = .gridAligned
        let items = sizes([100, 100, 100])
        let result = try FlowLayout(collectionWidth: 150, configuration: configuration).layout([items])
        #expect(origins(result).map(\.x) == [25, 25, 25])
    }

    @Test func seed004GridJustifiesTheOddPointAndLeavesTheLastCardLeft() throws {
        // 414 wide, insets 8: 398 available; three 127s + 2 × 8 = 397, gaps 8.5.
        let grid = try GridColumns.forColumnCount(
            3, collectionWidth: 414, insets: EdgeInsets(all: 8), interitemSpacing: 8)
        let cards = Array(repeating: Size(width: grid.cellWidth, height: 240), count: 7)
        let configuration = FlowLayoutConfiguration(sectionInset: EdgeInsets(all: 8), minimumInteritemSpacing: 8)
        let result = try FlowLayout(collectionWidth: 414, configuration: configuration).layout([cards])
        #expect(origins(result).map(\.x) == [8, 143.5, 279, 8, 143.5, 279, 8])
        #expect(origins(result).map(\.y) == [8, 8, 8, 258, 258, 258, 508])
        #expect(result.contentSize.height == 756)  // 508 + 240 + 8
    }

    @Test func displayScaleRoundsPositionsToPixels() throws {
        // Four 22.5s in 100 leave 10 over 3 gaps: x = 0, 25.83, 51.67, 77.5.
        let configuration = FlowLayoutConfiguration(minimumInteritemSpacing: 0)
        let items = sizes(Array(repeating: 22.5, count: 5), height: 10)
        let exact = try FlowLayout(collectionWidth: 100, configuration: configuration).layout([items])
        #expect(abs(origins(exact)[1].x - (22.5 + 10.0 / 3)) < 1e-9)
        let rounded = try FlowLayout(collectionWidth: 100, configuration: configuration, displayScale: 2)
            .layout([items])
        #expect(origins(rounded).map(\.x) == [0, 26, 51.5, 77.5, 0])
    }

    @Test func configurationForSectionPrefersTheOverride() {
        let override = FlowLayoutConfiguration(minimumLineSpacing: 3)
        let layout = FlowLayout(collectionWidth: 300, sectionConfigurations: [2: override])
        #expect(layout.configuration(forSection: 2) == override)
        #expect(layout.configuration(forSection: 1) == FlowLayoutConfiguration())
    }

    @Test func itemsWiderThanTheSectionAreReportedWithTheirPlace() {
        let layout = FlowLayout(
            collectionWidth: 100, configuration: FlowLayoutConfiguration(sectionInset: EdgeInsets(left: 10, right: 10)))
        let tooWide = CollectionLayoutError.itemWiderThanSection(
            section: 1, index: 2, itemWidth: 81, availableWidth: 80)
        #expect(throws: tooWide) {
            try layout.layout([sizes([80]), sizes([10, 20, 81])])
        }
    }

    @Test func invalidInputIsRejected() {
        let layout = FlowLayout(collectionWidth: 100)
        let badSize = Size(width: -1, height: 10)
        #expect(throws: CollectionLayoutError.invalidItemSize(section: 0, index: 1, size: badSize)) {
            try layout.layout([[Size(width: 10, height: 10), badSize]])
        }
        #expect(throws: CollectionLayoutError.self) {
            let insets = EdgeInsets(left: 60, right: 40)
            return try FlowLayout(collectionWidth: 100, configuration: FlowLayoutConfiguration(sectionInset: insets))
                .layout([[]])
        }
        let negativeSpacing = #expect(throws: CollectionLayoutError.self) {
            let negative = FlowLayoutConfiguration(minimumLineSpacing: -1)
            return try FlowLayout(collectionWidth: 100, sectionConfigurations: [1: negative]).layout([[], []])
        }
        #expect(negativeSpacing?.description.hasPrefix("section 1 minimumLineSpacing:") == true)
        #expect(throws: CollectionLayoutError.self) { try FlowLayout(collectionWidth: .infinity).layout([]) }
        #expect(throws: CollectionLayoutError.self) { try FlowLayout(collectionWidth: 100, displayScale: 0).layout([]) }
    }

    /// Finite is not enough: a spacing or header of 1e308 would make the content height
    /// infinite, so every length is capped at ``LengthRange/maximum``.
    @Test func lengthsPastTheMaximumAreRejectedByName() {
        let huge = #expect(throws: CollectionLayoutError.self) {
            try FlowLayout(collectionWidth: 100, configuration: FlowLayoutConfiguration(minimumLineSpacing: 1e308)).layout([[]])
        }
        #expect(huge?.description == "section 0 minimumLineSpacing: must be a number from 0 up to 1000000, got 1e+308")
        #expect(throws: CollectionLayoutError.invalidValue(
            field: "minimumContentHeight", reason: "must be a number from 0 up to 1000000, got 1e+300")
        ) {
            try WaterfallLayout(collectionWidth: 100, minimumContentHeight: 1e300).layout(heights: [[10]])
        }
    }
}
