// Output records written as JSON Lines and CSV read back exactly.
import CatalogIO
import Foundation
import Testing

@Suite struct RecordWriterTests {
    let records: [any WritableRecord] = [
        OutputRecord([
            .init("id", .string("a \"quoted\", id\nwith a newline")), .init("width", .number(127)),
            .init("height", .number(17.666666666666668)), .init("title_lines", .integer(2)),
            .init("truncated", .bool(true)), .init("slack", .number(.infinity)),
        ]),
        ErrorRecord(id: nil, line: 7, field: "title", message: "invalid UTF-8 \u{1}"),
    ]
    let columns = ["id", "width", "height", "title_lines", "truncated", "slack", "line", "field", "error"]

    @Test func jsonLinesReadBackWithShortestNumbers() throws {
        let text = try written(.jsonl)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""width":127,"#))  // not 127.0
        #expect(lines[0].contains(#""slack":null"#))
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["id"] as? String == "a \"quoted\", id\nwith a newline")
        #expect(first["height"] as? Double == 17.666666666666668)
        let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(second["error"] as? String == "invalid UTF-8 \u{1}")
        #expect(second["id"] is NSNull)
    }

    @Test func csvHasOneHeaderAndReadsBackFieldForField() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(try written(.csv).utf8).write(to: url)
        var reader = try CSVReader(path: url.path)
        #expect(reader.header == columns)
        let firstResult = reader.next()
        let first = try #require(firstResult).get()
        #expect(first.string(at: 0) == "a \"quoted\", id\nwith a newline")
        #expect(first.string(at: 1) == "127")
        #expect(first.string(at: 5) == "")  // an infinite slack is empty
        let secondResult = reader.next()
        let second = try #require(secondResult).get()
        #expect(second.string(at: 6) == "7" && second.string(at: 7) == "title")
        let end = reader.next()
        #expect(end == nil)
    }

    private func written(_ format: OutputFormat) throws -> String {
        let bytes = try TestSupport.writtenBytes { output in
            let writer = RecordWriter(output: output, format: format, columns: columns)
            for record in records { try writer.write(record) }
            try writer.flush()
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
