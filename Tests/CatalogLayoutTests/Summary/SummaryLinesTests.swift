// What a person reads after a run: numbers to three decimals, and the warnings only when
// there is something to warn about.
import CatalogLayout
import Testing

@Suite struct SummaryLinesTests {
    @Test(arguments: [
        (127.33333, "127.333"), (2.0, "2"), (0.0005, "0.001"), (-0.0001, "0"), (414, "414"), (17.4609375, "17.461"),
    ])
    func numbersHaveAtMostThreeDecimals(value: Double, text: String) {
        #expect(SummaryFormat.number(value) == text)
    }

    @Test func aHugeNumberIsWrittenWithoutTrapping() {
        #expect(!SummaryFormat.number(1e300).isEmpty)
        #expect(SummaryFormat.number(.infinity) == "inf")
    }

    @Test func missingGlyphsAreNotedOnlyWhenThereAreAny() {
        #expect(MissingGlyphNote.lines(count: 0, of: "card").isEmpty)
        #expect(
            MissingGlyphNote.lines(count: 3, of: "tag")
                == ["missing glyphs: 3 tag(s) with characters no font has (measured as empty boxes)"])
    }

    @Test func recordsOverSeveralLinesAreNotedWithTheFirstLine() {
        #expect(MultilineRecordNote.lines(count: 0, firstLine: nil).isEmpty)
        #expect(MultilineRecordNote.lines(count: 2, firstLine: nil).isEmpty)
        let lines = MultilineRecordNote.lines(count: 2, firstLine: 41)
        #expect(lines.count == 1)
        #expect(lines[0].hasPrefix("warning: 2 record(s) read over several lines"))
        #expect(lines[0].contains("the first at line 41"))
    }
}
