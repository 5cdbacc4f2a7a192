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
        let pipe = Pipe()
        let writer = CSVWriter(handle: pipe.fileHandleForWriting)
        try writer.write(row: ["id", "title"])
        try writer.write(row: ["1", "a, \"b\""])
        try writer.write(row: [""])
        try writer.flush()
        try pipe.fileHandleForWriting.close()
        let written = try pipe.fileHandleForReading.readToEnd() ?? Data()
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
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("CSVWriterTests-\(UUID().uuidString).csv")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = CSVWriter(handle: try FileHandle(forWritingTo: url))
        for row in rows { try writer.write(row: row) }
        try writer.flush()

        let reader = try CSVReader(path: url.path)
        let readBack = try reader.map { try TestSupport.fieldTexts($0.get()) }
        #expect(reader.header == rows[0])
        try #require(readBack.count == rows.count - 1)
        let firstMismatch = readBack.indices.first { readBack[$0] != rows[$0 + 1] }
        #expect(firstMismatch == nil)
    }
}
