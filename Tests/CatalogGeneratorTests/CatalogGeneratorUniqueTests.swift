// The unique mode: every title distinct, made of real title words, in the stated language mix.
import CatalogGenerator
import Foundation
import Testing

@Suite struct CatalogGeneratorUniqueTests {
    typealias Fixtures = CatalogGeneratorFixtures

    @Test func everyTitleIsDistinct() throws {
        let records = try Fixtures.records(mode: .unique, count: 200_000)
        #expect(Set(records.map(\.title)).count == 200_000)
    }

    @Test func englishTitlesAreThreeToEightRealWords() throws {
        let punctuation = CharacterSet.punctuationCharacters.subtracting(CharacterSet(charactersIn: "'-"))
        let realWords = Set(
            Fixtures.sources.englishBooks.flatMap { book in
                book.title.split(separator: " ").map { $0.trimmingCharacters(in: punctuation) }
            })
        let english = try Fixtures.records(mode: .unique, count: 5_000).filter { $0.language == .english }
        #expect(english.count > 2_500)
        for record in english {
            let words = record.title.split(separator: " ")
            #expect((3...8).contains(words.count), "\(record.title)")
            #expect(words.suffix(3).allSatisfy { realWords.contains(String($0)) }, "\(record.title)")
        }
        // Openings vary: titles of zero to five real opening words.
        #expect(Set(english.map { $0.title.split(separator: " ").count }) == Set(3...8))
    }

    @Test func japaneseTitlesAreRealSegmentsJoined() throws {
        let realText = Fixtures.sources.japaneseBooks.map(\.title).joined(separator: "\n")
        let japanese = try Fixtures.records(mode: .unique, count: 2_000).filter { $0.language == .japanese }
        #expect(japanese.count > 600)
        for record in japanese {
            let segments = record.title.split { "のと・".contains($0) }
            #expect(segments.count >= 3, "\(record.title)")
            #expect(realText.contains(segments.last!), "\(record.title)")
        }
    }

    @Test func fortyPercentOfRecordsAreJapanese() throws {
        let records = try Fixtures.records(mode: .unique, count: 20_000)
        let japaneseShare = Double(records.count { $0.language == .japanese }) / 20_000
        // Two records in five; the standard deviation of the share is 0.0035 at this size.
        #expect((0.38...0.42).contains(japaneseShare))
    }
}
