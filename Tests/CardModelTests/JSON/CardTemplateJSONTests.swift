// JSON templates: the files in Templates/, round trips, and errors that name the JSON path.
import CardModel
import Foundation
import Geometry
import Testing
import TextEngine

@Suite struct CardTemplateJSONTests {
    @Test(arguments: [("book.json", CardTemplate.book), ("book-hug.json", CardTemplate.bookHugging)])
    func bundledFilesAreTheBuiltInTemplates(file: String, builtIn: CardTemplate) throws {
        let template = try CardTemplate(json: TestSupport.templateData(file))
        #expect(template == builtIn)
        let path = TestSupport.repositoryRoot.appendingPathComponent("Templates/\(file)").path
        #expect(try CardTemplate(contentsOfFile: path) == builtIn)
    }

    @Test func rowExampleMeasuresItsTwoLabelsSideBySide() throws {
        let template = try CardTemplate(json: TestSupport.templateData("book-with-row.json"))
        var record = TestSupport.record("Dune")
        record.otherFields = ["rating": "4.25", "publisher": "Ace"]
        let card = try TestSupport.measurer(template).measure(record: record, width: 127)
        // Insets 8: content 111. Cover 111 × 10/7 = 158.57 → 159; title 35; author 16;
        // spacer 2; row: 12 pt lines 13.97 → 14; spacing 4 between the five elements.
        #expect(card.size.height == 8 + 159 + 4 + 35 + 4 + 16 + 4 + 2 + 4 + 14 + 8)
        let rating = try #require(card.frame(named: "rating")).frame
        let publisher = try #require(card.frame(named: "publisher")).frame
        #expect(rating == Rect(x: 8, y: 236, width: 44, height: 14))
        #expect(publisher == Rect(x: 60, y: 236, width: 59, height: 14))  // 111 − 44 − 8
    }

    @Test(arguments: [CardTemplate.book, .bookHugging])
    func encodingRoundTrips(_ template: CardTemplate) throws {
        #expect(try CardTemplate(json: template.jsonData()) == template)
    }

    @Test func rowTemplateRoundTrips() throws {
        let template = try CardTemplate(json: TestSupport.templateData("book-with-row.json"))
        #expect(try CardTemplate(json: template.jsonData()) == template)
    }

