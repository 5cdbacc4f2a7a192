// Writing a layout: frames for the records that became items, error records for the others.
import ArgumentParser
import CatalogIO
import CatalogLayout
import CollectionLayout
import Geometry

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
}

extension StreamedCatalogLayout {
    /// Lays out every card of `run` as it is measured, handing each batch's records to
    /// `write`; returns the content size.
    mutating func layOut(
        _ run: inout CatalogCardRun, progress: inout Progress, write: ([LayoutRecordOrder.Record]) -> Void
    ) throws -> Size {
        var records: [LayoutRecordOrder.Record] = []
        try run.run { outcomes in
            try add(outcomes, into: &records)
            write(records)
            records.removeAll()
            progress.tick(by: outcomes.count)
        }
        progress.finish()
        let contentSize = try finish(into: &records)
        write(records)
        return contentSize
    }
}
