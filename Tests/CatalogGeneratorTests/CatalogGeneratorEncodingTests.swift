// Generated records are written byte for byte as CSVWriter and RecordWriter write them.
@testable import CatalogGenerator
import CatalogIO
import Foundation
import Testing

@Suite struct CatalogGeneratorEncodingTests {
    typealias Fixtures = CatalogGeneratorFixtures

    @Test(arguments: CatalogGenerator.Mode.allCases)
    func realRecordsAreWrittenAsTheWritersWriteThem(mode: CatalogGenerator.Mode) throws {
        let records = try Fixtures.records(mode: mode, count: 5_000)
        let csv = try Fixtures.generatedBytes(mode: mode, recordCount: 5_000, format: .csv)
        #expect(csv == (try Self.viaCSVWriter(records)))
        let jsonLines = try Fixtures.generatedBytes(mode: mode, recordCount: 5_000, format: .jsonl)
        #expect(jsonLines == (try Self.viaRecordWriter(records)))
        // Titles with commas are quoted, so the comparison covers quoting.
        #expect(String(decoding: csv, as: UTF8.self).contains(",\""))
    }

    @Test func textNeedingEscapesIsWrittenAsTheWritersWriteIt() throws {
        let record = GeneratedRecord(
            id: "g000000001", title: "She said \"hi\", then\r\nleft \\ \t\u{1} 第3巻",
            author: "Ōe, Kenzaburō", language: .japanese,
            coverSize: Fixtures.sources.coverSizes[0])
        let plain = GeneratedRecord(
            id: "g000000002", title: "Plain", author: "", language: .english,
            coverSize: Fixtures.sources.coverSizes[1])
        let csv = try Fixtures.writtenBytes { output in
            var bytes: [UInt8] = []
            GeneratedRecord.appendCSVHeader(to: &bytes)
            record.appendCSVRow(to: &bytes)
            plain.appendCSVRow(to: &bytes)
            try output.write(bytes)
        }
        #expect(csv == (try Self.viaCSVWriter([record, plain])))
        #expect(String(decoding: csv, as: UTF8.self).contains("\"She said \"\"hi\"\", then\r\nleft"))
        let jsonLines = try Fixtures.writtenBytes { output in
            var bytes: [UInt8] = []
            record.appendJSONLine(to: &bytes)
            plain.appendJSONLine(to: &bytes)
            try output.write(bytes)
        }
        #expect(jsonLines == (try Self.viaRecordWriter([record, plain])))
        #expect(String(decoding: jsonLines, as: UTF8.self).contains(#"She said \"hi\", then\r\nleft \\ \t\u0001"#))
    }

    private static func viaCSVWriter(_ records: [GeneratedRecord]) throws -> [UInt8] {
        try Fixtures.writtenBytes { output in
            let writer = CSVWriter(output: output)
            try writer.write(row: CatalogGenerator.columns)
            for record in records { try writer.write(row: fields(record).map(\.text)) }
            try writer.flush()
        }
    }

    private static func viaRecordWriter(_ records: [GeneratedRecord]) throws -> [UInt8] {
        try Fixtures.writtenBytes { output in
            let writer = RecordWriter(output: output, format: .jsonl, columns: CatalogGenerator.columns)
            for record in records { try writer.write(OutputRecord(fields(record).map(\.field))) }
            try writer.flush()
        }
    }

    /// The record's columns as CSV text and as output fields.
    private static func fields(_ record: GeneratedRecord) -> [(text: String, field: OutputRecord.Field)] {
        let strings = [record.id, record.title, record.author, record.language.rawValue]
        let numbers = [record.coverSize.width, record.coverSize.height]
        return zip(CatalogGenerator.columns, strings).map { ($1, OutputRecord.Field($0, .string($1))) }
            + zip(CatalogGenerator.columns.suffix(2), numbers).map { (String($1), OutputRecord.Field($0, .integer($1))) }
    }
}
