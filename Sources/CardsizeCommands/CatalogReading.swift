// The catalog read with a progress display, and where results are written.
import ArgumentParser
import CardModel
import CatalogIO
import CatalogLayout
import LayoutFlags

extension CatalogFlags {
    /// A reader of the catalog's records: the file, or standard input for `-`, which is read
    /// as it arrives (a pipe, such as Spark's `RDD.pipe`, need not close before output starts).
    /// For a file, also a progress display that shows how much of it has been read.
    func reader(label: String) throws -> (CatalogReader, Progress) {
        guard catalog != Self.standardInput else {
            return (
                try CatalogReader(input: .standardInput, format: catalogFormat ?? .jsonLines, mapping: mapping),
                Progress(label: label, input: nil))
        }
        return try openCatalogFile(catalog, format: catalogFormat, mapping: mapping, progressLabel: label)
    }

    /// A run measuring every record's card at its place's width, and its progress display.
    func cardRun(cards: CatalogCardMaker, measurer: CardMeasurer, widths: CardWidths) throws -> (CatalogCardRun, Progress) {
        let (reader, progress) = try reader(label: "cards")
        return (CatalogCardRun(reader: reader, cards: cards, measurer: measurer, widths: widths, threads: threads), progress)
    }
}

/// A reader of the catalog file at `path`, in `format` or the one its extension names, and a
/// progress display that shows how much of the file has been read.
func openCatalogFile(
    _ path: String, format: CatalogFormat?, mapping: ColumnMapping, progressLabel: String
) throws -> (CatalogReader, Progress) {
    guard let format = format ?? CatalogFormat(path: path) else { throw CatalogOpenError.unrecognizedExtension(path: path) }
    let input = try InputFile(path: path)
    return (try CatalogReader(input: input, format: format, mapping: mapping), Progress(label: progressLabel, input: input))
}

/// Where and how results are written.
struct OutputOptions: ParsableArguments {
    @Option(help: "jsonl or csv.") var format: OutputFormat = .jsonl
    @Option(name: [.customShort("o"), .long], help: "Write here instead of standard output (- is standard output).")
    var output: String?

    /// A writer of the output, and the output to commit when the run has succeeded; an
    /// output that is one of `inputs` is refused.
    func writer(columns: [String], inputs: [String]) throws -> (RecordWriter, OutputFile) {
        let file = try OutputFile(path: output, inputs: inputs)
        return (RecordWriter(output: file, format: format, columns: columns), file)
    }
}

extension OutputFormat: ExpressibleByArgument {}
