// The checks themselves: the reference CSV reading they compare against, and a broken
// promise caught.
import Testing

@testable import FuzzTargets

@Suite struct InvariantCheckTests {
    private func rows(_ text: String) -> [[String]]? {
        ReferenceCSV.records(of: Array(text.utf8))?.map { $0.fields.map { String(decoding: $0, as: UTF8.self) } }
    }

    @Test func referenceCSVReadsQuotedFieldsAcrossLinesAndSkipsBlankOnes() throws {
        #expect(rows("id,title\r\n\r\n1,\"a, \"\"b\"\"\nc\"\n\r\n2,d\r") == [["id", "title"], ["1", "a, \"b\"\nc"], ["2", "d"]])
        let spans = try #require(ReferenceCSV.records(of: Array("h\n1,\"x\ny\"\n2".utf8))).map { [$0.line, $0.lastLine] }
        #expect(spans == [[1, 1], [2, 3], [4, 4]])
    }

    @Test func referenceCSVRefusesMalformedInput() {
        #expect(rows("id\n1\"x\n") == nil)
        #expect(rows("id\n\"1\"x\n") == nil)
        #expect(rows("id\n\"1\n") == nil)
    }

    @Test func wellFormedCatalogsPassAndNumberingGapsAreCaught() throws {
        let target = try #require(try FuzzTargets.make(CSVCatalogTarget.name))
        try target.check(Array("id,title,author\n1,\"A\nB\",C\n\n2,D,E".utf8))
        var spans = SpanChecker(lineCount: 10)
        try spans.next(recordNumber: 1, line: 2, lastLine: 3, isError: false)
        #expect(throws: InvariantViolation.self) { try spans.next(recordNumber: 3, line: 4, lastLine: 4, isError: false) }
        var overlapping = SpanChecker(lineCount: 10)
        try overlapping.next(recordNumber: 1, line: 2, lastLine: 3, isError: false)
        #expect(throws: InvariantViolation.self) { try overlapping.next(recordNumber: 2, line: 3, lastLine: 3, isError: false) }
    }
}
