// `cardsize layout waterfall`: cards in the shortest of n columns, self-sized at the column width.
import ArgumentParser
import CardModel
import CatalogIO
import CollectionLayout
import Foundation
import Geometry
import TextEngine

struct WaterfallLayoutCommand: ParsableCommand {
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
    @Option(help: "Spacing between columns.") var columnSpacing: Double = 10
    @Option(help: "Spacing between cards in a column.") var itemSpacing: Double = 10
    @Option(help: "shortest-first, left-to-right or right-to-left.") var renderDirection: WaterfallItemRenderDirection = .shortestFirst
    @Option(help: "A header above the cards, this tall (0 for none).") var headerHeight: Double = 0
    @Option(help: "A footer below the cards, this tall (0 for none).") var footerHeight: Double = 0
    @Option(help: "The content is at least this tall.") var minContentHeight: Double = 0
    @Flag(help: "Scale each record's cover size to the column width as CHT does, instead of measuring cards.")
    var chtCompatible = false

    func run() throws {
        if output.queryRect != nil {
            let laidOut = try layOut()
            try output.write(laidOut.placed, laidOut.layout)
            return try laidOut.finish()
        }
        let setup = try Setup(self)
        var run = try setup.cardRun(self)
        let contentSize = try stream(&run, layout: setup.layout)
        try LaidOutCatalog.finish(summary: summary(setup, run, contentSize: contentSize), failed: run.summary.failed)
    }

    /// The layout, its first section's column width and the screen, made once per run.
    private struct Setup {
        let screen: (width: Double, scale: Double, name: String)
        let layout: WaterfallLayout
        let columnWidth: Double

        init(_ command: WaterfallLayoutCommand) throws {
            screen = try command.screenOptions.screen()
            layout = WaterfallLayout(
                collectionWidth: screen.width, configuration: command.configuration,
                sectionConfigurations: try command.sectionOptions.overrides(of: command.configuration),
                itemRenderDirection: command.renderDirection, minimumContentHeight: command.minContentHeight,
                displayScale: screen.scale)
            columnWidth = try layout.columnWidth(forSection: 0)
        }

        /// A run that measures each card at the column width of the section it falls in.
        func cardRun(_ command: WaterfallLayoutCommand) throws -> CardCatalogRun {
            let measurer = try command.templateOptions.cardMeasurer(default: "book-hug", scale: screen.scale)
            // Asked once per card, from the measuring thread too: every width worked out here.
            let overridden = try Dictionary(
                uniqueKeysWithValues: layout.sectionConfigurations.keys.map { ($0, try layout.columnWidth(forSection: $0)) })
            let plain = try layout.columnWidth(forSection: (layout.sectionConfigurations.keys.max() ?? 0) + 1)
            let sectionSize = command.sectionOptions.sectionSize
            return try CardCatalogRun(catalog: command.catalog, measurer: measurer) { card in
                overridden[sectionSize.map { card / $0 } ?? 0] ?? plain
            }
        }
    }

    private func summary(_ setup: Setup, _ run: CardCatalogRun, contentSize: Size) -> [String] {
        let format = CardSummary.format
        return [
            "cardsize layout waterfall: \(setup.screen.name), \(columns) columns of \(format(setup.columnWidth)) pt"
                + (chtCompatible ? ", CHT-compatible (cover sizes scaled)" : ", cards measured at the column width")
        ] + run.summary.lines + ["content \(format(contentSize.width)) × \(format(contentSize.height)) pt"]
    }

    /// Places each card as soon as it is measured and writes it out behind, so a catalog of
    /// any size runs in flat memory; the bytes are those of a whole layout written in one go.
    private func stream(_ run: inout CardCatalogRun, layout: WaterfallLayout) throws -> Size {
        let (writer, _) = try output.output.writer(columns: LayoutOutput.columns)
        let out = WriteBehind<LayoutRow>(writer: writer)
        var state = try layout.streamingState()
        var placed = 0
        var elements: [LayoutElement] = []
        var height = [0.0]
        var coverSize = [Size.zero]
        var records: [LayoutRow] = []
        var waiting: [LayoutRow] = []  // error records, written before the next item
        // Read once: an option's property wrapper is slow to read a million times.
        let sectionSize = sectionOptions.sectionSize
        let chtCompatible = chtCompatible
        try run.runBatches { outcomes in
            for outcome in outcomes {
                switch outcome {
                case .failure(let error):
                    waiting.append(.failure(error))
                case .card(let id, let cover, let measurement):
                    elements.removeAll(keepingCapacity: true)
                    let section = sectionSize.map { placed / $0 } ?? 0
                    if chtCompatible {
                        coverSize[0] = cover ?? .zero
                        try state.stream(referenceSizes: coverSize, toSection: section, into: &elements)
                    } else {
                        height[0] = measurement.size.height
                        try state.stream(heights: height, toSection: section, into: &elements)
                    }
                    placed += 1
                    // Elements before the item are the previous section's footer and this one's header.
                    for element in elements.dropLast() { records.append(.element(id: nil, element)) }
                    records += waiting
                    waiting.removeAll()
                    records.append(.element(id: id, elements[elements.count - 1]))
                }
            }
            out.write(records)
            records.removeAll()
        }
        elements.removeAll()
        if placed == 0 { try state.stream(heights: [], toSection: 0, into: &elements) }
        let contentSize = state.finish(into: &elements)
        records = elements.map { .element(id: nil, $0) } + waiting + [.failure(LayoutOutput.contentRecord(contentSize))]
        out.write(records)
        try out.finish()
        return contentSize
    }

    /// Every card measured, then the whole layout: what `--query` and `render` need.
    func layOut() throws -> LaidOutCatalog {
        let setup = try Setup(self)
        var run = try setup.cardRun(self)
        var placed: [PlacedRecord] = []
        var heights: [Double] = []
        var coverSizes: [Size] = []
        try run.run { outcome in
            switch outcome {
            case .card(let id, let cover, let measurement):
                placed.append(.item(id: id))
                heights.append(measurement.size.height)
                coverSizes.append(cover ?? .zero)
            case .failure(let error):
                placed.append(.failure(error))
            }
        }
        let result = chtCompatible
            ? try setup.layout.layout(referenceSizes: sectionOptions.split(coverSizes))
            : try setup.layout.layout(heights: sectionOptions.split(heights))
        return LaidOutCatalog(
            placed: placed, layout: result, summary: summary(setup, run, contentSize: result.contentSize),
            failed: run.summary.failed)
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
