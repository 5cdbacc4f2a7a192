// CSV fields are checked for UTF-8 before they become strings.
import Testing

@testable import CatalogIO

@Suite struct CSVFieldUTF8Tests {
    @Test func aCSVFieldOfInvalidUTF8ReadsAsNoString() throws {
        let results = try TestSupport.catalogResults(
            bytes: Array("id,title,author\n1,".utf8) + [0xE3, 0x81] + Array(",A\n2,\u{3053}\u{3053}\u{308D},B\n".utf8))
        #expect(results.count == 2)
        #expect(results[0].error?.field == "title")
        #expect(results[1].value?.title == "こころ")
    }
}
