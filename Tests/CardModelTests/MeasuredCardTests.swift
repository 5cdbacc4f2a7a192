// Cards measured with their labels: the same card, and each label's text, style and lines.
import CardModel
import Foundation
import Testing
import TextEngine

@Suite struct MeasuredCardTests {
    @Test func labelsComeWithTheMeasurementTheirFramesWereSizedBy() throws {
        let measurer = try TestSupport.measurer(.bookHugging, scale: 2)
        let records = try TestSupport.catalogRecords("goodbooks-10k.csv", count: 300)
            + TestSupport.catalogRecords("aozora-bunko.csv", count: 300, language: "ja")
        for record in records {
            let card = try measurer.measureWithLabels(record: record, width: 127)
            #expect(card.measurement == (try measurer.measure(record: record, width: 127)))
            let labelFrames = card.measurement.frames.filter { $0.kind == .label }
            #expect(card.labels.map(\.frame) == labelFrames)
            for label in card.labels {
                #expect(label.text == record.value(of: CardField(name: label.frame.name)))
                #expect(label.measurement.height == label.frame.frame.height)
                #expect(label.measurement.lineCount == label.frame.lineCount)
                #expect(label.style.language == (record.language ?? "en"))
                // Measuring the text again in the label's style at its width gives the same lines.
                let again = try TestSupport.textMeasurer.measure(
                    label.text, style: label.style, width: label.frame.frame.width, maxLines: label.frame.name == "title" ? 2 : 1)
                #expect(again.lines == label.measurement.lines)
            }
        }
    }

    @Test func hiddenLabelsAreLeftOut() throws {
        let measurer = try TestSupport.measurer(.bookHugging)
        let card = try measurer.measureWithLabels(record: TestSupport.record("Dune", author: ""), width: 127)
        #expect(card.labels.map(\.frame.name) == ["title"])
        #expect(card.labels[0].text == "Dune")
    }
}
