// The README's card example, compiled and checked, so the documentation cannot drift.
import CardModel
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
}
