// The card examples of the README and docs/swift.md, compiled and checked, so the documentation cannot drift.
import BundledFonts
import CardModel
import CollectionLayout
import Testing
import TextEngine

@Suite struct ReadmeExampleTests {
    @Test func theReadmeTemplateMeasuresLikeTheBookCard() throws {
        let template = CardTemplate(spacing: 4) {
            ImageElement(aspectRatio: .bookCover)
            LabelElement(field: .title, style: LabelStyle(fontSize: 15), maxLines: 2, reserveLines: 2)
            LabelElement(field: .author, style: LabelStyle(fontSize: 13), maxLines: 1)
        }
        let cards = try CardMeasurer(template: template, fonts: BundledFonts.chain(), displayScale: 2)
        let card = try cards.measure(record: CardRecord(id: "1", title: "Kokoro", author: "Natsume Sōseki"), width: 127)
        // Cover 127 × 10/7 = 181.43 → 181.5; title 2 reserved lines of 17.4609375 → 35;
        // author 15.1328125 → 15.5; two gaps of 4.
        #expect(card.size.height == 181.5 + 35 + 15.5 + 8)
        #expect(card.titleLineCount == 1)
        #expect(!card.isTitleTruncated)
    }

    /// docs/swift.md's catalog example: cached measurers and a streamed waterfall give the
    /// frames of measuring every card afresh and laying them out at once.
    @Test func theReadmeCatalogExampleStreamsWhatAWholeLayoutGives() throws {
        let records = try TestSupport.catalogRecords("goodbooks-10k.csv", count: 300)
        let repeated = records + records
        let text = TextMeasurer(cacheCapacity: 4096, measurementCacheCapacity: 131_072)
        let cards = try CardMeasurer(template: .bookHugging, fonts: BundledFonts.chain(), displayScale: 3,
                                     textMeasurer: text, cardCacheCapacity: 131_072)
        let layout = WaterfallLayout(collectionWidth: 390, configuration: WaterfallLayoutConfiguration())
        let width = try layout.columnWidth(forSection: 0)
        var state = try layout.streamingState()
        var frames: [LayoutElement] = []
        for record in repeated {
            let card = try cards.measure(record: record, width: width, withFrames: false)
            try state.stream(heights: [card.size.height], toSection: 0, into: &frames)
        }
        let contentSize = state.finish(into: &frames)

        let fresh = try CardMeasurer(template: .bookHugging, fonts: BundledFonts.chain(), displayScale: 3)
        let heights = try repeated.map { try fresh.measure(record: $0, width: width).size.height }
        let whole = try layout.layout(heights: [heights])
        #expect(frames == whole.elements)
        #expect(contentSize == whole.contentSize)
        #expect(try #require(cards.cardCacheStatistics).hits >= records.count)
    }
}
