// `cardsize measure`: every record's card size for a screen and grid.
import ArgumentParser
import CatalogIO
import CatalogLayout
import LayoutFlags

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

    @OptionGroup var catalog: CatalogFlags
    @OptionGroup var screen: ScreenFlags
    @OptionGroup var template: TemplateFlags
    @OptionGroup var insets: InsetFlags
    @OptionGroup var grid: GridFlags
    @OptionGroup var output: OutputOptions

    /// The cards the flags describe: a grid's, with the grid's defaults where no flag is given.
    func request() throws -> CatalogLayoutRequest {
        var request = try CardsFlags.request(kind: .grid, catalog: catalog, screen: screen, template: template, insets: insets)
        grid.apply(to: &request)
        return request
    }

    func run() throws {
        typealias Record = RecordOrError<CardSizeRecord>
        let request = try request()
        let columns = try request.gridColumns()
        let measurer = try request.cardMeasurer()
        let (writer, file) = try output.writer(columns: Record.columns, inputs: catalog.inputFiles + request.inputFiles)
        let written = WriteBehind<Record>(writer: writer, committing: file)
        var (run, progress) = try catalog.cardRun(
            cards: try request.cardMaker(), measurer: measurer, widths: CardWidths(uniform: columns.cellWidth))
        try run.run { outcomes in
            written.write(outcomes.map(Record.init))
            progress.tick(by: outcomes.count)
        }
        progress.finish()
        try written.finish()
        try finishRun(summary: [request.gridTitle("cardsize measure", columns: columns)] + run.statistics.lines, failed: run.statistics.failed)
    }
}