    @Test func absentOptionsTakeTheirDefaults() throws {
        let template = try CardTemplate(
            json: Data(#"{"elements": [{"type": "label", "field": "isbn", "style": {"fontSize": 11}}]}"#.utf8))
        #expect(template == CardTemplate { LabelElement(field: .other("isbn"), style: LabelStyle(fontSize: 11)) })
    }

    @Test func cssPropertiesAreCSSValuesAndRoundTrip() throws {
        let template = try CardTemplate(
            json: Data(
                Self.element(
                    #"{"type": "label", "field": "title", "style": {"fontSize": 15, "profile": "browser", "lineHeight": "1.5", "#
                        + #""whiteSpace": "pre-wrap", "wordBreak": "keep-all", "overflowWrap": "anywhere", "letterSpacing": "0.5px"}}"#
                ).utf8))
        let css = CSSText(lineHeight: .number(1.5), whiteSpace: .preWrap, wordBreak: .keepAll, overflowWrap: .anywhere, letterSpacing: 0.5)
        #expect(template.elements == [.label(LabelElement(field: .title, style: LabelStyle(fontSize: 15, profile: .browser, css: css)))])
        #expect(try CardTemplate(json: template.jsonData()) == template)
    }

    @Test func aBadCSSValueIsNamedByItsKey() {
        let json = Self.element(#"{"type": "label", "field": "title", "style": {"fontSize": 15, "overflowWrap": "wrap"}}"#)
        let error = #expect(throws: CardModelError.self) { try CardTemplate(json: Data(json.utf8)) }
        #expect(error?.description == "elements[0].style.overflowWrap: expected one of normal, anywhere, break-word, got 'wrap'")
    }

    @Test func aProfileAppliesToEveryLabelRowsToo() throws {
        let template = try CardTemplate(json: TestSupport.templateData("book-with-row.json")).measured(under: .browser)
        func profiles(_ elements: [CardElement]) -> [MetricsProfile] {
            elements.flatMap { element -> [MetricsProfile] in
                switch element {
                case .label(let label): [label.style.profile]
                case .row(let row): profiles(row.children.map(\.element))
                case .image, .spacer: []
                }
            }
        }
        #expect(profiles(template.elements) == [.browser, .browser, .browser, .browser])
    }

    /// Wraps one element in a template.
    static func element(_ json: String) -> String { #"{"spacing": 4, "elements": [\#(json)]}"# }

    static let malformed: [(String, String)] = [
        (
            #"{"elements": [{"type": "image"}, {"type": "spacer", "height": 1}, {"type": "label", "field": "title", "style": {"fontSize": 15}, "maxLines": "2"}]}"#,
            "elements[2].maxLines: expected a number"
        ),
        (
            element(#"{"type": "label", "field": "title", "style": {"fontSize": 15}, "maxLines": 2.5}"#),
            "elements[0].maxLines: expected a whole number, got 2.5"
        ),
        (element(#"{"type": "label", "style": {"fontSize": 15}}"#), "elements[0].field: required, but missing"),
        (
            element(#"{"type": "label", "field": "title", "style": {"fontSize": "big"}}"#),
            "elements[0].style.fontSize: expected a number"
        ),
        (
            element(#"{"type": "picture"}"#),
            #"elements[0].type: expected one of "image", "label", "spacer", "row", got "picture""#
        ),
        (
            element(#"{"type": "image", "aspectRatio": "7x10"}"#),
            #"elements[0].aspectRatio: expected a ratio "width:height" such as "7:10", got "7x10""#
        ),
        (
            element(#"{"type": "image", "sizing": "cover"}"#),
            #"elements[0].sizing: expected one of "aspectRatio", "recordCover", got "cover""#
        ),
        (element(#"{"type": "spacer", "height": null}"#), "elements[0].height: expected a number, got null"),
        (
            element(
                #"{"type": "row", "children": [{"width": {"fraction": 0.5, "fixed": 3}, "element": {"type": "image"}}]}"#
            ),
            #"elements[0].children[0].width: expected {"fixed": points} or {"fraction": share}"#
        ),
        (
            element(#"{"type": "row", "children": [{"width": {"fraction": 1.5}, "element": {"type": "image"}}]}"#),
            "elements[0].children[0].width.fraction: must be in (0, 1], got 1.5"
        ),
        (
            element(
                #"{"type": "label", "field": "title", "style": {"fontSize": 15}, "maxLines": 2, "reserveLines": 3}"#),
            "elements[0].reserveLines: must be at most maxLines (2), got 3"
        ),
        (#"{"elements": {}}"#, "elements: expected an array"),
        (
            #"{"insets": {"top": 1, "botom": 2}, "elements": []}"#,
            "insets.botom: unknown key; expected one of bottom, left, right, top"
        ),
        (#"{"spacing": 4}"#, "elements: required, but missing"),
        ("[]", "template: expected an object"),
    ]

    @Test(arguments: 0..<malformed.count)
    func errorsNameTheJSONPath(_ index: Int) {
        let (json, message) = Self.malformed[index]
        let error = #expect(throws: CardModelError.self) { try CardTemplate(json: Data(json.utf8)) }
        #expect(error?.description == message)
    }

    @Test func misspeltKeyIsAnErrorNotIgnored() {
        let error = #expect(throws: CardModelError.self) {
            try CardTemplate(
                json: Data(
                    Self.element(#"{"type": "label", "field": "title", "style": {"fontSize": 15}, "maxline": 2}"#).utf8)
            )
        }
        guard case .invalidTemplate(let path, let reason) = error else {
            Issue.record("expected invalidTemplate, got \(String(describing: error))")
            return
        }
        #expect(path == "elements[0].maxline")
        #expect(reason.hasPrefix("unknown key; expected one of") && reason.contains("maxLines"))
    }

    @Test func textThatIsNotJSONSaysWhere() {
        let error = #expect(throws: CardModelError.self) { try CardTemplate(json: Data(#"{"elements": [,]}"#.utf8)) }
        guard case .invalidTemplate(let path, let reason) = error else {
            Issue.record("expected invalidTemplate, got \(String(describing: error))")
            return
        }
        #expect(path.isEmpty)
        #expect(reason == "not valid JSON: expected a value at byte 15")
    }

    /// JSON that Foundation's decoder would let pass is refused: the template is read as
    /// strict RFC 8259 first.
    @Test(arguments: [
        #"{"elements": [{"type": "spacer", "height": 8},]}"#, #"{"elements": [{"type": "spacer", "height": 08}]}"#,
        #"{"elements": [{"type": "spacer", "height": 8}], "elements": []}"#,
    ])
    func laxJSONIsRefused(text: String) {
        let error = #expect(throws: CardModelError.self) { try CardTemplate(json: Data(text.utf8)) }
        guard case .invalidTemplate(let path, let reason) = error else {
            Issue.record("expected invalidTemplate, got \(String(describing: error))")
            return
        }
        #expect(path.isEmpty)
        #expect(reason.hasPrefix("not valid JSON: "))
    }

    @Test func missingFileIsUnreadable() {
        let error = #expect(throws: CardModelError.self) { try CardTemplate(contentsOfFile: "/nonexistent/card.json") }
        guard case .unreadableTemplate(let file, _) = error else {
            Issue.record("expected unreadableTemplate, got \(String(describing: error))")
            return
        }
        #expect(file == "/nonexistent/card.json")
    }

    @Test func valuesJSONCannotHoldAreNamed() {
        let error = #expect(throws: CardModelError.self) {
            try CardTemplate(spacing: .infinity, elements: []).jsonData()
        }
        guard case .invalidTemplate(let path, _) = error else {
            Issue.record("expected invalidTemplate, got \(String(describing: error))")
            return
        }
        #expect(path == "spacing")
    }
}
