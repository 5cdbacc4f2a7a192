// A layout kept packed points each item at its own record, headers and failed records at
// none, whether made from a whole layout or from its output records as they stream.
import CatalogIO
import CatalogLayout
import CatalogPreview
import CollectionLayout
import Foundation
import Geometry
import Testing

@Suite struct PackedLaidOutCatalogTests {
    /// 40 records in sections of 15 with headers; records 0, 7, 8 and 39 fail (no id).
    static func laidOut() throws -> LaidOutCatalog {
        var lines = ["id,title,author"] + (0..<40).map { "r\($0),Title \($0),Author" }
        for failed in [1, 8, 9, 40] { lines[failed] = ",No id,Nobody" }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("packed-\(UUID().uuidString).csv").path
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tags = CatalogItems(reading: try CatalogReader(path: path), field: "title") { _ in Size(width: 60, height: 20) }
        let layout = try TagFlowLayout(collectionWidth: 200, configuration: TagFlowConfiguration(headerHeight: 10))
            .layout(tags.items.sections(of: 15))
        return LaidOutCatalog(placed: tags.placed, layout: layout)
    }

    @Test func itemsPointAtTheirRecordsAndBack() throws {
        let laidOut = try Self.laidOut()
        var streamed = PackedLaidOutCatalog()
        let records = laidOut.records(query: nil)
        for start in stride(from: 0, to: records.count, by: 7) { streamed.add(Array(records[start..<min(start + 7, records.count)])) }
        for packed in [PackedLaidOutCatalog(laidOut), streamed] {
            #expect(Array(packed.elements) == laidOut.layout.elements)
            #expect(packed.contentSize == laidOut.layout.contentSize)
            #expect(packed.recordCount == 40 && packed.itemCount == 36)
            var itemPositions = laidOut.placed.indices.filter { if case .item = laidOut.placed[$0] { true } else { false } }[...]
            for (index, element) in laidOut.layout.elements.enumerated() {
                let position = packed.inputPosition(ofElement: index)
                guard element.kind == .item else {
                    #expect(position == nil, "element \(index)")
                    continue
                }
                #expect(position == itemPositions.popFirst(), "element \(index)")
                #expect(position.flatMap(packed.element(drawing:)) == index)
            }
            #expect(itemPositions.isEmpty)
            for failed in [0, 7, 8, 39, -1, 40] { #expect(packed.element(drawing: failed) == nil, "record \(failed)") }
        }
    }
}
