// CardMeasurer: card heights checked against values worked out by hand from the font
// tables (see DejaVuLine), at the seed's width 127 and at 100, on @1x, @2x and @3x screens.
import BundledFonts
import CardModel
import Geometry
import Testing
import TextEngine

/// One row of hand-computed heights: the book card's parts at a width and scale.
struct HandHeights: CustomTestStringConvertible, Sendable {
    let width: Double
    let scale: Double
    /// width × 10/7 rounded up to the pixel grid.
    let image: Double
    /// One 15 pt line (17.4609375) rounded up.
    let titleOneLine: Double
    /// Two 15 pt lines (34.921875) rounded up.
    let titleTwoLines: Double
    /// One 13 pt line (15.1328125) rounded up.
    let author: Double

    /// The book card: image, 4, two title lines, 4, author (spacing 4, insets 0).
    var book: Double { image + 4 + titleTwoLines + 4 + author }
    /// The hugging card with a 1-line title.
    var hugOneLine: Double { image + 4 + titleOneLine + 4 + author }

    var testDescription: String { "width \(width) @\(Int(scale))x" }

    static let all = [
        // 127 × 10/7 = 181.43 → 182 | 181.5 | 545/3; 17.46 → 18 | 17.5 | 53/3; 34.92 → 35;
        // 15.13 → 16 | 15.5 | 46/3.
        HandHeights(width: 127, scale: 1, image: 182, titleOneLine: 18, titleTwoLines: 35, author: 16),
        HandHeights(width: 127, scale: 2, image: 181.5, titleOneLine: 17.5, titleTwoLines: 35, author: 15.5),
        HandHeights(
            width: 127, scale: 3, image: 545.0 / 3, titleOneLine: 53.0 / 3, titleTwoLines: 35, author: 46.0 / 3),
        // 100 × 10/7 = 142.86 → 143 at every scale (285.7 → 286 half-pixels, 428.6 → 429 thirds).
        HandHeights(width: 100, scale: 1, image: 143, titleOneLine: 18, titleTwoLines: 35, author: 16),
        HandHeights(width: 100, scale: 2, image: 143, titleOneLine: 17.5, titleTwoLines: 35, author: 15.5),
        HandHeights(width: 100, scale: 3, image: 143, titleOneLine: 53.0 / 3, titleTwoLines: 35, author: 46.0 / 3),
    ]
}

@Suite struct CardMeasurerTests {
    static let oneLine = "Dune"
    static let twoLines = "The Lord of the Rings"
    static let truncated = "The Hunger Games (The Hunger Games, #1)"

    @Test func handHeightsAddUp() {
        // The table's totals, written out: 182 + 4 + 35 + 4 + 16 and so on.
        #expect(HandHeights.all.map(\.book) == [241, 240, 240, 202, 201.5, 604.0 / 3])
        #expect(HandHeights.all[0].hugOneLine == 224)
        #expect(DejaVuLine.at15 == (1901.0 + 483) / 2048 * 15)
    }

    @Test(arguments: HandHeights.all)
    func bookCardIsTheSameHeightForOneTwoAndTruncatedTitles(_ hand: HandHeights) throws {
        let measurer = try TestSupport.measurer(.book, scale: hand.scale)
        for title in [Self.oneLine, Self.twoLines, Self.truncated, "吾輩は猫である", ""] {
            let language = title.unicodeScalars.contains { $0.value > 0x3000 } ? "ja" : nil
            let card = try measurer.measure(record: TestSupport.record(title, language: language), width: hand.width)
            #expect(same(card.size.height, hand.book), "\(title)")
            #expect(card.size.width == hand.width)
        }
    }

    @Test(arguments: HandHeights.all)
    func huggingCardFollowsTheTitlesLines(_ hand: HandHeights) throws {
        let measurer = try TestSupport.measurer(.bookHugging, scale: hand.scale)
        let short = try measurer.measure(record: TestSupport.record(Self.oneLine), width: hand.width)
        #expect(short.titleLineCount == 1)
        #expect(same(short.size.height, hand.hugOneLine))
        let cut = try measurer.measure(record: TestSupport.record(Self.truncated), width: hand.width)
        #expect(cut.titleLineCount == 2)
        #expect(cut.isTitleTruncated)
        #expect(same(cut.size.height, hand.book))
    }

    @Test func twoLineTitleIsNotTruncated() throws {
        let card = try TestSupport.measurer(.bookHugging).measure(record: TestSupport.record(Self.twoLines), width: 127)
        #expect(card.titleLineCount == 2)
        #expect(!card.isTitleTruncated)
        #expect(card.size.height == 241)
    }

    @Test func japaneseTitleWrapsByItsCharacterWidths() throws {
        // Seven ideographs and kana of Noto Sans CJK (1000 units per em each) are 7 × 15 =
        // 105 pt: one line at 127, two at 100 (six fit in 90 pt). Lines keep DejaVu's height.
        let measurer = try TestSupport.measurer(.bookHugging)
        let record = TestSupport.record("吾輩は猫である", author: "夏目 漱石", language: "ja")
        let wide = try measurer.measure(record: record, width: 127)
        let narrow = try measurer.measure(record: record, width: 100)
        #expect(wide.titleLineCount == 1)
        #expect(wide.size.height == 224)
        #expect(narrow.titleLineCount == 2)
        #expect(narrow.size.height == 143 + 4 + 35 + 4 + 16)
    }

