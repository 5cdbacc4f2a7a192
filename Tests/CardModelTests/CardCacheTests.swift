// The card cache: the same cards as without it, keyed on everything of a record a card reads.
import BundledFonts
import CardModel
import Geometry
import Testing
import TextEngine

@Suite struct CardCacheTests {
    /// Repeated records (the same title and author under other ids), other languages and
    /// other covers: every cached card equals the one measured afresh.
    @Test(arguments: ["book.json", "book-with-row.json"])
    func cachedCardsEqualFreshOnes(template file: String) throws {
        let template = try CardTemplate(json: TestSupport.templateData(file))
        let cached = try CardMeasurer(
            template: template, fonts: BundledFonts.chain(), displayScale: 3, textMeasurer: TextMeasurer(),
            cardCacheCapacity: 10_000)
        let fresh = try CardMeasurer(template: template, fonts: BundledFonts.chain(), displayScale: 3)
        let base = try TestSupport.catalogRecords("goodbooks-10k.csv", count: 200)
            + TestSupport.catalogRecords("aozora-bunko.csv", count: 200, language: "ja")
        var records: [CardRecord] = []
        for (index, record) in (base + base).enumerated() {
            var record = record
            record.id = "copy-\(index)"
            if index % 5 == 0 { record.imageSize = Size(width: 300, height: 400 + Double(index % 3) * 60) }
            if index % 7 == 0 { record.language = record.language == nil ? "ja" : nil }
            records.append(record)
        }
        for record in records {
            for width in [127.0, 190] {
                let expected = try fresh.measure(record: record, width: width, withFrames: false)
                #expect(try cached.measure(record: record, width: width, withFrames: false) == expected, "\(record.title)")
            }
        }
        let statistics = try #require(cached.cardCacheStatistics)
        #expect(statistics.hits > 0 && statistics.misses > 0)
        #expect(statistics.hits + statistics.misses == 2 * records.count)
        #expect(fresh.cardCacheStatistics == nil)
    }

    /// A record's empty language and a missing one are one key, as they are one card (the
    /// label's own language either way); another language is another key.
    @Test func anEmptyLanguageIsNoLanguage() throws {
        let cached = try CardMeasurer(
            template: .bookHugging, fonts: BundledFonts.chain(), displayScale: 3, textMeasurer: TextMeasurer(),
            cardCacheCapacity: 1_000)
        var record = TestSupport.record("吾輩は猫である Dune")
        let missing = try cached.measure(record: record, width: 127, withFrames: false)
        record.language = ""
        #expect(try cached.measure(record: record, width: 127, withFrames: false) == missing)
        #expect(cached.cardCacheStatistics?.hits == 1)
        record.language = "ja"
        _ = try cached.measure(record: record, width: 127, withFrames: false)
        #expect(cached.cardCacheStatistics?.hits == 1 && cached.cardCacheStatistics?.misses == 2)
    }

    /// The cover is part of the key only where the template uses it: the book card's image
    /// has a fixed ratio, so another cover is a hit; book-with-row sizes the image by it.
    @Test func theCoverCountsOnlyWhereAnImageReadsIt() throws {
        var first = TestSupport.record("Dune")
        var second = first
        first.imageSize = Size(width: 300, height: 400)
        second.imageSize = Size(width: 300, height: 600)
        for (file, expectedMisses) in [("book.json", 1), ("book-with-row.json", 2)] {
            let measurer = try CardMeasurer(
                template: CardTemplate(json: TestSupport.templateData(file)), fonts: BundledFonts.chain(),
                cardCacheCapacity: 100)
            let a = try measurer.measure(record: first, width: 127, withFrames: false)
            let b = try measurer.measure(record: second, width: 127, withFrames: false)
            #expect(measurer.cardCacheStatistics?.misses == expectedMisses, "\(file)")
            #expect((a == b) == (expectedMisses == 1), "\(file)")
        }
    }

    @Test func framesAreNeverCached() throws {
        let measurer = try CardMeasurer(fonts: BundledFonts.chain(), cardCacheCapacity: 100)
        let record = TestSupport.record("Dune")
        let withFrames = try measurer.measure(record: record, width: 127)
        #expect(!withFrames.frames.isEmpty)
        #expect(measurer.cardCacheStatistics?.misses == 0)
    }
}
