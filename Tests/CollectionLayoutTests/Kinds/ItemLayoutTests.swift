// ItemLayout is each layout it names, configured from its common options.
import CollectionLayout
import Geometry
import Testing

@Suite struct ItemLayoutTests {
    let heights = (0..<120).map { 150 + Double(($0 * 37) % 120) }

    @Test func waterfallIsTheWaterfallLayoutItDescribes() throws {
        let layout = ItemLayout(kind: .waterfall, collectionWidth: 414, displayScale: 2, columns: 3, itemSpacing: 6, lineSpacing: 9,
                                insets: EdgeInsets(all: 4))
        let direct = WaterfallLayout(
            collectionWidth: 414,
            configuration: WaterfallLayoutConfiguration(
                columnCount: 3, minimumColumnSpacing: 6, minimumInteritemSpacing: 9, sectionInset: EdgeInsets(all: 4)),
            displayScale: 2)
        #expect(try layout.layout(heights: heights) == direct.layout(heights: [heights]))
        #expect(try layout.itemWidth() == direct.columnWidth(forSection: 0))
    }

    @Test func gridCellsAreTheGridColumnsWidth() throws {
        let layout = ItemLayout(kind: .grid, collectionWidth: 414, displayScale: 2, columns: 3, insets: EdgeInsets(all: 8))
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
            try ItemLayout(kind: .tagFlow).layout(heights: [1, 2])
        }
        #expect(throws: CollectionLayoutError.self) { try ItemLayout(kind: .compositional).itemWidth() }
        do {
            _ = try ItemLayout(kind: .waterfall).layout(heights: [1, .nan])
            Issue.record("a NaN height was laid out")
        } catch .invalidValue(let field, _) {
            #expect(field == "heights[1]")
        }
        do {
            _ = try ItemLayout(kind: .tagFlow).layout(heights: [1, 2], widths: [3])
            Issue.record("widths of another count were laid out")
        } catch .invalidValue(let field, _) {
            #expect(field == "widths")
        }
    }

    @Test func compositionalPanelsAreFractionsOfTheContainer() throws {
        let result = try ItemLayout(kind: .compositional, collectionWidth: 390, collectionHeight: 800).layout(heights: heights)
        #expect(result.elements.count == heights.count)
        // The preset's first section: a large panel two thirds wide, 0.4 of the container tall.
        #expect(result.elements[0].frame == Rect(x: 0, y: 0, width: 260, height: 320))
    }
}
