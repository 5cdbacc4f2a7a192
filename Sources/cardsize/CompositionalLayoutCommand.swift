// `cardsize layout compositional`: records in UICollectionViewCompositionalLayout panels.
import ArgumentParser
import CardModel
import CatalogIO
import CatalogLayout
import CollectionLayout
import Foundation
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
    @Option(parsing: .unconditional, help: "The container width in points.") var width: Double = 390
    @Option(parsing: .unconditional, help: "The container height in points.") var height: Double = 844
    @Option(parsing: .unconditional, help: "Pixels per point (card heights round up to its grid).") var scale: Double = 3
    @Option(help: "cards: cards per row.") var columns = 3
    @Option(parsing: .unconditional, help: "cards: spacing between cards and rows, and around them.") var spacing: Double = 8

    func validate() throws {
        guard ["insta", "cards"].contains(preset) else { throw ValidationError("--preset is insta or cards") }
        try OptionCheck.length(width, "--width", positive: true)
        try OptionCheck.length(height, "--height")
        try OptionCheck.scale(scale)
        try OptionCheck.count(columns, "--columns", in: 1...OptionCheck.maximumColumns)
        try OptionCheck.length(spacing, "--spacing")
    }

    func run() throws {
        let laidOut = try layOut()
        try output.write(laidOut, inputs: catalog.inputFiles + templateOptions.inputFiles)
        try finishRun(summary: laidOut.summary, failed: laidOut.failed)
    }

    /// Every record laid out as a panel (insta) or a self-sized card (cards).
    func layOut() throws -> LaidOutCatalog {
        let cards = try catalog.cardMaker()
        var records = try CatalogItems<CardRecord>.read(catalog, field: "id") { cards.card(for: $0) }
        let result: LayoutResult
        if preset == "insta" {
            result = try CompositionalLayout.instaSearch(collectionSize: Size(width: width, height: height))
                .layout(itemCount: records.items.count)
        } else {
            // A card that cannot be measured (a title over the engine's limit) becomes an error
            // record and the rest are laid out again without it: every cell is as wide, so the
            // others measure as before (from the card cache).
            let measurer = try templateOptions.cardMeasurer(default: "book-hug", scale: scale)
            let failures = CardFailures()
            _ = try cardsLayout(records.items, measurer: measurer, failures: failures)
            records.fail(items: failures.messages, field: "title")
            result = try cardsLayout(records.items, measurer: measurer, failures: failures)
        }
        let format = SummaryFormat.number
        return LaidOutCatalog(
            placed: records.placed, layout: result,
            summary: [
                "cardsize layout compositional: \(preset), container \(format(width)) × \(format(height)) pt",
                "\(records.placed.count) records: \(records.items.count) items, \(records.failed) errors",
                "content \(format(result.contentSize.width)) × \(format(result.contentSize.height)) pt",
            ], failed: records.failed)
    }

    /// Rows of `columns` cards, each estimated at 300 pt and measured with the card model at
    /// its cell's width when the layout asks; a card that cannot be measured is 0 pt tall
    /// and its error goes into `failures`, by item number.
    private func cardsLayout(_ cards: [CardRecord], measurer: CardMeasurer, failures: CardFailures) throws -> LayoutResult {
        let item = CompositionalItem(layoutSize: .init(widthDimension: .fractionalWidth(1 / Double(columns)), heightDimension: .estimated(300)))
        let row = CompositionalGroup.horizontal(
            layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(300)), repeating: .item(item),
            count: columns, interItemSpacing: .fixed(spacing))
        let section = CompositionalSection(group: row, interGroupSpacing: spacing, contentInsets: EdgeInsets(all: spacing))
        failures.messages = [:]
        let heights = CompositionalHeights(itemHeight: { number, width in
            do {
                return try measurer.measure(record: cards[number], width: width).size.height
            } catch {
                failures.messages[number] = "\(error)"
                return 0
            }
        })
        return try CompositionalLayout(collectionSize: Size(width: width, height: height), sections: [section])
            .layout(itemCount: cards.count, heights: heights)
    }
}

/// The cards a layout could not measure, by item number, with the error's message.
private final class CardFailures {
    var messages: [Int: String] = [:]
}