    @Test func framesStackTheElementsWithTheSpacing() throws {
        let card = try TestSupport.measurer(.book).measure(record: TestSupport.record(Self.oneLine), width: 127)
        #expect(card.frames.map(\.name) == ["cover", "title", "author"])
        #expect(card.frames.map(\.path) == ["elements[0]", "elements[1]", "elements[2]"])
        #expect(card.frames.map(\.kind) == [.image, .label, .label])
        #expect(
            card.frames.map(\.frame) == [
                Rect(x: 0, y: 0, width: 127, height: 182),
                Rect(x: 0, y: 186, width: 127, height: 35),  // two reserved lines for a 1-line title
                Rect(x: 0, y: 225, width: 127, height: 16),
            ])
        #expect(card.frames.map(\.lineCount) == [nil, 1, 1])
        #expect(card.frame(named: "title")?.lineCount == card.titleLineCount)
    }

    @Test func emptyAuthorIsHiddenWithTheSpacingBeforeIt() throws {
        let measurer = try TestSupport.measurer(.bookHugging)
        for author in ["", "  "] {
            let card = try measurer.measure(record: TestSupport.record(Self.oneLine, author: author), width: 127)
            #expect(card.size.height == 182 + 4 + 18)  // no 4 + 16 for the author
            #expect(card.frames.map(\.name) == ["cover", "title"])
        }
        // The book card reserves the author's line instead.
        let book = try TestSupport.measurer(.book).measure(
            record: TestSupport.record(Self.oneLine, author: ""), width: 127)
        #expect(book.size.height == 241)
    }

    /// A hidden-when-empty label is hidden exactly when every character of its text is
    /// whitespace, as the standard library tells, whatever the text starts with (printable
    /// ASCII is decided without finding the first character).
    @Test func authorOfOnlyWhitespaceIsHiddenAndAnyOtherShown() throws {
        let measurer = try TestSupport.measurer(.bookHugging)
        let authors = [
            "\t", "\n", "\u{3000}", "\u{A0}", " \u{2003} ", "\r\n", "!", "~", "a", " a", "\u{3000}x", "a\u{301}",
            "\u{1F}", "\u{7F}", "\u{85}", "著者",
        ]
        for author in authors {
            let card = try measurer.measure(record: TestSupport.record(Self.oneLine, author: author), width: 127)
            let shown = !author.allSatisfy(\.isWhitespace)
            #expect(card.frames.map(\.name) == (shown ? ["cover", "title", "author"] : ["cover", "title"]), "\(author.unicodeScalars.map(\.value))")
        }
    }

    @Test func insetsNarrowTheContentAndAddToTheHeight() throws {
        let template = CardTemplate(insets: EdgeInsets(top: 8, left: 10, bottom: 6, right: 10), spacing: 4) {
            ImageElement(aspectRatio: .bookCover)
            LabelElement(field: .title, style: LabelStyle(fontSize: 15), maxLines: 2)
        }
        let card = try TestSupport.measurer(template).measure(record: TestSupport.record(Self.oneLine), width: 127)
        // Content 107 wide: 107 × 10/7 = 152.86 → 153; then 4 + 18; insets 8 + 6.
        #expect(card.size.height == 8 + 153 + 4 + 18 + 6)
        #expect(
            card.frames.map(\.frame) == [
                Rect(x: 10, y: 8, width: 107, height: 153), Rect(x: 10, y: 165, width: 107, height: 18),
            ])
    }

    @Test func titleSlackIsTheEnginesMinimumSlack() throws {
        let card = try TestSupport.measurer(.book).measure(record: TestSupport.record(Self.truncated), width: 127)
        let style = TextStyle(fonts: try BundledFonts.chain(), size: 15)
        let text = try TestSupport.textMeasurer.measure(Self.truncated, style: style, width: 127, maxLines: 2)
        #expect(card.titleMinimumSlack == text.minimumSlack)
        #expect(card.titleMinimumSlack.isFinite && card.titleMinimumSlack >= 0)
    }

    @Test func cardWithoutATitleLabelReportsNoTitle() throws {
        let template = CardTemplate { LabelElement(field: .author, style: LabelStyle(fontSize: 13)) }
        let card = try TestSupport.measurer(template).measure(record: TestSupport.record(Self.oneLine), width: 127)
        #expect(card.titleLineCount == 0 && !card.isTitleTruncated && card.titleMinimumSlack == .infinity)
        #expect(card.size.height == 16)
    }

    @Test func measuringFromManyThreadsGivesTheSerialAnswers() async throws {
        let measurer = try TestSupport.measurer(.bookHugging, scale: 3)
        let records = try TestSupport.catalogRecords("goodbooks-10k.csv", count: 200)
        let serial = try records.map { try measurer.measure(record: $0, width: 113) }
        let parallel = try await withThrowingTaskGroup(of: [CardMeasurement].self) { group in
            for _ in 0..<4 { group.addTask { try records.map { try measurer.measure(record: $0, width: 113) } } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(parallel.count == 4)
        #expect(parallel.allSatisfy { $0 == serial })
    }
}
