// Writing a layout: frames for the records that became items, error records for the others.
import ArgumentParser
import CatalogIO
import CatalogLayout
import CollectionLayout
import Geometry
import LayoutFlags

/// Where a layout's output goes, and the optional rect query.
struct LayoutOutputOptions: ParsableArguments {
    @OptionGroup var output: OutputOptions
    @Option(help: "Write only the elements that intersect this rect, X,Y,WIDTH,HEIGHT (edges count), in element order.")
    var query: String?

    func validate() throws {
        if query != nil, queryRect == nil { throw ValidationError("--query takes four decimal numbers: X,Y,WIDTH,HEIGHT") }
        if let queryRect { try OptionCheck.rect(queryRect, "--query") }
    }

    var queryRect: Rect? {
        guard let values = query.flatMap(OptionCheck.decimals), values.count == 4 else { return nil }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// A writer of layout records on a thread of its own, which commits the output when
    /// finished; an output that is one of `inputs` is refused.
    func writeBehind(inputs: [String]) throws -> WriteBehind<LayoutRecordOrder.Record> {
        let (writer, file) = try output.writer(columns: LayoutRecordOrder.Record.columns, inputs: inputs)
        return WriteBehind(writer: writer, committing: file)
    }

    /// Writes a whole layout with the ids of the records placed in it, and commits it.
    func write(_ laidOut: LaidOutCatalog, inputs: [String]) throws {
        let (writer, file) = try output.writer(columns: LayoutRecordOrder.Record.columns, inputs: inputs)
        for record in laidOut.records(query: queryRect) { try writer.write(record) }
        try writer.flush()
        try file.commit()
    }

    /// Lays out the catalog of `catalog` as `request` says and writes it: a grid or waterfall
    /// streamed, batch by batch as its cards are measured, the others whole. The summary goes
    /// to standard error; the exit status is 2 when a record failed.
    func layOut(_ request: CatalogLayoutRequest, catalog: CatalogFlags) throws {
        let inputs = catalog.inputFiles + request.inputFiles
        switch request.kind {
        case .grid, .waterfall:
            let written = try writeBehind(inputs: inputs)
            var (reader, progress) = try catalog.reader(label: "cards")
            let (summary, failed) = try request.layOutStreamed(
                reader: reader, query: queryRect, measured: { progress.tick(by: $0) }, write: written.write)
            progress.finish()
            try written.finish()
            try finishRun(summary: summary, failed: failed)
        case .tagFlow, .compositional:
            var (reader, progress) = try catalog.reader(label: "records")
            let run = try request.layOutWhole(records: reader, afterEach: { progress.tick() })
            progress.finish()
            try write(run.laidOut, inputs: inputs)
            try finishRun(summary: run.summary, failed: run.failed)
        }
    }
}

/// Prints `summary` on standard error; the exit status is 2 when `failed` is not 0.
func finishRun(summary: [String], failed: Int) throws {
    StandardError.write(summary.joined(separator: "\n") + "\n")
    if failed > 0 { throw ExitCode(2) }
}
