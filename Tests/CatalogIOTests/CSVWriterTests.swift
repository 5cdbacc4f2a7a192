import CatalogIO
// CSVWriter: quoting only where RFC 4180 needs it, and output that CSVReader reads back.
import Foundation
import Testing

struct CSVWriterTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("", ""),
        (" spaced ", " spaced "),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("cr\rhere", "\"cr\rhere\""),
        ("GrandPré", "GrandPré"),
    ])
    func escapesOnlyWhenNeeded(field: String, escaped: String) {
        #expect(CSVWriter.escape(field) == escaped)
    }

    @Test func writesRows() throws {
        let written = try TestSupport.writtenBytes { output in
            let writer = CSVWriter(output: output)
            try writer.write(row: ["id", "title"])
            try writer.write(row: ["1", "a, \"b\""])
            try writer.write(row: [""])
            try writer.flush()
        }
        #expect(String(decoding: written, as: UTF8.self) == "id,title\n1,\"a, \"\"b\"\"\"\n\"\"\n")
    }

    /// Every goodbooks title and author, with awkward variants, written and read back.
    @Test func roundTripsThroughCSVReader() throws {
        var rows: [[String]] = [["title", "author"]]
        for result in try CatalogReader(path: TestSupport.catalogPath("goodbooks-10k.csv")) {
            let record = try result.get()
            rows.append([record.title, record.author])
            rows.append(["\"\(record.title)\"\r\n", "\(record.author),\n"])
        }
        rows.append([""])
        let written = try TestSupport.writtenBytes { output in
            let writer = CSVWriter(output: output)
            for row in rows { try writer.write(row: row) }
            try writer.flush()
        }

        let (header, results) = try TestSupport.csvResults(bytes: written)
        let readBack = try results.map { try $0.get() }
        #expect(header == rows[0])
        try #require(readBack.count == rows.count - 1)
        let firstMismatch = readBack.indices.first { readBack[$0] != rows[$0 + 1] }
        #expect(firstMismatch == nil)
    }
}
