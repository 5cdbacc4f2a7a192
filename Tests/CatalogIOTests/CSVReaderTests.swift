import CatalogIO
// CSVReader: RFC 4180 syntax, line numbers, per-record errors, recovery, chunks and limits.
import Foundation
import SystemPackage
import Testing

struct CSVReaderTests {
    /// One RFC 4180 case: the data rows after a `a,b` header, and the fields expected.
    struct SyntaxCase: CustomTestStringConvertible, Sendable {
        let name: String
        let rows: String
        let expected: [[String]]
        var testDescription: String { name }
    }

    static let syntaxCases: [SyntaxCase] = [
        SyntaxCase(name: "plain", rows: "1,2\n3,4\n", expected: [["1", "2"], ["3", "4"]]),
        SyntaxCase(name: "quoted comma", rows: "\"x, y\",2\n", expected: [["x, y", "2"]]),
        SyntaxCase(
            name: "doubled quotes", rows: "\"say \"\"hi\"\"\",\"\"\"\"\n",
            expected: [["say \"hi\"", "\""]]),
        SyntaxCase(name: "embedded LF", rows: "\"one\ntwo\",2\n", expected: [["one\ntwo", "2"]]),
        SyntaxCase(
            name: "embedded CRLF", rows: "\"one\r\ntwo\",2\r\n",
            expected: [["one\r\ntwo", "2"]]),
        SyntaxCase(
            name: "CRLF row ends", rows: "1,2\r\n3,\"4\"\r\n", expected: [["1", "2"], ["3", "4"]]),
        SyntaxCase(
            name: "empty fields", rows: ",\n\"\",\n,\"\"\n",
            expected: [["", ""], ["", ""], ["", ""]]),
        SyntaxCase(
            name: "last row without newline", rows: "1,2\n3,4",
            expected: [["1", "2"], ["3", "4"]]),
        SyntaxCase(
            name: "last quoted row without newline", rows: "1,\"2\"", expected: [["1", "2"]]),
        SyntaxCase(name: "last row ending in CR only", rows: "1,2\r", expected: [["1", "2"]]),
        SyntaxCase(name: "trailing comma", rows: "1,\n", expected: [["1", ""]]),
        SyntaxCase(name: "lone CR is data", rows: "a\rb,2\n", expected: [["a\rb", "2"]]),
        SyntaxCase(name: "spaces kept", rows: " 1 , 2 \n", expected: [[" 1 ", " 2 "]]),
        SyntaxCase(
            name: "blank lines skipped", rows: "\n1,2\n\r\n\n3,4\n\n",
            expected: [["1", "2"], ["3", "4"]]),
        SyntaxCase(
            name: "UTF-8 text", rows: "駅伝馬車,\"GrandPré, J.\"\n",
            expected: [["駅伝馬車", "GrandPré, J."]]),
    ]

    @Test(arguments: syntaxCases)
    func parsesRFC4180(_ syntaxCase: SyntaxCase) throws {
        let (header, results) = try TestSupport.csvResults("a,b\n" + syntaxCase.rows)
        #expect(header == ["a", "b"])
        #expect(results.map(\.value) == syntaxCase.expected)
    }

