// The realistic mode: real titles repeated with a Zipf-like popularity, some with a volume number.
import CatalogGenerator
import Foundation
import Testing

@Suite struct CatalogGeneratorRealisticTests {
    typealias Fixtures = CatalogGeneratorFixtures
    static let recordCount = 100_000

    @Test func popularTitlesMakeUpMuchOfTheCatalog() throws {
        let titles = try Fixtures.records(mode: .realistic, count: Self.recordCount).map(\.title)
        var countByTitle: [String: Int] = [:]
        var repeats = 0
        for title in titles {
            if countByTitle[title] != nil { repeats += 1 }
            countByTitle[title, default: 0] += 1
        }
        // Weights 1/(rank + 10): the top 100 of 10,000 English ranks carry
        // (H(110) - H(10)) / (H(10010) - H(10)) ≈ 34% of English draws, the top 148 of 14,759
        // Japanese ranks ≈ 37%; nine titles in ten are kept unchanged, so the 250 most frequent
        // titles (1% of the source titles) should cover about 32% of records. Uniform draws
        // would give 1%.
        let top = countByTitle.values.sorted(by: >).prefix(250).reduce(0, +)
        #expect(Double(top) / Double(Self.recordCount) > 0.25)
        // About 76% of records repeat an earlier title at this size: a cache hits often.
        #expect(Double(repeats) / Double(Self.recordCount) > 0.70)
    }

    @Test func titlesAreRealOrAnotherVolumeOfOne() throws {
        let sources = Fixtures.sources
        let realBooks = Set((sources.englishBooks + sources.japaneseBooks).map { "\($0.title)\t\($0.author)" })
        let records = try Fixtures.records(mode: .realistic, count: 20_000)
        var volumes = 0
        for record in records where !realBooks.contains("\(record.title)\t\(record.author)") {
            volumes += 1
            let volume = record.language == .english ? #/, #(\d+)\)$/# : #/ 第(\d+)巻$/#
            let number = try #require(record.title.firstMatch(of: volume), "\(record.title)").1
            #expect((2...13).contains(Int(number)!), "\(record.title)")
        }
        // One record in ten gets a volume number; now and then it is a real title's own.
        #expect((0.085...0.11).contains(Double(volumes) / 20_000))
    }

    @Test func fortyPercentOfRecordsAreJapanese() throws {
        let records = try Fixtures.records(mode: .realistic, count: 20_000)
        let japaneseShare = Double(records.count { $0.language == .japanese }) / 20_000
        #expect((0.38...0.42).contains(japaneseShare))
        let japaneseAuthors = Set(Fixtures.sources.japaneseBooks.map(\.author))
        #expect(records.allSatisfy { ($0.language == .japanese) == japaneseAuthors.contains($0.author) })
    }
}
