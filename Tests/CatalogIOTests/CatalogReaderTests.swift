import CatalogIO
// CatalogReader: the bundled catalogs, per-record errors through a mapping, and JSON Lines.
import Foundation
import Testing

struct CatalogReaderTests {
    @Test func readsAllOfGoodbooks() throws {
        let results = Array(try CatalogReader(path: TestSupport.catalogPath("goodbooks-10k.csv")))
        let records = results.compactMap(\.value)
        try #require(results.count == 10_000)
        #expect(records.count == 10_000)
        #expect(records.first?.title == "The Hunger Games (The Hunger Games, #1)")
        #expect(records.first?.author == "Suzanne Collins")
        #expect(records.first?.line == 2)
        let harryPotter = try #require(records.first { $0.id == "2" })
        #expect(harryPotter.author == "J.K. Rowling, Mary GrandPré")
        #expect(records.last?.recordNumber == 10_000)
        #expect(Set(records.map(\.id)).count == 10_000)
    }

    @Test func readsAllOfAozoraBunko() throws {
        let mapping = ColumnMapping(otherColumns: ["translator"])
        let results = Array(
            try CatalogReader(path: TestSupport.catalogPath("aozora-bunko.csv"), mapping: mapping))
        let records = results.compactMap(\.value)
        try #require(results.count == 14_759)
        #expect(records.count == 14_759)
        #expect(records.first?.id == "056078")
        #expect(records.first?.title == "駅伝馬車")
        #expect(records.first?.author == "アーヴィング ワシントン")
        #expect(records.first?.otherFields == ["translator": "高垣 松雄"])
    }