    @Test func skipsByteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("id,title\r\n1,x\r\n".utf8)
        let (header, results) = try TestSupport.csvResults(bytes: bytes)
        #expect(header == ["id", "title"])
        #expect(results.map(\.value) == [["1", "x"]])
    }

    @Test func numbersLinesAndRecords() throws {
        let text = "a,b\n1,\"two\nlines\"\n\n3,4\r\n\"5\r\n\r\n\",6\n7,8\n"
        try TestSupport.withTemporaryFile(Array(text.utf8)) { path in
            let records = try CSVReader(path: path).map { try $0.get() }
            #expect(records.map(\.line) == [2, 5, 6, 9])
            #expect(records.map(\.recordNumber) == [1, 2, 3, 4])
        }
    }

    @Test func reportsMalformedRecordAndParsesTheNext() throws {
        let text = "a,b\n1,x\"y\n2,ok\n\"3\"z,bad\n4,\"fine\"\n"
        let (_, results) = try TestSupport.csvResults(text)
        try #require(results.count == 4)
        #expect(results[0].error?.reason == .quoteInUnquotedField)
        #expect(results[0].error?.line == 2)
        #expect(results[0].error?.fieldIndex == 1)
        #expect(results[1].value == ["2", "ok"])
        #expect(results[2].error?.reason == .textAfterClosingQuote)
        #expect(results[2].error?.line == 4)
        #expect(results[2].error?.recordNumber == 3)
        #expect(results[3].value == ["4", "fine"])
    }

    @Test func textAfterClosingQuoteAndCR() throws {
        let (_, results) = try TestSupport.csvResults("a,b\n\"1\"\rx,2\n3,4\n")
        try #require(results.count == 2)
        #expect(results[0].error?.reason == .textAfterClosingQuote)
        #expect(results[1].value == ["3", "4"])
    }

    @Test func unterminatedQuoteResumesAfterTheOpeningQuotesLine() throws {
        let text = "a,b,c\n0,ok,ok\n1,\"multi\nline\",\"never closed\n2,x,y\n3,y,z"
        let (_, results) = try TestSupport.csvResults(text)
        try #require(results.count == 4)
        #expect(results[0].value == ["0", "ok", "ok"])
        #expect(results[1].error?.reason == .unterminatedQuote)
        #expect(results[1].error?.line == 3)
        #expect(results[1].error?.fieldIndex == 2)
        #expect(results[2].value == ["2", "x", "y"])
        #expect(results[3].value == ["3", "y", "z"])
        #expect(results[3].error == nil)
    }

    @Test func recordsLongerThanTheLimitFail() throws {
        let longField = String(repeating: "x", count: 100)
        let text = "a,b\n1,\(longField)\n2,\"open \(longField)\n3,ok\n4,short\n"
        let (_, results) = try TestSupport.csvResults(text, maximumRecordBytes: 64)
        try #require(results.count == 4)
        #expect(results[0].error?.reason == .recordTooLong(limit: 64))
        #expect(results[0].error?.lastLine == 2)  // one line: its own line end is not another
        #expect(results[0].error?.message == "record longer than 64 bytes")
        #expect(results[1].error?.reason == .quotedFieldTooLong(limit: 64))
        #expect(results[1].error?.message.hasSuffix("(unclosed quote?)") == true)
        #expect(results[1].error?.line == 3)
        #expect(results[2].value == ["3", "ok"])
        #expect(results[3].value == ["4", "short"])
    }

    @Test func overlongRecordsAcrossChunksFailAndReadingResumes() throws {
        let huge = String(repeating: "y", count: 300_000)
        let text = "a,b\n1,\(huge)\n2,\"\(huge)\n3,after\n"
        let (_, results) = try TestSupport.csvResults(text, maximumRecordBytes: 1000)
        try #require(results.count == 3)
        #expect(
            results.map { $0.error?.reason } == [
                .recordTooLong(limit: 1000), .quotedFieldTooLong(limit: 1000), nil,
            ])
        #expect(results.last?.value == ["3", "after"])
        #expect(results.last?.error == nil)
    }

    @Test func recordsSpanningChunkBoundariesParseWhole() throws {
        var text = "id,text\n"
        var expected: [[String]] = []
        for index in 0..<6000 {
            let accents = String(repeating: "é", count: index % 17)
            let field = "row \(index), \"quoted\"\r\nsecond line \(accents)"
            text += "\(index),\(CSVWriter.escape(field))\r\n"
            expected.append([String(index), field])
        }
        #expect(text.utf8.count > 4 * 65_536)
        let (_, results) = try TestSupport.csvResults(text)
        try #require(results.count == expected.count)
        let firstMismatch = results.indices.first { results[$0].value != expected[$0] }
        #expect(firstMismatch == nil)
    }

    @Test func invalidUTF8StaysInTheFieldBytes() throws {
        let bytes = Array("a,b\n1,".utf8) + [0xFF, 0xFE] + Array("\n".utf8)
        try TestSupport.withTemporaryFile(bytes) { path in
            var reader = try CSVReader(path: path)
            let record = try #require(try reader.next()?.get())
            #expect(Array(record[1]) == [0xFF, 0xFE])
            #expect(record.string(at: 1) == nil)
            #expect(record.string(at: 0) == "1")
        }
    }

    @Test func headerProblemsThrow() throws {
        #expect(throws: CatalogOpenError.missingHeader) { try TestSupport.csvResults("") }
        #expect(throws: CatalogOpenError.missingHeader) { try TestSupport.csvResults("\n\r\n") }
        #expect(throws: CatalogOpenError.headerNotUTF8(column: 2)) {
            try TestSupport.csvResults(bytes: Array("a,".utf8) + [0xC3] + Array("\n1,2\n".utf8))
        }
        #expect {
            try TestSupport.csvResults("a,\"b\n1,2\n")
        } throws: { error in
            guard case .malformedHeader(let syntax) = error as? CatalogOpenError else {
                return false
            }
            return syntax.reason == .unterminatedQuote && syntax.line == 1
        }
    }

    @Test func missingFileThrows() {
        #expect(throws: CatalogOpenError.cannotOpen(path: "/nonexistent/catalog.csv")) {
            try CSVReader(path: "/nonexistent/catalog.csv")
        }
    }

    @Test func readErrorIsReported() throws {
        let directory = FileManager.default.temporaryDirectory.path
        #expect {
            try CSVReader(path: directory)
        } throws: { error in
            guard case .readFailed = error as? CatalogOpenError else { return false }
            return true
        }
    }

    @Test func readsStandardInputStylePipes() throws {
        let pipe = try FileDescriptor.pipe()
        defer { try? pipe.readEnd.close() }
        _ = try pipe.writeEnd.writeAll("id,title\n1,\"a\nb\"\n".utf8)
        try pipe.writeEnd.close()
        let reader = try CSVReader(input: InputFile(descriptor: pipe.readEnd))
        #expect(reader.header == ["id", "title"])
        #expect(reader.map { $0.map(TestSupport.fieldTexts).value } == [["1", "a\nb"]])
    }
}
