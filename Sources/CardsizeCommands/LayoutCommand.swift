// `cardsize layout`: frames for every record's card in a collection layout.
import ArgumentParser
import CatalogLayout
import CollectionLayout
import Geometry

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout", abstract: "Lay out every record's card and write the frames.",
        subcommands: [GridLayoutCommand.self, WaterfallLayoutCommand.self, FlowLayoutCommand.self, CompositionalLayoutCommand.self])

}

struct GridLayoutCommand: StreamedLayoutCommand {
    static let configuration = CommandConfiguration(
        commandName: "grid",
        abstract: "Cards in rows as UICollectionViewFlowLayout places them.",
        discussion: """
            Rows fill greedily; a row is as tall as its tallest card; full rows are justified, \
            the last keeps the minimum spacing. One output record per input record, in input \
            order: {id, kind: item, section, x, y, width, height}, or an error record; header \
            and footer records when they have a height; and last {kind: content, width, height}, \
            the content size.
            """)

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var screenOptions: ScreenOptions
    @OptionGroup var templateOptions: TemplateOptions
    @OptionGroup var insetOptions: InsetOptions
    @OptionGroup var gridOptions: GridOptions
    @OptionGroup var sectionOptions: SectionOptions
    @OptionGroup var output: LayoutOutputOptions

    @Option(parsing: .unconditional, help: "A header above the cards, this tall (0 for none).", transform: OptionCheck.decimal)
    var headerHeight: Double = 0
    @Option(parsing: .unconditional, help: "A footer below the cards, this tall (0 for none).", transform: OptionCheck.decimal)
    var footerHeight: Double = 0
    @Option(help: "Cards shorter than their row: top, center or bottom.") var valign: FlowVerticalAlignment = .center
    @Flag(help: "Line the last row up with the columns above instead of packing it left.") var gridAligned = false

    func validate() throws {
        try OptionCheck.length(headerHeight, "--header-height")
        try OptionCheck.length(footerHeight, "--footer-height")
    }

    /// Every record's card measured and placed in its row as soon as the row is full, its
    /// records handed to `write` batch by batch; the summary and the count of failures.
    func layOut(query: Rect?, write: ([LayoutRecordOrder.Record]) -> Void) throws -> (summary: [String], failed: Int) {
        let cards = try CardGrid(screen: screenOptions, template: templateOptions, insets: insetOptions, grid: gridOptions)
        let layout = FlowLayout(
            collectionWidth: cards.screen.width, configuration: configuration,
            sectionConfigurations: try sectionOptions.overrides(of: configuration), displayScale: cards.screen.scale)
        var (run, progress) = try catalog.cardRun(measurer: cards.measurer, widths: CardWidths(uniform: cards.columns.cellWidth))
        var grid = StreamedCatalogLayout(try GridCardStream(layout: layout), sectionSize: sectionOptions.sectionSize, query: query)
        let contentSize = try grid.layOut(&run, progress: &progress, write: write)
        let format = SummaryFormat.number
        let summary = [cards.title("layout grid")] + run.statistics.lines + [
            "\(grid.layout.state.placedRowCount) rows; content \(format(contentSize.width)) × \(format(contentSize.height)) pt"
        ]
        return (summary, run.statistics.failed)
    }

    private var configuration: FlowLayoutConfiguration {
        var configuration = FlowLayoutConfiguration()
        configuration.sectionInset = insetOptions.edgeInsets(default: 8)
        configuration.minimumInteritemSpacing = gridOptions.spacing
        configuration.minimumLineSpacing = gridOptions.lineSpacing ?? gridOptions.spacing
        configuration.headerHeight = headerHeight
        configuration.footerHeight = footerHeight
        configuration.verticalAlignment = valign
        configuration.lastRowAlignment = gridAligned ? .gridAligned : .left
        return configuration
    }
}

extension FlowVerticalAlignment: ExpressibleByArgument {}
