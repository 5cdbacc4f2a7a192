// Cell widths from a column count (seed 004) and from a minimum width (seed 001).

import CatalogGenerator
import CollectionLayout
import Geometry
import Testing

@Suite struct GridColumnsTests {
    /// Seed 001's published table (minimum 100, spacing 5, left/right inset 5), with the
    /// column counts worked out by hand from its formula.
    @Test(arguments: [(320.0, 100.0, 3), (375.0, 118.0, 3), (428.0, 100.0, 4), (1024.0, 108.0, 9)])
    func fillingRowReproducesSeed001(collectionWidth: Double, cellWidth: Double, columnCount: Int) throws {
        let grid = try GridColumns.fillingRow(
            minimumCellWidth: 100, collectionWidth: collectionWidth, insets: EdgeInsets(left: 5, right: 5),
            interitemSpacing: 5)
        #expect(grid.cellWidth == cellWidth)
        #expect(grid.columnCount == columnCount)
    }

    /// The seed's recursion, written out literally, as an oracle for random inputs.
    private func seed001CellWidth(width: Double, inset: Double, minimum: Double, spacing: Double) -> Double {
        let widthWithoutMargin = width - inset * 2
        var count = (widthWithoutMargin / minimum).rounded(.down)
        while widthWithoutMargin - minimum * count - spacing * (count - 1) < 0 { count -= 1 }
        let remaining = widthWithoutMargin - minimum * count - spacing * (count - 1)
        return minimum + (remaining / count).rounded(.down)
    }

    @Test func fillingRowAgreesWithTheSeedsRecursionOnRandomInputs() throws {
        var random = SplitMix64(seed: 1)
        for _ in 0..<2_000 {
            let width = random.gridValue(in: 200...2_000)
            let inset = random.gridValue(in: 0...40)
            let minimum = random.gridValue(in: 20...150)
            let spacing = random.gridValue(in: 0...30)
            guard width - 2 * inset >= minimum else { continue }
            let grid = try GridColumns.fillingRow(
                minimumCellWidth: minimum, collectionWidth: width, insets: EdgeInsets(left: inset, right: inset),
                interitemSpacing: spacing)
            #expect(grid.cellWidth == seed001CellWidth(width: width, inset: inset, minimum: minimum, spacing: spacing))
        }
    }

    @Test func fillingRowNeverOverfillsTheRow() throws {
        var random = SplitMix64(seed: 2)
        for _ in 0..<2_000 {
            // Half points keep every sum exact, so the boundary cases compare exactly.
            let width = random.gridValue(in: 100...3_000, scale: 2)
            let minimum = random.gridValue(in: 1...300, scale: 2)
            let spacing = random.gridValue(in: 0...20, scale: 2)
            let grid = try GridColumns.fillingRow(
                minimumCellWidth: minimum, collectionWidth: width, interitemSpacing: spacing, displayScale: 2)
            let rowWidth = grid.cellWidth * Double(grid.columnCount) + spacing * Double(grid.columnCount - 1)
            #expect(rowWidth <= width)
            // One more column of the minimum width would not have fitted.
            if grid.cellWidth >= minimum {
                #expect(minimum * Double(grid.columnCount + 1) + spacing * Double(grid.columnCount) > width)
            }
        }
    }

    @Test func fillingRowFloorsTheExtraWidthToTheDisplayScale() throws {
        // 375: W' = 365, 3 columns leave 55, 55 / 3 = 18.33…
        func cellWidth(scale: Double) throws -> Double {
            try GridColumns.fillingRow(
                minimumCellWidth: 100, collectionWidth: 375, insets: EdgeInsets(left: 5, right: 5),
                interitemSpacing: 5, displayScale: scale
            ).cellWidth
        }
        #expect(try cellWidth(scale: 2) == 118)
        #expect(abs(try cellWidth(scale: 3) - (100 + 55.0 / 3)) < 1e-9)
    }

    @Test func fillingRowGivesOneFullWidthColumnWhenTheMinimumDoesNotFit() throws {
        // W' = 100 - 10 = 90 < 120.
        let grid = try GridColumns.fillingRow(
            minimumCellWidth: 120, collectionWidth: 100, insets: EdgeInsets(left: 5, right: 5), interitemSpacing: 5)
        #expect(grid.columnCount == 1)
        #expect(grid.cellWidth == 90)
    }

    @Test func fillingRowHandlesTinyMinimums() throws {
        // 667 × 0.5 + 666 × 1 = 999.5 fits in 1000, 668 × 0.5 + 667 = 1001 does not;
        // the extra floor(0.5 / 667) is 0.
        let grid = try GridColumns.fillingRow(minimumCellWidth: 0.5, collectionWidth: 1_000, interitemSpacing: 1)
        #expect(grid.columnCount == 667)
        #expect(grid.cellWidth == 0.5)
    }

    /// Seed 004: content inset 8 on all sides, spacing 8, 3 columns.
    @Test(arguments: [(414.0, 127.0), (320.0, 96.0), (375.0, 114.0)])
    func columnCountReproducesSeed004(collectionWidth: Double, cellWidth: Double) throws {
        // 414: floor((414 - 16 - 16) / 3) = floor(127.33) = 127.
        let grid = try GridColumns.forColumnCount(
            3, collectionWidth: collectionWidth, insets: EdgeInsets(all: 8), interitemSpacing: 8)
        #expect(grid.cellWidth == cellWidth)
        #expect(grid.columnCount == 3)
    }

    @Test func columnCountFloorsToTheDisplayScale() throws {
        // 375 → (343) / 3 = 114.33…: 114 at 2x (228.67 px → 228), 343/3 at 3x (exactly 343 px).
        func cellWidth(scale: Double) throws -> Double {
            try GridColumns.forColumnCount(
                3, collectionWidth: 375, insets: EdgeInsets(all: 8), interitemSpacing: 8, displayScale: scale
            ).cellWidth
        }
        #expect(try cellWidth(scale: 2) == 114)
        #expect(abs(try cellWidth(scale: 3) - 343.0 / 3) < 1e-9)
    }

    @Test func columnCountRejectsImpossibleGrids() {
        #expect(throws: CollectionLayoutError.self) {
            try GridColumns.forColumnCount(0, collectionWidth: 375, interitemSpacing: 8)
        }
        // 50 columns need 49 × 8 = 392 points of spacing alone.
        #expect(throws: CollectionLayoutError.self) {
            try GridColumns.forColumnCount(50, collectionWidth: 375, interitemSpacing: 8)
        }
        #expect(throws: CollectionLayoutError.self) {
            try GridColumns.forColumnCount(
                3, collectionWidth: 375, insets: EdgeInsets(left: 200, right: 200), interitemSpacing: 8)
        }
        #expect(throws: CollectionLayoutError.self) {
            try GridColumns.fillingRow(minimumCellWidth: 100, collectionWidth: .nan, interitemSpacing: 5)
        }
        #expect(throws: CollectionLayoutError.self) {
            try GridColumns.fillingRow(minimumCellWidth: 100, collectionWidth: 375, interitemSpacing: -1)
        }
    }
}
