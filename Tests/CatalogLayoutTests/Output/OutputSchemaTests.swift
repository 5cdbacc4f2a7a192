// Output records: one definition gives the CSV columns and the JSON.
import CardModel
import CatalogIO
import CatalogLayout
import CollectionLayout
import Geometry
import Testing

@Suite struct OutputSchemaTests {
    @Test func measureAndLayoutFilesHaveTheirColumnsThenTheErrorColumns() {
        #expect(RecordOrError<CardSizeRecord>.columns == ["id", "width", "height", "title_lines", "truncated", "slack", "line", "field", "error"])
        #expect(LayoutRecordOrder.Record.columns == ["id", "kind", "section", "x", "y", "width", "height", "line", "field", "error"])
    }

    @Test func jsonIsTheOutputRecordsJSON() {
        let card = CardMeasurement(size: Size(width: 127, height: 240.5), titleLineCount: 2, isTitleTruncated: false, titleMinimumSlack: .infinity, frames: [])
        let records: [any WritableRecord] = [
            CardSizeRecord(id: "7", measurement: card),
            LayoutElementRecord.element(id: nil, LayoutElement(kind: .header, section: 1, index: 0, frame: Rect(x: 0, y: 8, width: 414, height: 20))),
            LayoutElementRecord.content(Size(width: 414, height: 1000.5)),
            ErrorRecord(id: nil, line: 3, field: "title", message: "invalid \"UTF-8\""),
        ]
        let lines = records.map { record in
            var bytes: [UInt8] = []
            record.appendJSONLine(to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(lines[0] == #"{"id":"7","width":127,"height":240.5,"title_lines":2,"truncated":false,"slack":null}"# + "\n")
        #expect(lines[1] == #"{"id":null,"kind":"header","section":1,"x":0,"y":8,"width":414,"height":20}"# + "\n")
        #expect(lines[2] == #"{"id":null,"kind":"content","section":null,"x":0,"y":0,"width":414,"height":1000.5}"# + "\n")
        #expect(lines[3] == #"{"id":null,"line":3,"field":"title","error":"invalid \"UTF-8\""}"# + "\n")
        for (record, line) in zip(records, lines) {
            var bytes: [UInt8] = []
            record.outputRecord.appendJSONLine(to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == line)
        }
    }
}
