// `cardsize measure`: every record's card size for a screen and grid.
import ArgumentParser
import CardModel
import CatalogIO
import Foundation
import TextEngine

struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Size every record's card: width, height, title lines, truncation, slack.",
        discussion: """
            The card width comes from the grid (--columns or --min-cell-width) on the screen \
            (--device or --width). One output record per input record, in input order: \
            {id, width, height, title_lines, truncated, slack}, or {id, line, field, error} \
            for a record that cannot be used. A summary goes to stderr; the exit status is 2 \
            if any record failed.
            """)

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var screenOptions: ScreenOptions
    @OptionGroup var templateOptions: TemplateOptions
    @OptionGroup var insetOptions: InsetOptions
    @OptionGroup var gridOptions: GridOptions
    @OptionGroup var output: OutputOptions

    static let columns = ["id", "width", "height", "title_lines", "truncated", "slack", "line", "field", "error"]

    func run() throws {
        let cards = try CardGrid(screen: screenOptions, template: templateOptions, insets: insetOptions, grid: gridOptions)
        let (writer, _) = try output.writer(columns: Self.columns)
        let output = WriteBehind<CardSizeRow>(writer: writer)
        var run = try CardCatalogRun(catalog: catalog, measurer: cards.measurer, cellWidth: cards.columns.cellWidth)
        try run.runBatches { outcomes in
            output.write(
                outcomes.map { outcome in
                    switch outcome {
                    case .card(let id, _, let measurement): .card(id: id, measurement)
                    case .failure(let error): .failure(error)
                    }
                })
        }
        try output.finish()
        StandardError.write(([cards.title("measure")] + run.summary.lines).joined(separator: "\n") + "\n")
        if run.summary.failed > 0 { throw ExitCode(2) }
    }

    static func record(id: String, _ card: CardMeasurement) -> OutputRecord {
        OutputRecord([
            .init("id", .string(id)), .init("width", .number(card.size.width)), .init("height", .number(card.size.height)),
            .init("title_lines", .integer(card.titleLineCount)), .init("truncated", .bool(card.isTitleTruncated)),
            .init("slack", card.titleMinimumSlack.isFinite ? .number(card.titleMinimumSlack) : .null),
        ])
    }
}

/// One line of `measure`'s output: a card's size and title figures, or an error record.
enum CardSizeRow: OutputRow {
    case card(id: String, CardMeasurement)
    case failure(OutputRecord)

    var outputRecord: OutputRecord {
        switch self {
        case .card(let id, let card): MeasureCommand.record(id: id, card)
        case .failure(let error): error
        }
    }

    func appendJSONLine(to bytes: inout [UInt8]) {
        guard case .card(let id, let card) = self else { return outputRecord.appendJSONLine(to: &bytes) }
        var object = JSONObjectBytes()
        object.field("id", id, to: &bytes)
        object.field("width", card.size.width, to: &bytes)
        object.field("height", card.size.height, to: &bytes)
        object.field("title_lines", card.titleLineCount, to: &bytes)
        object.field("truncated", card.isTitleTruncated, to: &bytes)
        if card.titleMinimumSlack.isFinite {
            object.field("slack", card.titleMinimumSlack, to: &bytes)
        } else {
            object.field("slack", nil as String?, to: &bytes)
        }
        object.end(to: &bytes)
    }
}
