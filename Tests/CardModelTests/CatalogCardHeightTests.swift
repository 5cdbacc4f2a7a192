// Real catalogs: reserved lines give one card height per width; hugging gives exactly two.
import CardModel
import Testing

@Suite struct CatalogCardHeightTests {
    /// The first 2,000 records of each bundled catalog, Aozora's in Japanese.
    static let catalogs: [(String, String?)] = [("goodbooks-10k.csv", nil), ("aozora-bunko.csv", "ja")]

    @Test(arguments: catalogs)
    func everyBookCardOfAWidthHasTheSameHeight(file: String, language: String?) throws {
        let records = try TestSupport.catalogRecords(file, language: language)
        #expect(records.count == 2000)
        for (width, scale, height) in [(127.0, 1.0, 241.0), (100, 3, 604.0 / 3)] {  // see HandHeights
            let measurer = try TestSupport.measurer(.book, scale: scale)
            let heights = Set(try records.map { try measurer.measure(record: $0, width: width).size.height })
            #expect(heights.count == 1)
            #expect(heights.allSatisfy { same($0, height) }, "width \(width) @\(scale)x: \(heights)")
        }
    }

    @Test(arguments: catalogs)
    func huggingCardsTakeExactlyTwoHeights(file: String, language: String?) throws {
        let records = try TestSupport.catalogRecords(file, language: language)
        let measurer = try TestSupport.measurer(.bookHugging)
        let cards = try records.map { try measurer.measure(record: $0, width: 127) }
        // 1-line titles: 182 + 4 + 18 + 4 + 16; 2-line (and truncated) titles: 182 + 4 + 35 + 4 + 16.
        #expect(Set(cards.map(\.size.height)) == [224, 241])
        #expect(cards.allSatisfy { $0.size.height == ($0.titleLineCount == 1 ? 224 : 241) })
    }
}
