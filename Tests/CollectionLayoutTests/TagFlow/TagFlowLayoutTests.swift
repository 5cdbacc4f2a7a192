// Tag flow layout on small inputs whose frames were worked out by hand.

import CollectionLayout
import Geometry
import Testing

@Suite struct TagFlowLayoutTests {
    /// Seed 000 in a 200-point collection: 180 between the insets. Widths 50, 60, 40 fill
    /// 50 + 10 + 60 + 10 + 40 = 170 (70 + 10 more does not fit in the 10 left); 70, 30 fill
    /// 110 (100 + 10 does not fit in the 70 left); 100 is the last row.
    private let seedWidths: [Double] = [50, 60, 40, 70, 30, 100]

    @Test func seed000LeftAlignsEveryRowWithExactGaps() throws {
        let layout = TagFlowLayout(collectionWidth: 200, configuration: TagFlowFixtures.seed000())
        let result = try layout.layout([TagFlowFixtures.tags(seedWidths)])
        #expect(TagFlowFixtures.origins(result) == [
            Point(x: 10, y: 10), Point(x: 70, y: 10), Point(x: 140, y: 10),
            Point(x: 10, y: 50), Point(x: 90, y: 50),
            Point(x: 10, y: 90),
        ])
        #expect(result.elements.map(\.frame.size) == TagFlowFixtures.tags(seedWidths))
        #expect(result.contentSize == Size(width: 200, height: 130))  // 90 + 30 + 10
    }

    /// Leftovers 10, 70, 80 for the three rows: right shifts by all of it, centre by half;
    /// justified widens full rows' gaps by leftover / (k - 1) and leaves the last row alone.
    @Test(arguments: [
        (TagFlowHorizontalAlignment.right, [20.0, 80, 150, 80, 160, 90]),
        (.center, [15, 75, 145, 45, 125, 50]),
        (.justified, [10, 75, 150, 10, 160, 10]),
        (.left, [10, 70, 140, 10, 90, 10]),
    ])
    func rowsFollowTheHorizontalAlignment(alignment: TagFlowHorizontalAlignment, xs: [Double]) throws {
        let layout = TagFlowLayout(collectionWidth: 200, configuration: TagFlowFixtures.seed000(horizontal: alignment))
        let result = try layout.layout([TagFlowFixtures.tags(seedWidths)])
        #expect(TagFlowFixtures.origins(result).map(\.x) == xs)
        #expect(TagFlowFixtures.origins(result).map(\.y) == [10, 10, 10, 50, 50, 90])
    }

    @Test func aJustifiedLoneTagIsCentredUnlessItIsTheLastRow() throws {
        // 20 + 10 does not fit beside 170 (10 left): 170 is alone, centred in 180.
        let layout = TagFlowLayout(collectionWidth: 200, configuration: TagFlowFixtures.seed000(horizontal: .justified))
        let result = try layout.layout([TagFlowFixtures.tags([170, 20])])
        #expect(TagFlowFixtures.origins(result) == [Point(x: 15, y: 10), Point(x: 10, y: 50)])
    }

    /// Row 1 holds 50×20, 60×40, 40×30 (170 wide) and is 40 tall; 100 wraps to y 10 + 40 + 10.
    @Test(arguments: [
        (FlowVerticalAlignment.top, [10.0, 10, 10, 60]),
        (.center, [20, 10, 15, 60]),
        (.bottom, [30, 10, 20, 60]),
    ])
    func shorterTagsFollowTheVerticalAlignment(alignment: FlowVerticalAlignment, ys: [Double]) throws {
        let tags = [
            Size(width: 50, height: 20), Size(width: 60, height: 40), Size(width: 40, height: 30),
            Size(width: 100, height: 30),
        ]
        let layout = TagFlowLayout(collectionWidth: 200, configuration: TagFlowFixtures.seed000(vertical: alignment))
        let result = try layout.layout([tags])
        #expect(TagFlowFixtures.origins(result).map(\.y) == ys)
        #expect(TagFlowFixtures.origins(result).map(\.x) == [10, 70, 140, 10])
        #expect(result.contentSize.height == 100)  // 60 + 30 + 10
    }

    @Test func eachSectionUsesItsOwnInsetsAndSpacings() throws {
        // Section 1: 200 - 20 - 30 = 150 wide; 60 + 4 + 50 = 114, 40 + 4 does not fit in 36.
        let override = TagFlowConfiguration(
            sectionInset: EdgeInsets(top: 5, left: 20, bottom: 15, right: 30), interitemSpacing: 4,
            minimumLineSpacing: 6)
        let layout = TagFlowLayout(
            collectionWidth: 200, configuration: TagFlowFixtures.seed000(), sectionConfigurations: [1: override])
        let result = try layout.layout([
            TagFlowFixtures.tags([50]), TagFlowFixtures.tags([60, 50, 40], height: 20), TagFlowFixtures.tags([30]),
        ])
        #expect(TagFlowFixtures.origins(result, section: 0) == [Point(x: 10, y: 10)])  // ends at 50
        #expect(TagFlowFixtures.origins(result, section: 1) == [
            Point(x: 20, y: 55), Point(x: 84, y: 55), Point(x: 20, y: 81),  // ends at 81 + 20 + 15 = 116
        ])
        #expect(TagFlowFixtures.origins(result, section: 2) == [Point(x: 10, y: 126)])
        #expect(result.contentSize.height == 166)
    }

    @Test func headersAndFootersSpanTheWidthWithoutLineSpacing() throws {
        let configuration = TagFlowFixtures.seed000(headerHeight: 44, footerHeight: 30)
        let layout = TagFlowLayout(collectionWidth: 200, configuration: configuration)
        let result = try layout.layout([TagFlowFixtures.tags([50, 160]), []])
        #expect(TagFlowFixtures.kinds(result) == [
            "header 0 0", "item 0 0", "item 0 1", "footer 0 0", "header 1 0", "footer 1 0",
        ])
        #expect(result.elements.map(\.frame) == [
            Rect(x: 0, y: 0, width: 200, height: 44),
            Rect(x: 10, y: 54, width: 50, height: 30),
            Rect(x: 10, y: 94, width: 160, height: 30),  // 160 + 10 does not fit beside 50
            Rect(x: 0, y: 134, width: 200, height: 30),  // 124 + 10
            Rect(x: 0, y: 164, width: 200, height: 44),
            Rect(x: 0, y: 228, width: 200, height: 30),  // 208 + 10 + 10
        ])
        #expect(result.contentSize == Size(width: 200, height: 258))
    }

    @Test(arguments: TagFlowHorizontalAlignment.allCases)
    func aTagWiderThanTheInsetsIsClampedToARowOfItsOwn(alignment: TagFlowHorizontalAlignment) throws {
        let layout = TagFlowLayout(collectionWidth: 200, configuration: TagFlowFixtures.seed000(horizontal: alignment))
        let result = try layout.layout([TagFlowFixtures.tags([250, 20])])
        #expect(result.elements.map(\.frame).first == Rect(x: 10, y: 10, width: 180, height: 30))
        #expect(TagFlowFixtures.origins(result).map(\.y) == [10, 50])
    }

    @Test func noSectionsGiveAnEmptyResult() throws {
        let result = try TagFlowLayout(collectionWidth: 320).layout([])
        #expect(result == LayoutResult(elements: [], contentSize: Size(width: 320, height: 0)))
    }

    @Test func invalidOptionsAndSizesAreRejectedWithTheirPlace() {
        let seed = TagFlowFixtures.seed000()
        var negativeSpacing = seed
        negativeSpacing.interitemSpacing = -1
        #expect {
            try TagFlowLayout(collectionWidth: 200, configuration: seed, sectionConfigurations: [1: negativeSpacing])
                .layout([[], []])
        } throws: { error in
            guard case .invalidValue(let field, _) = error as? CollectionLayoutError else { return false }
            return field == "section 1 interitemSpacing"
        }
        #expect(throws: CollectionLayoutError.invalidItemSize(
            section: 0, index: 2, size: Size(width: -1, height: 30))) {
            try TagFlowLayout(collectionWidth: 200, configuration: seed).layout([TagFlowFixtures.tags([50, 60, -1])])
        }
        #expect(throws: CollectionLayoutError.invalidItemSize(
            section: 0, index: 0, size: Size(width: .infinity, height: 30))) {
            try TagFlowLayout(collectionWidth: 200, configuration: seed).layout([TagFlowFixtures.tags([.infinity])])
        }
        #expect(throws: CollectionLayoutError.self) {
            try TagFlowLayout(collectionWidth: 20, configuration: seed).layout([[]])  // insets leave no width
        }
        #expect(throws: CollectionLayoutError.self) {
            try TagFlowLayout(collectionWidth: 0).layout([])
        }
    }
}
