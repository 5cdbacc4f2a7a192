// The command line's commands read in-process: each command's flags, found through the
// `cardsize` command tree, become the layout library's typed request — its defaults where
// no flag is given, the flags' values where one is — and a flag the command does not take
// is a usage error naming it. (What the commands print is checked through the built binary,
// in Tests/cardsizeTests.)
import ArgumentParser
import CatalogLayout
import CollectionLayout
import Geometry
import LayoutFlags
import Testing

@testable import CardsizeCommands

@Suite struct CommandRequestTests {
    /// `cardsize ARGUMENTS` parsed as the program parses them, as the command they name.
    private func command<Command: ParsableCommand>(_ arguments: [String], as type: Command.Type) throws -> Command {
        let parsed = try CardSize.parseAsRoot(arguments)
        return try #require(parsed as? Command, "\(arguments) parsed as \(Swift.type(of: parsed))")
    }

    /// The request `cardsize layout KIND ARGUMENTS` lays out.
    private func layoutRequest<Flags: LayoutKindFlags>(_ arguments: [String], _ flags: Flags.Type) throws -> CatalogLayoutRequest {
        try command(["layout", Flags.kind.rawValue] + arguments, as: KindLayoutCommand<Flags>.self).flags.request()
    }

    @Test func eachLayoutCommandWithoutFlagsAsksForItsKindsDefaults() throws {
        #expect(try layoutRequest(["catalog.csv"], GridLayoutFlags.self) == CatalogLayoutRequest(kind: .grid))
        #expect(try layoutRequest(["catalog.csv"], WaterfallLayoutFlags.self) == CatalogLayoutRequest(kind: .waterfall))
        #expect(try layoutRequest(["catalog.csv"], TagFlowLayoutFlags.self) == CatalogLayoutRequest(kind: .tagFlow))
        #expect(try layoutRequest(["catalog.csv"], CompositionalLayoutFlags.self) == CatalogLayoutRequest(kind: .compositional))
        #expect(try command(["measure", "catalog.csv"], as: MeasureCommand.self).request() == CatalogLayoutRequest.cards)
    }

    @Test func waterfallFlagsChangeOnlyTheirFields() throws {
        let request = try layoutRequest(
            [
                "catalog.csv", "--device", "iphone-13", "--columns", "3", "--column-gap", "4", "--row-gap", "6.5",
                "--insets", "1,2,3,4", "--render-direction", "right-to-left", "--min-content-height", "900",
                "--cht-compatible", "--section-size", "50", "--header-height", "20", "--language", "ja", "--threads", "2",
                "--template", "book",
            ], WaterfallLayoutFlags.self)
        var expected = CatalogLayoutRequest(kind: .waterfall)
        expected.screen = LayoutScreen(device: .iPhone13)
        expected.columns = 3
        expected.columnGap = 4
        expected.rowGap = 6.5
        expected.insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        expected.renderDirection = .rightToLeft
        expected.minimumContentHeight = 900
        expected.scalesCoverSizes = true
        expected.sectionSize = 50
        expected.headerHeight = 20
        expected.language = "ja"
        expected.threads = 2
        expected.template = "book"
        #expect(request == expected)
    }

    @Test func measureFlagsAreTheGridsCards() throws {
        let request = try command(
            ["measure", "catalog.csv", "--width", "600", "--scale", "3", "--min-cell-width", "150", "--column-gap", "0",
             "--inset", "12", "--profile", "browser", "--cell-rounding", "points"],
            as: MeasureCommand.self
        ).request()
        var expected = CatalogLayoutRequest.cards
        expected.screen = LayoutScreen(width: 600, height: LayoutScreen.standard.height, scale: 3)
        expected.minimumCellWidth = 150
        expected.columnGap = 0
        expected.insets = EdgeInsets(all: 12)
        expected.profile = .browser
        expected.cellRounding = .points
        #expect(request == expected)
        // (600 − 24) / 3 = 192 ≥ 150 > (600 − 24) / 4 = 144: three columns of 192 pt.
        let columns = try request.gridColumns()
        #expect(columns.columnCount == 3 && columns.cellWidth == 192)
    }

    @Test func tagAndCompositionalFlagsSetTheirFields() throws {
        let tags = try layoutRequest(
            ["catalog.csv", "--field", "author", "--align", "justified", "--max-tag-width", "150"], TagFlowLayoutFlags.self)
        #expect(tags.tagField == .author && tags.horizontalAlignment == .justified && tags.maximumTagWidth == 150)
        var expectedTags = CatalogLayoutRequest(kind: .tagFlow)
        (expectedTags.tagField, expectedTags.horizontalAlignment, expectedTags.maximumTagWidth) = (.author, .justified, 150)
        #expect(tags == expectedTags)
        let cards = try layoutRequest(["catalog.csv", "--preset", "cards", "--columns", "2"], CompositionalLayoutFlags.self)
        var expectedCards = CatalogLayoutRequest(kind: .compositional)
        (expectedCards.preset, expectedCards.columns) = (.cards, 2)
        #expect(cards == expectedCards)
    }

    /// `cardsize render --layout KIND` reads the flags after the catalog as `cardsize layout
    /// KIND` does: the same request.
    @Test func renderReadsTheLayoutFlagsAsTheLayoutCommandDoes() throws {
        let flags = ["--columns", "3", "--column-gap", "4", "--width", "375"]
        let render = try command(
            ["render", "--layout", "waterfall", "--page", "2", "-o", "page.png", "catalog.csv"] + flags, as: RenderCommand.self)
        let (request, catalog) = try render.layout.parse(render.layoutArguments)
        #expect(catalog.catalog == "catalog.csv")
        #expect(request == (try layoutRequest(["catalog.csv"] + flags, WaterfallLayoutFlags.self)))
    }

    /// Each kind takes only its own options: another kind's is an unknown option, a usage
    /// error (exit 64) that names it.
    @Test(arguments: [
        (["layout", "waterfall", "catalog.csv", "--min-cell-width", "100"], "--min-cell-width"),
        (["layout", "grid", "catalog.csv", "--cht-compatible"], "--cht-compatible"),
        (["layout", "tag-flow", "catalog.csv", "--template", "book"], "--template"),
        (["measure", "catalog.csv", "--section-size", "10"], "--section-size"),
    ])
    func anotherKindsFlagIsAUsageErrorNamingIt(arguments: [String], flag: String) {
        #expect {
            _ = try CardSize.parseAsRoot(arguments)
        } throws: { error in
            CardSize.exitCode(for: error).rawValue == 64 && CardSize.message(for: error).contains("Unknown option '\(flag)'")
        }
    }

    /// A request the library refuses after the flags were read is said as the command line
    /// spells the option.
    @Test func aRequestsErrorNamesTheFlagAsTyped() throws {
        let measure = try command(["measure", "catalog.csv", "--min-cell-width", "0.25"], as: MeasureCommand.self)
        #expect {
            try measure.request().gridColumns()
        } throws: { error in
            (error as? LayoutRequestError)?.validationError.message == "--min-cell-width must be at least one pixel (0.5 pt), got 0.25"
        }
    }
}
