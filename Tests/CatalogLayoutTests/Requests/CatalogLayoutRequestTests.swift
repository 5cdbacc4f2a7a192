// A catalog layout asked for by value: each kind's defaults as the request documents them, the
// widths cards are measured at, and the layouts' errors in the request's own names.
import CardModel
import CatalogLayout
import CollectionLayout
import Geometry
import Testing

@Suite struct CatalogLayoutRequestTests {
    /// The table in ``CatalogLayoutRequest``'s documentation, row by row.
    @Test func eachKindHasTheDocumentedDefaults() {
        let grid = CatalogLayoutRequest(kind: .grid)
        let waterfall = CatalogLayoutRequest(kind: .waterfall)
        let tags = CatalogLayoutRequest(kind: .tagFlow)
        let compositional = CatalogLayoutRequest(kind: .compositional)
        #expect([grid, waterfall, tags].allSatisfy { $0.screen == .standard })
        #expect(LayoutScreen.standard.width == 414 && LayoutScreen.standard.height == 896 && LayoutScreen.standard.scale == 2)
        #expect(compositional.screen == LayoutScreen(width: 390, height: 844, scale: 3))
        #expect([grid.insets, waterfall.insets, tags.insets] == [EdgeInsets(all: 8), .zero, EdgeInsets(all: 10)])
        #expect([grid.template, waterfall.template, compositional.template] == ["book", "book-hug", "book-hug"])
        #expect([grid.columns, waterfall.columns, compositional.columns] == [3, 2, 3])
        #expect([grid.columnGap, waterfall.columnGap, tags.columnGap, compositional.columnGap] == [8, 10, 10, 8])
        #expect([grid.effectiveRowGap, waterfall.effectiveRowGap, tags.effectiveRowGap] == [8, 10, 10])
        #expect(CatalogLayoutRequest.cards == grid)
    }

    @Test func screensAreNamedByTheirPreset() throws {
        #expect(LayoutScreen.standard.summaryName == "iPhone 11, iPhone XR, 414 pt @2x")
        #expect(LayoutScreen(width: 600, height: 800, scale: 2).summaryName == "600 pt @2x")
        #expect(LayoutScreen(width: 127.33333, height: 800, scale: 1.5).summaryName == "127.333 pt @1.5x")
    }

    @Test func cardsAreMeasuredAtTheCellOrColumnWidth() throws {
        // (414 − 2 × 8 − 2 × 8) / 3 = 127.33…, floored to the @2x pixel grid.
        #expect(try CatalogLayoutRequest(kind: .grid).itemWidth() == 127)
        // (414 − 10) / 2.
        #expect(try CatalogLayoutRequest(kind: .waterfall).itemWidth() == 202)
        var three = CatalogLayoutRequest(kind: .waterfall)
        three.columns = 3
        three.screen = LayoutScreen(width: 300, height: 600, scale: 1)
        #expect(try three.itemWidth() == 93)  // ⌊(300 − 20) / 3⌋
        for kind in [CatalogLayoutKind.tagFlow, .compositional] {
            #expect {
                try CatalogLayoutRequest(kind: kind).itemWidth()
            } throws: { error in
                "\(error)" == "kind \(kind.rawValue) items have widths of their own"
            }
        }
    }

    @Test func aCellNarrowerThanAPixelIsRefusedByName() {
        var request = CatalogLayoutRequest(kind: .grid)
        request.minimumCellWidth = 0.25
        #expect {
            try request.gridColumns()
        } throws: { error in
            guard let error = error as? LayoutRequestError else { return false }
            return error.field == "min_cell_width" && error.problem == "must be at least one pixel (0.5 pt), got 0.25"
        }
    }

    @Test func onlyFilesThatAreNotBuiltInAreInputs() {
        var request = CatalogLayoutRequest(kind: .waterfall)
        #expect(request.inputFiles.isEmpty)
        request.template = "my-card.json"
        request.sectionsFile = "sections.json"
        request.coverSizesFile = "covers.csv"
        #expect(request.inputFiles == ["covers.csv", "sections.json", "my-card.json"])
    }

    /// The layouts' Swift names become the request's, the one every door's error uses.
    @Test(arguments: [
        ("section 0 columnCount", CatalogLayoutKind.waterfall, "columns"),
        ("collectionWidth", .grid, "width"),
        ("collectionSize.height", .compositional, "height"),
        ("displayScale", .grid, "scale"),
        ("minimumInteritemSpacing", .waterfall, "row_gap"),
        ("minimumInteritemSpacing", .grid, "column_gap"),
        ("minimumLineSpacing", .tagFlow, "row_gap"),
        ("section 0 sectionInset.left", .grid, "insets[1]"),
        ("sectionInset.bottom", .tagFlow, "insets[2]"),
        ("headerHeight", .grid, "headerHeight"),
    ])
    func layoutNamesBecomeTheRequestsFields(name: String, kind: CatalogLayoutKind, field: String) {
        #expect(CatalogLayoutRequest.field(naming: name, kind: kind) == field)
    }

    @Test func aLayoutsErrorIsSaidInTheRequestsNames() throws {
        var request = CatalogLayoutRequest(kind: .waterfall)
        request.columnGap = -1
        let error = try #require(throws: CollectionLayoutError.self) { try request.waterfallLayout().columnWidth(forSection: 0) }
        let named = CatalogLayoutRequest.named(error, kind: .waterfall)
        #expect(named.field == "column_gap")
        #expect(named.message.hasPrefix("column_gap: "))
    }
}
