// Every streamed catalog layout writes the records of its whole layout, errors in place.
import CardModel
import CatalogIO
import CatalogLayout
import CollectionLayout
import Geometry
import Testing

@Suite struct StreamedCatalogLayoutTests {
    typealias Fixtures = CatalogLayoutFixtures

    /// The outcomes of 200 records with unreadable ones among them, measured at `width`.
    private func outcomes(width: Double) throws -> [CardOutcome] {
        let text = try Fixtures.catalogText(count: 200, inserting: [",No id,Nobody", ",Another,Nobody"], at: 41)
        var run = try Fixtures.run(text + ",Trailing,Nobody\n", widths: CardWidths(uniform: width), threads: 2)
        return try Fixtures.outcomes(of: &run)
    }

    /// The records of the whole layout of `outcomes`' cards, ordered by ``LayoutRecordOrder``.
    private func wholeLayoutRecords(
        _ outcomes: [CardOutcome], query: Rect? = nil, layout: ([[CardMeasurement]]) throws -> LayoutResult
    ) throws -> String {
        var order = LayoutRecordOrder(query: query)
        var cards: [CardMeasurement] = []
        for outcome in outcomes {
            order.add(outcome)
            if case .card(_, _, let measurement) = outcome { cards.append(measurement) }
        }
        let sections = stride(from: 0, to: cards.count, by: 50).map { Array(cards[$0..<min($0 + 50, cards.count)]) }
        let result = try layout(sections)
        var records: [LayoutRecordOrder.Record] = []
        order.add(result.elements, into: &records)
        order.finish(contentSize: result.contentSize, into: &records)
        return Fixtures.jsonLines(records)
    }

    /// `outcomes` streamed in batches of 37 through `layout`.
    private func streamedRecords(_ outcomes: [CardOutcome], layout: some CardStreamingLayout, query: Rect? = nil) throws -> String {
        var streamed = StreamedCatalogLayout(layout, sectionSize: 50, query: query)
        var records: [LayoutRecordOrder.Record] = []
        for start in stride(from: 0, to: outcomes.count, by: 37) {
            try streamed.add(Array(outcomes[start..<min(start + 37, outcomes.count)]), into: &records)
        }
        _ = try streamed.finish(into: &records)
        return Fixtures.jsonLines(records)
    }

    @Test(arguments: [nil, Rect(x: 0, y: 2_000, width: 414, height: 900)])
    func streamedGridWritesTheWholeGrid(query: Rect?) throws {
        var configuration = FlowLayoutConfiguration()
        configuration.sectionInset = EdgeInsets(all: 8)
        configuration.headerHeight = 20
        configuration.footerHeight = 10
        let layout = FlowLayout(collectionWidth: 414, configuration: configuration, displayScale: 2)
        let outcomes = try outcomes(width: 127)
        let streamed = try streamedRecords(outcomes, layout: GridCardStream(layout: layout), query: query)
        #expect(streamed == (try wholeLayoutRecords(outcomes, query: query) { try layout.layout($0.map { $0.map(\.size) }) }))
        #expect(streamed.split(separator: "\n").count(where: { $0.contains(#""error":"#) }) == (query == nil ? 3 : 0))
    }

    @Test(arguments: [false, true])
    func streamedWaterfallWritesTheWholeWaterfall(scalesCoverSizes: Bool) throws {
        var configuration = WaterfallLayoutConfiguration()
        configuration.headerHeight = 12
        let layout = WaterfallLayout(collectionWidth: 414, configuration: configuration, displayScale: 2)
        let outcomes = try outcomes(width: try layout.columnWidth(forSection: 0))
        let streamed = try streamedRecords(outcomes, layout: WaterfallCardStream(layout: layout, scalesCoverSizes: scalesCoverSizes))
        let whole = try wholeLayoutRecords(outcomes) { sections in
            scalesCoverSizes
                ? try layout.layout(referenceSizes: sections.map { $0.map { _ in Size.zero } })
                : try layout.layout(heights: sections.map { $0.map(\.size.height) })
        }
        #expect(streamed == whole)
    }

    /// A catalog without a card still has its one section and its content size.
    @Test func anEmptyCatalogIsOneEmptySection() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.headerHeight = 20
        var streamed = StreamedCatalogLayout(
            try GridCardStream(layout: FlowLayout(collectionWidth: 300, configuration: configuration)), sectionSize: nil, query: nil)
        var records: [LayoutRecordOrder.Record] = []
        try streamed.add([.failure(ErrorRecord(id: nil, line: 2, field: "id", message: "empty id"))], into: &records)
        _ = try streamed.finish(into: &records)
        #expect(records.map { if case .result(let record) = $0 { record.kind } else { "error" } } == ["header", "error", "content"])
    }
}
