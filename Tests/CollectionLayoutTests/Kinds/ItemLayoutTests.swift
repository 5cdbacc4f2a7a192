// ItemLayout is each layout it names, configured from its common options.
import CollectionLayout
import Geometry
import Testing

@Suite struct ItemLayoutTests {
    let heights = (0..<120).map { 150 + Double(($0 * 37) % 120) }

    /// A layout of `kind` with the options a test does not care about set to plain values.
    func layout(
        _ kind: ItemLayout.Kind, width: Double = 414, height: Double = 896, scale: Double = 2, columns: Int = 3,
        columnGap: Double = 8, rowGap: Double = 8, insets: EdgeInsets = .zero
    ) -> ItemLayout {
        ItemLayout(
            kind: kind, collectionWidth: width, collectionHeight: height, displayScale: scale, columns: columns,
            columnGap: columnGap, rowGap: rowGap, insets: insets)
    }

    @Test func waterfallIsTheWaterfallLayoutItDescribes() throws {
        let layout = self.layout(.waterfall, columnGap: 6, rowGap: 9, insets: EdgeInsets(all: 4))
        let direct = WaterfallLayout(
            collectionWidth: 414,
            configuration: WaterfallLayoutConfiguration(
                columnCount: 3, minimumColumnSpacing: 6, minimumInteritemSpacing: 9, sectionInset: EdgeInsets(all: 4)),
            displayScale: 2)
        #expect(try layout.layout(heights: heights) == direct.layout(heights: [heights]))
        #expect(try layout.itemWidth() == direct.columnWidth(forSection: 0))
    }

    @Test func waterfallSectionsAreTheWaterfallLayoutsSectionsWithHeadersAndFooters() throws {
        var layout = self.layout(.waterfall)
        (layout.sectionSize, layout.headerHeight, layout.footerHeight) = (50, 20, 10)
        let direct = WaterfallLayout(
            collectionWidth: 414,
            configuration: WaterfallLayoutConfiguration(
                columnCount: 3, minimumColumnSpacing: 8, minimumInteritemSpacing: 8, headerHeight: 20, footerHeight: 10),
            displayScale: 2)
        let result = try layout.layout(heights: heights)
        #expect(result == (try direct.layout(heights: [Array(heights[0..<50]), Array(heights[50..<100]), Array(heights[100...])])))
        #expect(result.elements.filter { $0.kind == .header }.count == 3)
    }

    @Test func sectionsNeedAnItemAndHeadersAFiniteHeight() {
        var layout = self.layout(.grid)
        layout.sectionSize = 0
        #expect(throws: CollectionLayoutError.invalidValue(field: "sectionSize", reason: "must be at least 1, got 0")) {
            try layout.layout(heights: heights)
        }
        layout.sectionSize = nil
        layout.footerHeight = -.infinity
        #expect(throws: CollectionLayoutError.self) { try layout.layout(heights: heights) }
        var compositional = self.layout(.compositional)
        compositional.headerHeight = 44
        #expect(throws: CollectionLayoutError.self) { try compositional.layout(heights: heights) }
    }

    @Test func gridCellsAreTheGridColumnsWidth() throws {
        let layout = self.layout(.grid, insets: EdgeInsets(all: 8))
        let cell = try GridColumns.forColumnCount(3, collectionWidth: 414, insets: EdgeInsets(all: 8), interitemSpacing: 8, displayScale: 2)
        #expect(try layout.itemWidth() == cell.cellWidth)
        let result = try layout.layout(heights: heights)
        #expect(result.elements.allSatisfy { $0.frame.size.width == cell.cellWidth })
        // Three 127 pt cells in 398 pt: full rows spread the 1 pt left over between their
        // gaps, the last row keeps the minimum spacing (as UICollectionViewFlowLayout).
        #expect(Set(result.elements.dropLast(3).map(\.frame.origin.x)) == [8, 143.5, 279])
        #expect(result.elements.suffix(3).map(\.frame.origin.x) == [8, 143, 278])
    }

    @Test func badInputNamesItsField() throws {
        #expect(throws: CollectionLayoutError.invalidValue(field: "widths", reason: "tag flow needs each item's width")) {
            try layout(.tagFlow).layout(heights: [1, 2])
        }
        #expect(throws: CollectionLayoutError.self) { try layout(.compositional).itemWidth() }
        do {
            _ = try layout(.waterfall).layout(heights: [1, .nan])
            Issue.record("a NaN height was laid out")
        } catch .invalidValue(let field, _) {
            #expect(field == "heights[1]")
        }
        do {
            _ = try layout(.tagFlow).layout(heights: [1, 2], widths: [3])
            Issue.record("widths of another count were laid out")
        } catch .invalidValue(let field, _) {
            #expect(field == "widths")
        }
    }

    @Test func compositionalPanelsAreFractionsOfTheContainer() throws {
        let result = try layout(.compositional, width: 390, height: 800).layout(heights: heights)
        #expect(result.elements.count == heights.count)
        // The preset's first section: a large panel two thirds wide, 0.4 of the container tall.
        #expect(result.elements[0].frame == Rect(x: 0, y: 0, width: 260, height: 320))
    }
}
