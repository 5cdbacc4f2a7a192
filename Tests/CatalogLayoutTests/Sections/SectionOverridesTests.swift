// Per-section options read from JSON, in-process: merged key by key, strict, errors named.
import CollectionLayout
import Testing

@testable import CatalogLayout

@Suite struct SectionOverridesTests {
    private func read(_ json: String) throws(SectionOverrides.Failure) -> [Int: WaterfallLayoutConfiguration] {
        try SectionOverrides.read(json: Array(json.utf8), over: WaterfallLayoutConfiguration(columnCount: 2, minimumColumnSpacing: 10))
    }

    @Test func entriesChangeTheirSectionKeyByKeyAndNullKeepsIt() throws {
        let sections = try read(#"[null, {"columnCount": 3, "headerHeight": 44}, {}]"#)
        #expect(sections.keys.sorted() == [1, 2])
        var expected = WaterfallLayoutConfiguration(columnCount: 2, minimumColumnSpacing: 10)
        #expect(sections[2] == expected)
        expected.columnCount = 3
        expected.headerHeight = 44
        #expect(sections[1] == expected)
    }

    @Test(arguments: [
        (#"[null, {"columnCount": 3},]"#, "not valid JSON: expected a value at byte 27"),
        (#"{"columnCount": 3}"#, "expected a JSON array of per-section options"),
        (#"[null, 5]"#, "section 1: expected an object of options or null"),
        (#"[{"columnCont": 3}]"#, "section 0: unknown option 'columnCont'; expected one of columnCount, "),
        (#"[{"columnCount": "3"}]"#, "section 0 columnCount: expected a number"),
        (#"[{"sectionInset": 8}]"#, "section 0 sectionInset: expected an object"),
    ])
    func badFilesAreNamedByTheSectionAndKey(json: String, message: String) {
        #expect {
            _ = try read(json)
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }
}
