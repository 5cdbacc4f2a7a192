// `cardsize layout waterfall`: cards in the shortest of n columns, self-sized at the column width.
import ArgumentParser
import CatalogLayout
import CollectionLayout
import Geometry

struct WaterfallLayoutCommand: StreamedLayoutCommand {
    static let configuration = CommandConfiguration(
        commandName: "waterfall",
        abstract: "Cards in columns, each into the shortest (CHTCollectionViewWaterfallLayout).",
        discussion: """
            Each card is measured at the column width, so its height follows its title (the \
            default template is book-hug) and its cover (--image-size or --cover-sizes with a \
            template whose image uses the record's cover). --cht-compatible instead scales each \
            record's cover size to the column width as CHT does. CHT's defaults: 2 columns, \
            spacing 10, no insets. Output as for layout grid.
            """)

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var screenOptions: ScreenOptions
    @OptionGroup var templateOptions: TemplateOptions
    @OptionGroup var insetOptions: InsetOptions
    @OptionGroup var sectionOptions: SectionOptions
    @OptionGroup var output: LayoutOutputOptions

    @Option(help: "Columns.") var columns = 2
    @Option(parsing: .unconditional, help: "Spacing between columns.", transform: OptionCheck.decimal) var columnSpacing: Double = 10
    @Option(parsing: .unconditional, help: "Spacing between cards in a column.", transform: OptionCheck.decimal) var itemSpacing: Double = 10
    @Option(help: "shortest-first, left-to-right or right-to-left.") var renderDirection: WaterfallItemRenderDirection = .shortestFirst
    @Option(parsing: .unconditional, help: "A header above the cards, this tall (0 for none).", transform: OptionCheck.decimal) var headerHeight: Double = 0
    @Option(parsing: .unconditional, help: "A footer below the cards, this tall (0 for none).", transform: OptionCheck.decimal) var footerHeight: Double = 0
    @Option(parsing: .unconditional, help: "The content is at least this tall.", transform: OptionCheck.decimal) var minContentHeight: Double = 0
    @Flag(help: "Scale each record's cover size to the column width as CHT does, instead of measuring cards.")
    var chtCompatible = false

    func validate() throws {
        try OptionCheck.count(columns, "--columns", in: 1...OptionCheck.maximumColumns)
        try OptionCheck.length(columnSpacing, "--column-spacing")
        try OptionCheck.length(itemSpacing, "--item-spacing")
        try OptionCheck.length(headerHeight, "--header-height")
        try OptionCheck.length(footerHeight, "--footer-height")
        try OptionCheck.length(minContentHeight, "--min-content-height")
    }

    /// Every card measured at the column width of its section and placed as soon as it is,
    /// its records handed to `write` batch by batch; the summary and the count of failures.
    func layOut(query: Rect?, write: ([LayoutRecordOrder.Record]) -> Void) throws -> (summary: [String], failed: Int) {
        let screen = try screenOptions.screen()
        let layout = WaterfallLayout(
            collectionWidth: screen.width, configuration: configuration,
            sectionConfigurations: try sectionOptions.overrides(of: configuration),
            itemRenderDirection: renderDirection, minimumContentHeight: minContentHeight, displayScale: screen.scale)
        let measurer = try templateOptions.cardMeasurer(default: "book-hug", scale: screen.scale)
        let sectionSize = sectionOptions.sectionSize
        var (run, progress) = try catalog.cardRun(
            measurer: measurer, widths: try CardWidths(layout: layout, sectionSize: sectionSize))
        var cards = StreamedCatalogLayout(
            try WaterfallCardStream(layout: layout, scalesCoverSizes: chtCompatible), sectionSize: sectionSize, query: query)
        let contentSize = try cards.layOut(&run, progress: &progress, write: write)
        let format = SummaryFormat.number
        let summary = [
            "cardsize layout waterfall: \(screen.name), \(columns) columns of \(format(try layout.columnWidth(forSection: 0))) pt"
                + (chtCompatible ? ", CHT-compatible (cover sizes scaled)" : ", cards measured at the column width")
        ] + run.statistics.lines + ["content \(format(contentSize.width)) × \(format(contentSize.height)) pt"]
        return (summary, run.statistics.failed)
    }

    private var configuration: WaterfallLayoutConfiguration {
        var configuration = WaterfallLayoutConfiguration()
        configuration.columnCount = columns
        configuration.minimumColumnSpacing = columnSpacing
        configuration.minimumInteritemSpacing = itemSpacing
        configuration.sectionInset = insetOptions.edgeInsets(default: 0)
        configuration.headerHeight = headerHeight
        configuration.footerHeight = footerHeight
        return configuration
    }
}

extension WaterfallItemRenderDirection: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument {
        case "shortest-first": self = .shortestFirst
        case "left-to-right": self = .leftToRight
        case "right-to-left": self = .rightToLeft
        default: return nil
        }
    }

    public static var allValueStrings: [String] { ["shortest-first", "left-to-right", "right-to-left"] }
}
