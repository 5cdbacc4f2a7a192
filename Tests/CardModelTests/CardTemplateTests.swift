// Card templates: the builder, the built-in book cards, and validation errors by path.
import CardModel
import Geometry
import Testing

@Suite struct CardTemplateTests {
    @Test func builderMatchesTheArrayInitialiser() {
        let withSubtitle = true
        let built = CardTemplate(spacing: 4) {
            ImageElement()
            if withSubtitle { LabelElement(field: .other("subtitle"), style: LabelStyle(fontSize: 13)) }
            for height in [2.0, 3.0] { SpacerElement(height: height) }
            if !withSubtitle {
                SpacerElement(height: 9)
            } else {
                LabelElement(field: .author, style: LabelStyle(fontSize: 13))
            }
        }
        let listed = CardTemplate(
            spacing: 4,
            elements: [
                .image(ImageElement()),
                .label(LabelElement(field: .other("subtitle"), style: LabelStyle(fontSize: 13))),
                .spacer(SpacerElement(height: 2)), .spacer(SpacerElement(height: 3)),
                .label(LabelElement(field: .author, style: LabelStyle(fontSize: 13))),
            ])
        #expect(built == listed)
    }

    @Test func bookIsSeed004sCard() throws {
        let book = CardTemplate.book
        #expect(book.insets == .zero && book.spacing == 4)
        guard book.elements.count == 3, case .image(let image) = book.elements[0],
            case .label(let title) = book.elements[1],
            case .label(let author) = book.elements[2]
        else {
            Issue.record("unexpected elements \(book.elements)")
            return
        }
        #expect(image.aspectRatio == AspectRatio(width: 7, height: 10) && image.sizing == .aspectRatio)
        #expect((title.field, title.style.fontSize, title.maxLines, title.reserveLines) == (.title, 15, 2, 2))
        #expect((author.field, author.style.fontSize, author.maxLines, author.reserveLines) == (.author, 13, 1, 1))
        #expect(title.truncation == .tail)
        try book.validate()
        try CardTemplate.bookHugging.validate()
    }

    @Test func huggingDiffersOnlyInReservedLinesAndTheHiddenAuthor() {
        var hugging = CardTemplate.book
        if case .label(var title) = hugging.elements[1] {
            title.reserveLines = 0
            hugging.elements[1] = .label(title)
        }
        if case .label(var author) = hugging.elements[2] {
            author.reserveLines = 0
            author.hidesWhenEmpty = true
            hugging.elements[2] = .label(author)
        }
        #expect(hugging == .bookHugging)
    }

    static let invalid: [(CardTemplate, String)] = [
        (CardTemplate(spacing: -1, elements: []), "spacing: must be a finite number ≥ 0, got -1.0"),
        (CardTemplate(insets: EdgeInsets(top: .nan), elements: []), "insets.top: must be a finite number ≥ 0, got nan"),
        // Finite is not enough: 1e308 spacing overflows the card's sum of heights.
        (CardTemplate(spacing: 1e308, elements: []), "spacing: must be at most 1000000, got 1e+308"),
        (CardTemplate { SpacerElement(height: 1e19) }, "elements[0].height: must be at most 1000000, got 1e+19"),
        (
            CardTemplate { ImageElement(aspectRatio: AspectRatio(width: 1e-300, height: 10)) },
            "elements[0].aspectRatio: 1e-300:10.0 has one side more than 1000000 times the other"
        ),
        (
            CardTemplate { LabelElement(field: .title, style: LabelStyle(fontSize: 20_000)) },
            "elements[0].style.fontSize: must be at most 10000, got 20000.0"
        ),
        (
            CardTemplate { ImageElement(aspectRatio: AspectRatio(width: 0, height: 10)) },
            "elements[0].aspectRatio: the width must be a finite number > 0, got 0.0"
        ),
        (
            CardTemplate { ImageElement(minHeight: 50, maxHeight: 40) },
            "elements[0].maxHeight: must be at least minHeight (50.0), got 40.0"
        ),
        (
            CardTemplate {
                SpacerElement(height: 1)
                LabelElement(field: .title, style: LabelStyle(fontSize: 0))
            },
            "elements[1].style.fontSize: must be a finite number > 0, got 0.0"
        ),
        (
            CardTemplate { LabelElement(field: .title, style: LabelStyle(fontSize: 15), maxLines: 2, reserveLines: 3) },
            "elements[0].reserveLines: must be at most maxLines (2), got 3"
        ),
        (
            CardTemplate { LabelElement(field: .title, style: LabelStyle(fontSize: 15), maxLines: -1) },
            "elements[0].maxLines: must be ≥ 0, got -1"
        ),
        (
            CardTemplate { LabelElement(field: .other(""), style: LabelStyle(fontSize: 15)) },
            "elements[0].field: must name a field"
        ),
        (CardTemplate { RowElement(children: []) }, "elements[0].children: a row needs a child"),
        (
            CardTemplate {
                RowElement(children: [
                    RowChild(width: .fraction(0.7), ImageElement()), RowChild(width: .fraction(0.7), ImageElement()),
                ])
            },
            "elements[0].children: width fractions add up to 1.4, over 1"
        ),
        (
            CardTemplate {
                RowElement(children: [
                    RowChild(
                        width: .fixed(10), LabelElement(field: .title, style: LabelStyle(fontSize: 15, lineSpacing: -1))
                    )
                ])
            },
            "elements[0].children[0].element.style.lineSpacing: must be a finite number > 0, got -1.0"
        ),
    ]

    @Test(arguments: 0..<invalid.count)
    func validationNamesTheValueByItsPath(_ index: Int) throws {
        let (template, message) = Self.invalid[index]
        let error = #expect(throws: CardModelError.self) { try template.validate() }
        #expect(error?.description == message)
        // The measurer refuses the template the same way.
        let refused = #expect(throws: CardModelError.self) { try TestSupport.measurer(template) }
        #expect(refused == error)
    }

    @Test func measurerRejectsBadArgumentsByName() throws {
        let scale = #expect(throws: CardModelError.self) { try TestSupport.measurer(.book, scale: 0) }
        #expect(scale?.description == "displayScale: must be in [0.1, 16], got 0.0")
        let measurer = try TestSupport.measurer()
        for width in [-1, Double.nan, .infinity] {
            let error = #expect(throws: CardModelError.self) {
                try measurer.measure(record: TestSupport.record("Dune"), width: width)
            }
            guard case .invalidValue(field: "width", _) = error else {
                Issue.record("expected a width error, got \(String(describing: error))")
                continue
            }
        }
    }

    @Test func textEngineErrorsNameTheElementAndField() throws {
        let huge = String(repeating: "a", count: 300_000)
        let error = #expect(throws: CardModelError.self) {
            try TestSupport.measurer().measure(record: TestSupport.record(huge), width: 127)
        }
        guard case .textEngine(let element, let field, .invalidValue(field: "text", _)) = error else {
            Issue.record("expected a text engine error, got \(String(describing: error))")
            return
        }
        #expect((element, field) == ("elements[1]", "title"))
    }
}
