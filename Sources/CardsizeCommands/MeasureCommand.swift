// `cardsize measure`: every record's card size for a screen and grid.
import ArgumentParser
import CatalogIO
import CatalogLayout

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

    func run() throws {
        typealias Record = RecordOrError<CardSizeRecord>
        let cards = try CardGrid(screen: screenOptions, template: templateOptions, insets: insetOptions, grid: gridOptions)
        let (writer, file) = try output.writer(
            columns: Record.columns, inputs: catalog.inputFiles + templateOptions.inputFiles)
        let written = WriteBehind<Record>(writer: writer, committing: file)
        var (run, progress) = try catalog.cardRun(measurer: cards.measurer, widths: CardWidths(uniform: cards.columns.cellWidth))
        try run.run { outcomes in
            written.write(outcomes.map(Record.init))
            progress.tick(by: outcomes.count)
        }
        progress.finish()
        try written.finish()
        try finishRun(summary: [cards.title("measure")] + run.statistics.lines, failed: run.statistics.failed)
    }
}
