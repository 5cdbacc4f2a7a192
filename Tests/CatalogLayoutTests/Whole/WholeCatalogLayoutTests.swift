// Catalogs laid out whole: items and error records in input order, tags, compositional cards.
import BundledFonts
import CardModel
import CatalogIO
import CatalogLayout
import CollectionLayout
import Geometry
import Testing
import TextEngine

@Suite struct WholeCatalogLayoutTests {
    typealias Fixtures = CatalogLayoutFixtures

    /// 60 bundled records with a record without an id and an unmeasurable title after the 20th.
    private func catalog() throws -> String {
        try Fixtures.catalogText(count: 60, inserting: [",No id,Nobody", Fixtures.unmeasurableRow], at: 20)
    }

    @Test func everyRecordIsAnItemOrAnErrorInInputOrder() throws {
        let text = try Fixtures.catalogText(count: 60, inserting: [",No id,Nobody", "skip,Skipped,Nobody"], at: 20)
        var items = CatalogItems(reading: try Fixtures.reader(text), field: "title") { record in
            guard record.id != "skip" else { throw CatalogTestError.rejected }
            return record.title
        }
        #expect(items.placed.count == 62)
        #expect(items.items.count == 60)
        #expect(items.failed == 2)
        guard case .failure(let missingID) = items.placed[20], case .failure(let rejected) = items.placed[21] else {
            Issue.record("records 20 and 21 should be errors: \(items.placed[20...21])")
            return
        }
        #expect(missingID.field == "id")
        #expect(rejected.id == "skip" && rejected.field == "title" && rejected.line == 23)
        // Items 0 and 30 fail later: their records become errors where they stood.
        let kept = items.items.indices.filter { $0 != 0 && $0 != 30 }.map { items.items[$0] }
        items.fail(items: [0: "too wide", 30: "too tall"], field: "title")
        #expect(items.items == kept)
        #expect(items.failed == 4)
        #expect(items.placed.count == 62)
        guard case .failure(let first) = items.placed[0] else { Issue.record("record 0 should be an error"); return }
        #expect(first.message == "too wide" && first.line == 2)
    }

    @Test func sectionsCutItemsInOrder() {
        #expect(Array(1...7).sections(of: 3) == [[1, 2, 3], [4, 5, 6], [7]])
        #expect(Array(1...7).sections(of: nil) == [Array(1...7)])
        #expect([Int]().sections(of: 3) == [[]])
    }

    @Test func aWholeLayoutsRecordsRoundTrip() throws {
        let text = try Fixtures.catalogText(count: 40, inserting: [",No id,Nobody"], at: 7)
        let tags = CatalogItems(reading: try Fixtures.reader(text), field: "title") { _ in Size(width: 60, height: 20) }
        let layout = try TagFlowLayout(collectionWidth: 200, configuration: TagFlowConfiguration(headerHeight: 10))
            .layout(tags.items.sections(of: 15))
        let laidOut = LaidOutCatalog(placed: tags.placed, layout: layout)
        let records = laidOut.records(query: nil)
        let again = LaidOutCatalog(records: records)
        #expect(again.placed == laidOut.placed)
        #expect(again.layout == laidOut.layout)
        // A query keeps the elements that meet it, then the content size, and no errors.
        let query = Rect(x: 0, y: 0, width: 200, height: 40)
        let queried = laidOut.records(query: query)
        #expect(queried.count == layout.elements.filter { $0.frame.intersects(query) }.count + 1)
    }

    @Test func tagsAreTheirTextsWidthPlusPaddingCappedAndCut() throws {
        let sizing = try TagSizing(padding: EdgeInsets(top: 6, left: 12, bottom: 6, right: 12), maxWidth: 120, displayScale: 2)
        let maker = CatalogTagMaker(
            field: .title, fontSize: 13, language: .guessedFromText, fonts: try BundledFonts.chain(), sizing: sizing,
            measurer: Fixtures.textMeasurer)
        var cut = 0
        for read in try Fixtures.reader(try Fixtures.catalogText(count: 40)) {
            let record = try read.get()
            let (text, style) = maker.text(of: record)
            let line = try Fixtures.textMeasurer.measure(text, style: style, width: .infinity, maxLines: 1)
            let tag = try maker.tag(for: record)
            #expect(tag.size == (try sizing.size(textWidth: line.naturalWidth, lineHeight: line.height)))
            #expect(tag.isTruncated == (line.naturalWidth + 24 > 120))
            #expect(style.language == CardLanguage.guess(record.title))
            let drawn = try maker.measurementInside(frame: Rect(origin: .zero, size: tag.size), of: record)
            #expect(drawn.isTruncated == tag.isTruncated)
            if tag.isTruncated { cut += 1 }
        }
        #expect(cut > 0)
    }

    @Test func anUnmeasurableCardBecomesAnErrorAndTheOthersKeepTheirHeights() throws {
        let grid = CompositionalCardGrid(
            collectionSize: Size(width: 390, height: 844), columns: 3, spacing: 8, measurer: try Fixtures.measurer())
        let cards = CatalogCardMaker()
        var withFailure = CatalogItems(reading: try Fixtures.reader(try catalog()), field: "id") { cards.card(for: $0) }
        let result = try grid.layOut(&withFailure)
        #expect(withFailure.failed == 2)  // no id, and the unmeasurable title
        var measurable = CatalogItems(
            reading: try Fixtures.reader(try Fixtures.catalogText(count: 60)), field: "id") { cards.card(for: $0) }
        #expect(try grid.layOut(&measurable) == result)
        #expect(result.elements.count == 60)
    }
}

private enum CatalogTestError: Error { case rejected }
