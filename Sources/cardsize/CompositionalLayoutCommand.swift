// `cardsize layout compositional`: records in UICollectionViewCompositionalLayout panels.
import ArgumentParser
import CatalogIO
import CollectionLayout
import Foundation
import Geometry

struct CompositionalLayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compositional",
        abstract: "Records in compositional-layout panels; --preset insta is seed 002's search grid.",
        discussion: """
            insta: sections cycle leadingLarge (3 items), spread (6), trailingLarge (3), spread \
            (6); every section is as tall as 0.4 × the container height; the last section takes \
            what is left. Output as for layout grid.
            """)

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var output: LayoutOutputOptions

    @Option(help: "The layout preset: insta.") var preset = "insta"
    @Option(help: "The container width in points.") var width: Double = 390
    @Option(help: "The container height in points.") var height: Double = 844

    func validate() throws {
        guard preset == "insta" else { throw ValidationError("--preset: only insta is built in") }
    }

    func run() throws {
        let records = try CatalogItems<Void>.read(catalog, field: "id") { _ in () }
        let layout = CompositionalLayout.instaSearch(collectionSize: Size(width: width, height: height))
        let result = try layout.layout(itemCount: records.items.count, measurer: .estimates)
        try output.write(records.placed, result)
        let format = CardSummary.format
        StandardError.write(
            """
            cardsize layout compositional: \(preset), container \(format(width)) × \(format(height)) pt
            \(records.placed.count) records: \(records.items.count) items, \(records.failed) errors
            content \(format(result.contentSize.width)) × \(format(result.contentSize.height)) pt

            """)
        if records.failed > 0 { throw ExitCode(2) }
    }
}