    @Test func readsImageSizes() throws {
        let mapping = ColumnMapping(imageSize: .init(width: "w", height: "h"))
        let results = try TestSupport.catalogResults(
            "id,title,author,w,h\n1,A,,249,415.5\n2,B,x,,\n3,C,x,0,10\n4,D,x,abc,10\n5,E,x,10,\n",
            mapping: mapping)
        try #require(results.count == 5)
        let size = try #require(results[0].value?.imageSize)
        #expect(size.width == 249 && size.height == 415.5)
        #expect(results[0].value?.author == "")
        #expect(results[1].value != nil && results[1].value?.imageSize == nil)
        #expect(
            results[2].error
                == CatalogError(
                    line: 4, recordNumber: 3, field: "w", message: "must be a number greater than 0 up to 1000000, got 0.0",
                    recordID: "3"))
        #expect(results[3].error?.field == "w")
        #expect(results[3].error?.message == "'abc' is not a decimal number")
        #expect(results[4].error?.field == "h")
    }

    /// `Double` reads hexadecimal, `inf` and `nan`; a cover side is a decimal number, in both
    /// formats (a JSON Lines cover given as a string is read as a CSV cell is).
    @Test(arguments: ["csv", "jsonl"]) func coverSizesAreDecimal(format: String) throws {
        let mapping = ColumnMapping(imageSize: .init(width: "w", height: "h"))
        let catalog = format == "csv"
            ? "id,title,author,w,h\n1,A,,0x10,100\n2,B,,100,nan\n3,C,,1e2,150\n"
            : [#"{"id":1,"title":"A","author":"","w":"0x10","h":100}"#, #"{"id":2,"title":"B","author":"","w":100,"h":"nan"}"#,
               #"{"id":3,"title":"C","author":"","w":1e2,"h":150}"#].joined(separator: "\n")
        let results = try TestSupport.catalogResults(catalog, fileExtension: format, mapping: mapping)
        try #require(results.count == 3)
        #expect(results[0].error == CatalogError(
            line: format == "csv" ? 2 : 1, recordNumber: 1, field: "w", message: "'0x10' is not a decimal number", recordID: "1"))
        #expect(results[1].error?.field == "h")
        #expect(results[1].error?.message == "'nan' is not a decimal number")
        #expect(results[2].value?.imageSize?.width == 100)
    }

    /// A cover whose height at a column's width would overflow a layout's sums is refused
    /// where it is read, in both formats, naming the record and the column.
    @Test(arguments: ["csv", "jsonl"]) func refusesCoverSizesThatCouldOverflowALayout(format: String) throws {
        let mapping = ColumnMapping(imageSize: .init(width: "w", height: "h"))
        let catalog = format == "csv"
            ? "id,title,author,w,h\n1,A,,1,1e300\n2,B,,1e-4,1000\n3,C,,200,300\n4,D,,inf,1\n"
            : [#"{"id":1,"title":"A","author":"","w":1,"h":1e300}"#, #"{"id":2,"title":"B","author":"","w":1e-4,"h":1000}"#,
               #"{"id":3,"title":"C","author":"","w":200,"h":300}"#, #"{"id":4,"title":"D","author":"","w":"inf","h":1}"#]
                .joined(separator: "\n")
        let results = try TestSupport.catalogResults(catalog, fileExtension: format, mapping: mapping)
        try #require(results.count == 4)
        #expect(results[0].error?.recordID == "1")
        #expect(results[0].error?.field == "h")
        #expect(results[0].error?.message == "must be a number greater than 0 up to 1000000, got 1e+300")
        #expect(results[1].error?.field == "h")
        #expect(results[1].error?.message == "the cover size 0.0001:1000.0 has one side more than 1000000 times the other")
        #expect(results[2].value?.imageSize?.height == 300)
        #expect(results[3].error?.field == "w")
    }

    @Test func invalidUTF8InTitleNamesFieldAndLine() throws {
        let bytes =
            Array("id,title,author\n1,ok,a\n2,bad ".utf8) + [0xE9] + Array(",b\n3,ok,c\n".utf8)
        let results = try TestSupport.catalogResults(bytes: bytes)
        try #require(results.count == 3)
        #expect(
            results[1].error
                == CatalogError(
                    line: 3, recordNumber: 2, field: "title", message: "invalid UTF-8",
                    recordID: "2"))
        #expect(results[1].error?.description == "line 3 (id 2), title: invalid UTF-8")
        #expect(results[2].value?.title == "ok")
    }

    @Test func shortRowNamesTheMissingColumn() throws {
        let results = try TestSupport.catalogResults("id,title,author,year\n1,T,A\n2,T,A,1999\n")
        try #require(results.count == 2)
        #expect(results[0].error?.field == "year")
        #expect(results[0].error?.line == 2)
        #expect(results[0].error?.recordID == "1")
        #expect(results[0].error?.message == "missing field: row has 3 of 4 columns")
        #expect(results[1].value?.id == "2")
    }

    @Test func extraFieldsFailUnlessEmpty() throws {
        let results = try TestSupport.catalogResults("id,title,author\n1,T,A,,\n2,T,A,surplus\n")
        try #require(results.count == 2)
        #expect(results[0].value?.id == "1")
        #expect(results[1].error?.field == nil)
        #expect(results[1].error?.message == "row has 4 fields but the header has 3")
    }

    @Test func emptyIDFails() throws {
        let results = try TestSupport.catalogResults("id,title,author\n,T,A\n\"\",T,A\n3,T,A\n")
        try #require(results.count == 3)
        #expect(results.map { $0.error?.message } == ["empty id", "empty id", nil])
        #expect(results[0].error?.field == "id")
        #expect(results[0].error?.recordID == nil)
    }

    @Test func malformedCSVBecomesErrorRecordNamingTheColumn() throws {
        let results = try TestSupport.catalogResults("id,title,author\n1,x\"y,A\n2,T,A\n")
        try #require(results.count == 2)
        #expect(
            results[0].error
                == CatalogError(
                    line: 2, recordNumber: 1, field: "title", message: "quote in unquoted field",
                    recordID: nil))
        #expect(results[1].value?.id == "2")
    }

    @Test func mappingColumnsMissingFromHeaderThrow() throws {
        #expect(
            throws: CatalogOpenError.columnNotInHeader(
                column: "title", header: ["id", "name", "author"])
        ) {
            try TestSupport.catalogResults("id,name,author\n1,x,y\n")
        }
        let mapping = ColumnMapping(
            title: "name", imageSize: .init(width: "width", height: "height"))
        #expect(
            throws: CatalogOpenError.columnNotInHeader(
                column: "width", header: ["id", "name", "author"])
        ) {
            try TestSupport.catalogResults("id,name,author\n1,x,y\n", mapping: mapping)
        }
    }

    @Test func chooseFormatByExtension() throws {
        #expect(CatalogFormat(path: "a/b.CSV") == .csv)
        #expect(CatalogFormat(path: "b.jsonl") == .jsonLines)
        #expect(CatalogFormat(path: "b.ndjson") == .jsonLines)
        #expect(CatalogFormat(path: "b.json") == nil)
        #expect(throws: CatalogOpenError.unrecognizedExtension(path: "catalog.txt")) {
            try CatalogReader(path: "catalog.txt")
        }
        let results = try TestSupport.withTemporaryFile(
            Array("{\"id\":1,\"title\":\"T\",\"author\":\"A\"}\n".utf8), fileExtension: "txt"
        ) {
            Array(try CatalogReader(path: $0, format: .jsonLines))
        }
        #expect(results.first?.value?.id == "1")
    }

    @Test func jsonLinesNumbersNullsAndOtherKeys() throws {
        let text = """
            {"id": 12, "title": "XII", "author": null, "w": 249, "h": "415", "year": 1999, "x": [1]}
            {"id": "b", "title": 2.5, "author": "A", "w": null, "h": null, "year": "x"}
            """
        let mapping = ColumnMapping(
            imageSize: .init(width: "w", height: "h"), otherColumns: ["year"])
        let results = try TestSupport.catalogResults(text, fileExtension: "jsonl", mapping: mapping)
        try #require(results.count == 2)
        let first = try #require(results[0].value)
        #expect(first.id == "12" && first.title == "XII" && first.author == "")
        #expect(first.imageSize?.width == 249 && first.imageSize?.height == 415)
        #expect(first.otherFields == ["year": "1999"])
        #expect(results[1].value?.title == "2.5")
        #expect(results[1].value != nil && results[1].value?.imageSize == nil)
    }

    /// A stray quote takes the next lines into one field; the record that fails says which
    /// lines it took, and a legitimate multi-line field is read as before.
    @Test func aRecordThatFailsOverSeveralLinesNamesTheLinesItTook() throws {
        let swallowed = try TestSupport.catalogResults("id,title,author\n1,\"Stray,A\n2,Two,B\n3,Three\",C,D\n4,Four,D\n")
        #expect(swallowed.count == 2)
        #expect(swallowed[0].error?.message == "row has 4 fields but the header has 3 (a quoted field runs over lines 2–4)")
        #expect(swallowed[1].value?.id == "4")
        let closedEarly = try TestSupport.catalogResults("id,title,author\n1,\"Stray,A\n2,Two,B\n3,\"Three\",C\n4,Four,D\n")
        #expect(closedEarly.first?.error?.message == "text after closing quote (a quoted field runs over lines 2–4)")
        #expect(closedEarly.last?.value?.id == "4")
        let unclosed = try TestSupport.catalogResults("id,title,author\n1,\"Stray,A\n2,Two,B\n")
        #expect(unclosed.first?.error?.message == "quoted field not closed before the end of the input")
        #expect(unclosed.last?.value?.id == "2")  // read again from the line after the quote
        let multiline = try TestSupport.catalogResults("id,title,author\n1,\"Multi\nline\",A\n2,Two,B\n")
        #expect(multiline.map { $0.value?.id } == ["1", "2"])
    }

    /// Numbers are read as written (an id is text, not a Double), and the JSON is strict.
    @Test func jsonLinesKeepNumbersAsWrittenAndRefuseLaxJSON() throws {
        let text = """
            {"id": 12345678901234567890123, "title": "One", "author": "A"}
            {"id": -0, "title": 2.50, "author": "A"}
            {"id": 3, "title": "Three", "author": "A",}
            {"id": 01, "title": "Four", "author": "A"}
            {"id": 5, "title": "Five", "author": "A", "id": 6}
            """
        let results = try TestSupport.catalogResults(text, fileExtension: "jsonl")
        try #require(results.count == 5)
        #expect(results[0].value?.id == "12345678901234567890123")
        #expect(results[1].value?.id == "-0" && results[1].value?.title == "2.50")
        #expect(results[2].error?.message == "not valid JSON: expected a key in quotes at byte 43")
        #expect(results[3].error?.message == "not valid JSON: expected a value at byte 8")
        #expect(results[4].error?.message.hasPrefix("not valid JSON: key \"id\" given twice") == true)
        let invalid = try TestSupport.catalogResults(
            bytes: Array(#"{"id": "a"#.utf8) + [0xFF] + Array(#"", "title": "T", "author": "A"}"#.utf8), fileExtension: "jsonl")
        #expect(invalid.first?.error?.message == "not valid UTF-8")
    }

    @Test func jsonLinesBadLinesBecomeErrorRecords() throws {
        let text = """
            {"id": 1, "title": "One", "author": "A"}
            {"id": 2, "title": "Two", "author": "A"

            [1, 2]
            {"id": 4, "author": "A"}
            {"id": true, "title": "Five", "author": "A"}
            {"id": "", "title": "Six", "author": "A"}
            \t
            {"id": 7, "title": "Seven", "author": "A"}
            """
        let results = try TestSupport.catalogResults(text, fileExtension: "jsonl")
        try #require(results.count == 7)
        #expect(results.map { $0.value?.id } == ["1", nil, nil, nil, nil, nil, "7"])
        #expect(
            results[1].error
                == CatalogError(
                    line: 2, recordNumber: 2, field: nil, message: "not valid JSON: expected ',' or '}' at byte 40",
                    recordID: nil))
        #expect(results[2].error?.message == "not a JSON object")
        #expect(results[2].error?.line == 4)
        #expect(
            results[3].error
                == CatalogError(
                    line: 5, recordNumber: 4, field: "title", message: "missing field",
                    recordID: "4"))
        #expect(results[4].error?.message == "not a string or number")
        #expect(results[5].error?.message == "empty id")
        #expect(results[6].value?.line == 9)
        #expect(results[6].value?.recordNumber == 7)
    }

    @Test func jsonLinesAcrossChunksAndOverlongLines() throws {
        var text = ""
        for index in 0..<3000 {
            let title = "Title \(index) " + String(repeating: "長", count: 20)
            text += "{\"id\": \(index), \"title\": \"\(title)\", \"author\": \"A\"}\r\n"
        }
        let longTitle = String(repeating: "x", count: 200_000)
        text += "{\"id\": \"long\", \"title\": \"\(longTitle)\", \"author\": \"A\"}\n"
        text += "{\"id\": \"after\", \"title\": \"T\", \"author\": \"A\"}"
        let results = try TestSupport.withTemporaryFile(Array(text.utf8), fileExtension: "ndjson") {
            Array(try CatalogReader(path: $0, maximumRecordBytes: 10_000))
        }
        try #require(results.count == 3002)
        #expect(results[0..<3000].allSatisfy { $0.value != nil })
        #expect(results[2999].value?.title.hasPrefix("Title 2999 長") == true)
        #expect(results[3000].error?.message == "line longer than 10000 bytes")
        #expect(results[3000].error?.line == 3001)
        #expect(results[3001].value?.id == "after")
    }
}
