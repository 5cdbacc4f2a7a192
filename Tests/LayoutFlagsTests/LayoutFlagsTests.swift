// The layout flags both programs take: with none given, the layout library's own defaults;
// numbers in decimal only; a request's error said as the command line spells the option.
import ArgumentParser
import CatalogLayout
import LayoutFlags
import Testing

@Suite struct LayoutFlagsTests {
    @Test func noFlagsGiveTheLibrarysDefaultRequest() throws {
        #expect(try GridLayoutFlags.parse(["catalog.csv"]).request() == CatalogLayoutRequest(kind: .grid))
        #expect(try WaterfallLayoutFlags.parse(["catalog.csv"]).request() == CatalogLayoutRequest(kind: .waterfall))
        #expect(try TagFlowLayoutFlags.parse(["catalog.csv"]).request() == CatalogLayoutRequest(kind: .tagFlow))
        #expect(
            try CompositionalLayoutFlags.parse(["catalog.csv"]).request() == CatalogLayoutRequest(kind: .compositional))
    }

    @Test func flagsGivenSetTheirFields() throws {
        let request = try WaterfallLayoutFlags.parse(
            ["catalog.csv", "--columns", "3", "--column-gap", "4", "--row-gap", "6.5", "--width", "375", "--scale", "3"]
        ).request()
        #expect(request.columns == 3 && request.columnGap == 4 && request.effectiveRowGap == 6.5)
        #expect(request.screen.width == 375 && request.screen.scale == 3)
    }

    @Test(arguments: ["0x10", "inf", "nan", "1e", ".5", "+1", " 1"])
    func numbersAreReadInDecimalOnly(text: String) {
        #expect(throws: (any Error).self) { try OptionCheck.decimal(text) }
        #expect(throws: (any Error).self) { try WaterfallLayoutFlags.parse(["catalog.csv", "--row-gap", text]) }
    }

    @Test func decimalNumbersAndListsAreRead() throws {
        #expect(try OptionCheck.decimal("1.5e-3") == 0.0015)
        #expect(try OptionCheck.decimal("-12") == -12)
        #expect(OptionCheck.decimals("8, 8,8 ,8") == [8, 8, 8, 8])
        #expect(OptionCheck.decimals("0x8,8,8,8") == nil)
    }

    @Test func aRequestsErrorNamesTheFlag() {
        let error = LayoutRequestError(field: "min_cell_width", "must be at least one pixel")
        #expect(error.validationError.message == "--min-cell-width must be at least one pixel")
    }
}
