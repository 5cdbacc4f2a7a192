// `cardsize layout`: frames for every record's card in a collection layout.
import ArgumentParser
import CardModel
import CatalogIO
import CollectionLayout
import Foundation
import Geometry
import TextEngine

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout", abstract: "Lay out every record's card and write the frames.",
        subcommands: [GridLayoutCommand.self, WaterfallLayoutCommand.self, FlowLayoutCommand.self, CompositionalLayoutCommand.self])

}

struct GridLayoutCommand: ParsableCommand {
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

    @Option(help: "A header above the cards, this tall (0 for none).") var headerHeight: Double = 0
    @Option(help: "A footer below the cards, this tall (0 for none).") var footerHeight: Double = 0
    @Option(help: "Cards shorter than their row: top, center or bottom.") var valign: FlowVerticalAlignment = .center
    @Flag(help: "Line the last row up with the columns above instead of packing it left.") var gridAligned = false

    func run() throws {
        let laidOut = try layOut()
        try output.write(laidOut.placed, laidOut.layout)
        try laidOut.finish()
    }

    /// Every record's card measured and laid out.
    func layOut() throws -> LaidOutCatalog {
        let cards = try CardGrid(screen: screenOptions, template: templateOptions, insets: insetOptions, grid: gridOptions)
        // Only ids and sizes are kept for the layout, not whole measurements.
        var placed: [PlacedRecord] = []
        var sizes: [Size] = []
        var run = try CardCatalogRun(catalog: catalog, measurer: cards.measurer, cellWidth: cards.columns.cellWidth)
        try run.run { outcome in
            switch outcome {
            case .card(let id, _, let measurement):
                placed.append(.item(id: id))
                sizes.append(measurement.size)
            case .failure(let error):
                placed.append(.failure(error))
            }
        }
        let layout = try FlowLayout(
            collectionWidth: cards.screen.width, configuration: configuration,
            sectionConfigurations: sectionOptions.overrides(of: configuration), displayScale: cards.screen.scale
        ).layout(sectionOptions.split(sizes))
        // Items come row by row, left to right: a row starts wherever x goes back.
        let itemXs = layout.elements.filter { $0.kind == .item }.map(\.frame.minX)
        let rows = itemXs.isEmpty ? 0 : 1 + zip(itemXs, itemXs.dropFirst()).filter { $1 <= $0 }.count
        return LaidOutCatalog(
            placed: placed, layout: layout,
            summary: [cards.title("layout grid")] + run.summary.lines + [
                "\(rows) rows; content \(CardSummary.format(layout.contentSize.width)) × \(CardSummary.format(layout.contentSize.height)) pt"
            ], failed: run.summary.failed)
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
