// A template planned once for every card: paths, names and styles resolved, the first title
// label marked, and the key of a record's card made of only what the card reads.
import BundledFonts
import Geometry
import Testing
import TextEngine

@testable import CardModel

@Suite struct CardPlanTests {
    /// A cover, a title, a row of a second title label and the author, and a spacer.
    private static let template = CardTemplate(spacing: 4) {
        ImageElement(sizing: .recordCover)
        LabelElement(field: .title, style: LabelStyle(fontSize: 15, language: "ja"), maxLines: 2)
        RowElement(spacing: 8, children: [
            RowChild(width: .fraction(0.5), LabelElement(field: .title, style: LabelStyle(fontSize: 11), name: "subtitle")),
            RowChild(width: .fixed(40), LabelElement(field: .author, style: LabelStyle(fontSize: 13))),
        ])
        SpacerElement(height: 6)
    }

    private func plan(_ template: CardTemplate = template) throws -> CardPlan {
        CardPlan(template: template, fonts: try BundledFonts.chain(), displayScale: 3)
    }

    @Test func elementsHaveTheirPathsAndNamesSpelledOut() throws {
        let plan = try plan()
        #expect(plan.elements.map(\.path) == ["elements[0]", "elements[1]", "elements[2]", "elements[3]"])
        #expect(plan.elements.map(\.name) == ["image", "title", "row", "spacer"])
        guard case .row(_, let children) = plan.elements[2].content else {
            Issue.record("elements[2] should be a row: \(plan.elements[2].content)")
            return
        }
        #expect(children.map(\.path) == ["elements[2].children[0].element", "elements[2].children[1].element"])
        #expect(children.map(\.name) == ["subtitle", "author"])
    }

    /// Only the first label bound to the title reports on it; each label's style is its own
    /// size and language at the plan's scale, English where the template gives none.
    @Test func theFirstTitleLabelIsTheTitleAndStylesAreBuiltOnce() throws {
        let plan = try plan()
        var labels: [PlannedLabel] = []
        func collect(_ elements: [PlannedElement]) {
            for element in elements {
                switch element.content {
                case .label(let label): labels.append(label)
                case .row(_, let children): collect(children)
                case .image, .spacer: break
                }
            }
        }
        collect(plan.elements)
        #expect(labels.map(\.isTitle) == [true, false, false])
        #expect(labels.map(\.style.size) == [15, 11, 13])
        #expect(labels.map(\.style.language) == ["ja", "en", "en"])
        #expect(labels.allSatisfy { $0.style.displayScale == 3 })
    }

    /// Two records whose differences the card does not read share a key; any difference it
    /// reads (a text, the language, the cover, the width) makes another.
    @Test func aCardsKeyHoldsWhatTheCardReadsAndNothingElse() throws {
        let plan = try plan()
        let record = CardRecord(
            id: "1", title: "Dune", author: "Frank Herbert", imageSize: Size(width: 300, height: 450), language: "en",
            otherFields: ["price": "9"])
        let key = plan.cardKey(of: record, width: 127)
        var otherID = record
        otherID.id = "2"
        otherID.otherFields["price"] = "12"
        #expect(plan.cardKey(of: otherID, width: 127) == key)
        var changes: [CardRecord] = []
        let edits: [(inout CardRecord) -> Void] = [
            { $0.title = "Dune Messiah" }, { $0.author = "Brian Herbert" }, { $0.language = "ja" },
            { $0.imageSize = Size(width: 300, height: 451) },
        ]
        for change in edits {
            var changed = record
            change(&changed)
            changes.append(changed)
        }
        for changed in changes { #expect(plan.cardKey(of: changed, width: 127) != key, "\(changed)") }
        #expect(plan.cardKey(of: record, width: 128) != key)
        #expect(plan.cardKey(of: record, width: -0.0) == plan.cardKey(of: record, width: 0))
        // The book card sizes its cover by ratio and shows no other field: only title, author,
        // language and width count.
        let book = try self.plan(.book)
        var coverless = otherID
        coverless.imageSize = nil
        #expect(book.cardKey(of: coverless, width: 127) == book.cardKey(of: record, width: 127))
    }

    @Test func onlyWhitespaceIsBlank() {
        #expect(CardLayout.isBlank(""))
        #expect(CardLayout.isBlank(" \t\n\u{3000}\u{00A0}"))
        #expect(!CardLayout.isBlank("a"))
        #expect(!CardLayout.isBlank(" \u{3000}吾"))
        #expect(!CardLayout.isBlank("\u{200B}"))  // a zero-width space is a format character, not white space
    }
}
