// Rows: children side by side in their columns, the row as tall as its tallest child.
import CardModel
import Geometry
import Testing

@Suite struct RowElementTests {
    /// A 1-line title, then a row of a spacer `spacerHeight` tall (30 wide) beside a 13 pt
    /// author label with three hard lines.
    static func template(spacerHeight: Double) -> CardTemplate {
        CardTemplate(spacing: 4) {
            LabelElement(field: .title, style: LabelStyle(fontSize: 15), maxLines: 1)
            RowElement(
                spacing: 8,
                children: [
                    RowChild(width: .fixed(30), SpacerElement(height: spacerHeight)),
                    RowChild(width: .fraction(1), LabelElement(field: .author, style: LabelStyle(fontSize: 13))),
                ])
        }
    }

    static let record = TestSupport.record("Dune", author: "Frank\nBrian\nKevin")

    @Test(arguments: [(10.0, 46.0), (60.0, 60.0)])
    func rowIsAsTallAsItsTallestChild(spacerHeight: Double, rowHeight: Double) throws {
        // The label: 3 × 15.1328125 = 45.3984375 → 46 at @1x.
        let card = try TestSupport.measurer(Self.template(spacerHeight: spacerHeight)).measure(
            record: Self.record, width: 127)
        #expect(card.size.height == 18 + 4 + rowHeight)
        #expect(card.frame(named: "row")?.frame == Rect(x: 0, y: 22, width: 127, height: rowHeight))
        #expect(card.frame(named: "spacer")?.frame == Rect(x: 0, y: 22, width: 30, height: spacerHeight))
        // 127 − 30 − 8 = 89 wide, 8 to the right of the spacer, top-aligned.
        #expect(card.frame(named: "author")?.frame == Rect(x: 38, y: 22, width: 89, height: 46))
        #expect(card.frame(named: "author")?.path == "elements[1].children[1].element")
    }

    @Test func fixedWidthsComeFirstAndFractionsShareTheRest() throws {
        let template = CardTemplate {
            RowElement(
                spacing: 5,
                children: [
                    RowChild(width: .fixed(40), SpacerElement(height: 1, name: "a")),
                    RowChild(width: .fraction(0.25), SpacerElement(height: 1, name: "b")),
                    RowChild(width: .fraction(0.75), SpacerElement(height: 1, name: "c")),
                ])
        }
        let card = try TestSupport.measurer(template).measure(record: Self.record, width: 127)
        // Shared: 127 − 40 − 2 × 5 = 77; 0.25 × 77 = 19.25, 0.75 × 77 = 57.75.
        #expect(
            ["a", "b", "c"].compactMap { card.frame(named: $0)?.frame } == [
                Rect(x: 0, y: 0, width: 40, height: 1), Rect(x: 45, y: 0, width: 19.25, height: 1),
                Rect(x: 69.25, y: 0, width: 57.75, height: 1),
            ])
    }

    @Test func hiddenChildKeepsItsColumn() throws {
        let template = CardTemplate {
            RowElement(
                spacing: 8,
                children: [
                    RowChild(
                        width: .fraction(0.5),
                        LabelElement(field: .other("rating"), style: LabelStyle(fontSize: 12), hidesWhenEmpty: true)),
                    RowChild(width: .fraction(0.5), SpacerElement(height: 20)),
                ])
        }
        let card = try TestSupport.measurer(template).measure(record: Self.record, width: 127)
        #expect(card.frames.map(\.name) == ["row", "spacer"])
        #expect(card.frame(named: "spacer")?.frame == Rect(x: 67.5, y: 0, width: 59.5, height: 20))  // (127 − 8) / 2
        #expect(card.size.height == 20)
    }

    @Test func rowOfHiddenChildrenIsHiddenWithItsSpacing() throws {
        let hidden = { (field: String) in
            RowChild(
                width: .fraction(0.5),
                LabelElement(field: .other(field), style: LabelStyle(fontSize: 12), hidesWhenEmpty: true))
        }
        let template = CardTemplate(spacing: 4) {
            LabelElement(field: .title, style: LabelStyle(fontSize: 15))
            RowElement(spacing: 8, children: [hidden("rating"), hidden("price")])
        }
        let measurer = try TestSupport.measurer(template)
        let bare = try measurer.measure(record: Self.record, width: 127)
        #expect(bare.size.height == 18)
        #expect(bare.frames.map(\.kind) == [.label])
        // With one field present, the row comes back: 4 + one 12 pt line (13.97 → 14).
        var record = Self.record
        record.otherFields["price"] = "¥1,200"
        let priced = try measurer.measure(record: record, width: 127)
        #expect(priced.size.height == 18 + 4 + 14)
        #expect(priced.frames.map(\.name) == ["title", "row", "price"])
    }

    /// Sizing without frames (as the command line sizes catalogs) gives the same size and
    /// title figures as with them, rows and hidden elements included, and no frames.
    @Test func measuringWithoutFramesGivesTheSameCard() throws {
        let template = try CardTemplate(json: TestSupport.templateData("book-with-row.json"))
        let measurer = try TestSupport.measurer(template, scale: 3)
        var records = try TestSupport.catalogRecords("goodbooks-10k.csv", count: 300)
        for index in records.indices where index % 3 == 0 { records[index].author = "" }
        for index in records.indices where index % 2 == 0 { records[index].imageSize = Size(width: 300, height: 460) }
        for record in records {
            var full = try measurer.measure(record: record, width: 190)
            let sized = try measurer.measure(record: record, width: 190, withFrames: false)
            #expect(sized.frames.isEmpty)
            #expect(!full.frames.isEmpty)
            full.frames = []
            #expect(sized == full, "\(record.title)")
        }
    }
}
