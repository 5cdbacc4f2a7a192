// Writing a layout: frames for the records that became items, error records for the others.
import ArgumentParser
import CatalogIO
import CollectionLayout
import Foundation
import Geometry

/// An input record's place in the output: a laid-out item, or its error record.
enum PlacedRecord {
    case item(id: String)
    case failure(OutputRecord)
}

/// Where a layout's output goes, and the optional rect query.
struct LayoutOutputOptions: ParsableArguments {
    @OptionGroup var output: OutputOptions
    @Option(help: "Write only the elements that intersect this rect, X,Y,WIDTH,HEIGHT (edges count), in element order.")
    var query: String?

    func validate() throws {
        if query != nil, queryRect == nil { throw ValidationError("--query takes four numbers: X,Y,WIDTH,HEIGHT") }
    }

    var queryRect: Rect? {
        guard let values = query?.split(separator: ",").compactMap({ Double($0) }), values.count == 4 else { return nil }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// Writes `layout` with the ids of `records`.
    func write(_ records: [PlacedRecord], _ layout: LayoutResult) throws {
        let (writer, _) = try output.writer(columns: LayoutOutput.columns)
        try LayoutOutput(records: records, layout: layout, query: queryRect).write(to: writer)
    }
}

/// Writes a layout's elements with the ids of the records they stand for.
///
/// Items are written in element order (sections in order; header, items, footer), which is
/// input order for the records that became items; an error record is written where its
/// record came in the input, before the next item; the content size comes last, as
/// `{kind: content, width, height}`.
struct LayoutOutput {
    static let columns = ["id", "kind", "section", "x", "y", "width", "height", "line", "field", "error"]

    let records: [PlacedRecord]
    let layout: LayoutResult
    /// When set, only the elements intersecting this rect are written (in element order,
    /// found through a ``RectIndex``), then the content size; error records are left out.
    var query: Rect? = nil

    func write(to writer: RecordWriter) throws {
        if let query { return try writeQuery(query, to: writer) }
        var next = 0
        func writeFailures() throws {
            while next < records.count, case .failure(let error) = records[next] {
                try writer.write(error)
                next += 1
            }
        }
        for element in layout.elements {
            guard element.kind == .item else {
                try writer.write(Self.record(nil, element))
                continue
            }
            try writeFailures()
            guard next < records.count, case .item(let id) = records[next] else {
                preconditionFailure("more items than records")
            }
            try writer.write(Self.record(id, element))
            next += 1
        }
        try writeFailures()
        try writer.write(Self.contentRecord(layout.contentSize))
        try writer.flush()
    }

    private func writeQuery(_ rect: Rect, to writer: RecordWriter) throws {
        let ids = records.compactMap { record -> String? in
            if case .item(let id) = record { return id }
            return nil
        }
        let itemNumbers = layout.itemNumbers
        for index in RectIndex(layout).elementIndices(in: rect) {
            let element = layout.elements[index]
            try writer.write(Self.record(element.kind == .item ? ids[itemNumbers[index]] : nil, element))
        }
        try writer.write(Self.contentRecord(layout.contentSize))
        try writer.flush()
    }

    static func record(_ id: String?, _ element: LayoutElement) -> OutputRecord {
        OutputRecord([
            .init("id", id.map(OutputValue.string) ?? .null), .init("kind", .string(element.kind.rawValue)),
            .init("section", .integer(element.section)), .init("x", .number(element.frame.minX)),
            .init("y", .number(element.frame.minY)), .init("width", .number(element.frame.width)),
            .init("height", .number(element.frame.height)),
        ])
    }

    static func contentRecord(_ size: Size) -> OutputRecord {
        OutputRecord([
            .init("id", .null), .init("kind", .string("content")), .init("section", .null), .init("x", .integer(0)),
            .init("y", .integer(0)), .init("width", .number(size.width)), .init("height", .number(size.height)),
        ])
    }
}

/// One line of a streamed layout's output: an element with the id of its record (nil for
/// headers and footers), or a record written as it is (an error, the content size).
enum LayoutRow: OutputRow {
    case element(id: String?, LayoutElement)
    case failure(OutputRecord)

    var outputRecord: OutputRecord {
        switch self {
        case .element(let id, let element): LayoutOutput.record(id, element)
        case .failure(let record): record
        }
    }

    func appendJSONLine(to bytes: inout [UInt8]) {
        guard case .element(let id, let element) = self else { return outputRecord.appendJSONLine(to: &bytes) }
        var object = JSONObjectBytes()
        object.field("id", id, to: &bytes)
        object.field("kind", element.kind.rawValue, to: &bytes)
        object.field("section", element.section, to: &bytes)
        object.field("x", element.frame.minX, to: &bytes)
        object.field("y", element.frame.minY, to: &bytes)
        object.field("width", element.frame.width, to: &bytes)
        object.field("height", element.frame.height, to: &bytes)
        object.end(to: &bytes)
    }
}
