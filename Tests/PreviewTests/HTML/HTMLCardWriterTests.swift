// Cards written as HTML: each at its frame with its labels' CSS, every font one @font-face,
// numbers that CSS reads back exactly, and labels no browser could show as measured refused.
import BundledFonts
import CardModel
import Geometry
import Testing
import TextEngine

@testable import Preview

@Suite struct HTMLCardWriterTests {
    /// The book card of `record` measured at 127 pt @2x with its labels, under `profile`.
    private func card(_ record: CardRecord, profile: MetricsProfile) throws -> MeasuredCard {
        let measurer = try CardMeasurer(
            template: CardTemplate.book.measured(under: profile), fonts: BundledFonts.chain(), displayScale: 2,
            textMeasurer: PreviewFixtures.textMeasurer)
        return try measurer.measureWithLabels(record: record, width: 127)
    }

    @Test func aCardIsADivAtItsFrameWithItsLabelsCSSAndTheEnginesLines() throws {
        let records = try PreviewFixtures.records("goodbooks-10k.csv", count: 2) + PreviewFixtures.records("aozora-bunko.csv", count: 2)
        var writer = HTMLCardWriter()
        for (index, record) in records.enumerated() {
            let card = try card(record, profile: .browser)
            let height = card.measurement.size.height
            let frame = Rect(x: 8 + Double(index) * 135, y: 100, width: 127, height: height)
            let html = try writer.card(id: record.id, frame: frame, origin: Point(x: 0, y: 50), card: card)
            #expect(html.hasPrefix(
                "<div class=\"card\" data-id=\"\(record.id)\" data-height=\"\(CSSNumber(height))\" "
                    + "style=\"left:\(CSSNumber(frame.minX))px;top:50px;width:127px;"))
            #expect(html.hasSuffix("</div>\n"))
            #expect(html.components(separatedBy: "<div class=\"cover\"").count == 2)
            let title = try #require(card.labels.first { $0.frame.name == "title" })
            let starts = title.measurement.lines.map { String($0.scalarOffset) }.joined(separator: ",")
            #expect(html.contains(
                "<div class=\"label\" data-name=\"title\" data-height=\"\(CSSNumber(title.measurement.height))\" data-starts=\"\(starts)\""))
            #expect(html.contains("-webkit-line-clamp:2;"))
            #expect(html.contains("lang=\"\(record.language ?? "en")\""))
        }
        // One @font-face per font file the labels were measured with, however many cards use it.
        let fonts = try BundledFonts.chain()
        #expect(writer.fonts.rules.count == fonts.faces.count)
        #expect(writer.fonts.rules[0].hasPrefix("@font-face { font-family: 'cardsize 1 DejaVu Sans'; src: url(\"file://"))
    }

    @Test func aLabelMeasuredInAnotherProfileIsRefusedByRecordAndField() throws {
        let record = try #require(try PreviewFixtures.records("goodbooks-10k.csv", count: 1).first)
        var writer = HTMLCardWriter()
        let card = try card(record, profile: .uikit)
        #expect {
            _ = try writer.card(id: record.id, frame: Rect(x: 0, y: 0, width: 127, height: 240), origin: .zero, card: card)
        } throws: { error in
            guard case PreviewError.htmlLabel(let id, let field, let reason) = error else { return false }
            return id == record.id && field == "title" && reason.hasPrefix("measured in the uikit profile")
        }
    }

    @Test func fontsAreLoadedFromTheURLsTheWriterIsGiven() throws {
        let record = try #require(try PreviewFixtures.records("goodbooks-10k.csv", count: 1).first)
        var writer = HTMLCardWriter { "/fonts/\($0.faceIndex)/" + ($0.path.split(separator: "/").last.map(String.init) ?? "") }
        _ = try writer.card(id: "1", frame: Rect(x: 0, y: 0, width: 127, height: 240), origin: .zero, card: try card(record, profile: .browser))
        #expect(writer.fonts.rules[0] == "@font-face { font-family: 'cardsize 1 DejaVu Sans'; src: url(\"/fonts/0/DejaVuSans.ttf\") }")
    }

    @Test func boxesAreAtTheirFrameFromTheOrigin() {
        let box = HTMLCardWriter().box("header", frame: Rect(x: 8, y: 1000.5, width: 398, height: 20), origin: Point(x: 0, y: 1000), color: PreviewPalette.supplementary)
        #expect(box == "<div class=\"header\" style=\"left:8px;top:0.5px;width:398px;height:20px;background:#f2f2f7\"></div>\n")
    }

    @Test(arguments: [0, 127, 17.4609375, 0.1 + 0.2, 1.0 / 3, -2.5, 1e15 + 0.5, 123_456_789_012])
    func cssNumbersReadBackToTheSameDouble(value: Double) throws {
        let text = CSSNumber(value).description
        #expect(Double(text) == value)
        #expect(!text.hasSuffix(".0"))
    }

    @Test func textIsEscapedAsTheHTMLParserKeepsIt() {
        #expect(CSSNumber(-0.0).description == "0")
        #expect(HTML.text("a<b & c>\r\0\t") == "a&lt;b &amp; c&gt;&#13;&#xFFFD;\t")
        #expect(HTML.attribute(#"say "hi""#) == "say &quot;hi&quot;")
    }
}
