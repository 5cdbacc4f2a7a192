// `cardsize layout compositional`: records in UICollectionViewCompositionalLayout panels.
import ArgumentParser
import CardModel
import CatalogIO
import CatalogLayout
import CollectionLayout
import Geometry
import TextEngine

struct CompositionalLayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compositional",
        abstract: "Records in compositional-layout panels: an Instagram-style search grid, or self-sized cards.",
        discussion: """
            insta: sections cycle leadingLarge (3 items), spread (6), trailingLarge (3), spread \
            (6); every section is as tall as 0.4 × the container height; the last section takes \
            what is left. cards: rows of --columns cards whose height is estimated and then \
            self-sized with the card model at the cell width (a row is as tall as its tallest \
            card). Output as for layout grid.
            """)

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var templateOptions: TemplateOptions
    @OptionGroup var output: LayoutOutputOptions

    @Option(help: "The layout preset: insta or cards.") var preset = "insta"
    @Option(parsing: .unconditional, help: "The container width in points.", transform: OptionCheck.decimal) var width: Double = 390
    @Option(parsing: .unconditional, help: "The container height in points.", transform: OptionCheck.decimal) var height: Double = 844
    @Option(parsing: .unconditional, help: "Pixels per point (card heights round up to its grid).", transform: OptionCheck.decimal) var scale: Double = 3
    @Option(help: "cards: cards per row.") var columns = 3
    @Option(parsing: .unconditional, help: "cards: spacing between cards and rows, and around them.", transform: OptionCheck.decimal) var spacing: Double = 8

    func validate() throws {
        guard ["insta", "cards"].contains(preset) else { throw ValidationError("--preset is insta or cards") }
        try OptionCheck.length(width, "--width", positive: true)
        try OptionCheck.length(height, "--height")
        try OptionCheck.scale(scale)
        try OptionCheck.count(columns, "--columns", in: 1...OptionCheck.maximumColumns)
        try OptionCheck.length(spacing, "--spacing")
    }

    func run() throws {
        let run = try layOut()
        try output.write(run.laidOut, inputs: catalog.inputFiles + templateOptions.inputFiles)
        try finishRun(summary: run.summary, failed: run.failed)
    }

    /// Every record laid out as a panel (insta) or a self-sized card (cards).
    func layOut() throws -> LayoutRun {
        let cards = try catalog.cardMaker()
        var records = try catalog.items(field: "id") { cards.card(for: $0) }
        let result: LayoutResult
        if preset == "insta" {
            result = try CompositionalLayout.instaSearch(collectionSize: Size(width: width, height: height))
                .layout(itemCount: records.items.count)
        } else {
            result = try CompositionalCardGrid(
                collectionSize: Size(width: width, height: height), columns: columns, spacing: spacing,
                measurer: templateOptions.cardMeasurer(default: "book-hug", scale: scale)
            ).layOut(&records)
        }
        let format = SummaryFormat.number
        return LayoutRun(
            laidOut: LaidOutCatalog(placed: records.placed, layout: result),
            summary: [
                "cardsize layout compositional: \(preset), container \(format(width)) × \(format(height)) pt",
                "\(records.placed.count) records: \(records.items.count) items, \(records.failed) errors",
                "content \(format(result.contentSize.width)) × \(format(result.contentSize.height)) pt",
            ], failed: records.failed)
    }
}
