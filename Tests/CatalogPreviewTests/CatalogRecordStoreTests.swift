// Every record kept compactly gives back exactly what the reader read, failed ones absent.
import CatalogIO
import CatalogPreview
import Foundation
import Testing

@Suite struct CatalogRecordStoreTests {
    /// A catalog with cover sizes, an extra mapped column, records that fail and repeated ids.
    static let catalog = """
        id,title,author,w,h,series
        1,Dune,Frank Herbert,700,1000,Dune
        2,"A title, quoted",,,,
        ,no id,X,1,1,
        3,吾輩は猫である,夏目漱石,600,900,
        4,bad size,Y,-3,10,
        1,Dune again,Someone,1,2,Dune
        5,"Two
        lines",Z,,,S
        """

    @Test func keptRecordsAreTheRecordsRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString).csv").path
        try Self.catalog.write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let mapping = ColumnMapping(imageSize: .init(width: "w", height: "h"), otherColumns: ["series"])
        let read = Array(try CatalogReader(path: path, mapping: mapping))
        let store = CatalogRecordStore(reading: try CatalogReader(path: path, mapping: mapping))
        #expect(store.count == read.count && read.count == 7)
        Self.expectKept(read, in: store)
        #expect(store.record(at: 7) == nil && store.record(at: -1) == nil)
        // The first record with an id; none for an id only a failed record had.
        #expect(store.position(ofID: "1") == 0)
        #expect(store.position(ofID: "5") == 6)
        #expect(store.position(ofID: "4") == nil)
        #expect(store.position(ofID: "") == nil)
        #expect(store.records(at: [0, 2, 3]).keys.sorted() == [0, 3])
    }

    /// Thousands of records whose books repeat (more distinct books than the keeper's first
    /// table holds), some over several lines, blank lines and failures between them: each
    /// comes back as read.
    @Test func repeatedBooksAreKeptOnceAndComeBackAsRead() throws {
        var lines = ["id,title,author,w,h"]
        for number in 0..<6_000 {
            let book = number % 2_500
            switch number % 997 {
            case 5: lines.append(",no id,X,1,1")
            case 6: lines.append("")
            case 7: lines.append("m\(number),\"Two\nlines \(book)\",A\(book % 7),,")
            default: lines.append("g\(number),Title \(book),A\(book % 7),\(book % 3 == 0 ? "" : "\(100 + book % 11)"),\(book % 3 == 0 ? "" : "150")")
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString).csv").path
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let mapping = ColumnMapping(imageSize: .init(width: "w", height: "h"))
        let read = Array(try CatalogReader(path: path, mapping: mapping))
        var keeper = CatalogRecordKeeper()
        for record in read { keeper.keep(record) }
        #expect(keeper.store.count == read.count && read.count > 5_900)
        Self.expectKept(read, in: keeper.store)
    }

    /// Each record of `read` is kept at its position, field for field; a failed one is not.
    static func expectKept(_ read: [Result<CatalogRecord, CatalogError>], in store: CatalogRecordStore) {
        for (position, result) in read.enumerated() {
            let kept = store.record(at: position)
            guard case .success(let record) = result else {
                #expect(kept == nil, "record \(position) failed to read but is kept")
                continue
            }
            guard let same = kept else {
                Issue.record("record \(position) is not kept")
                continue
            }
            #expect(same.id == record.id && same.title == record.title && same.author == record.author, "\(position)")
            #expect(same.imageSize?.width == record.imageSize?.width && same.imageSize?.height == record.imageSize?.height)
            #expect(same.otherFields == record.otherFields)
            #expect(same.line == record.line && same.lastLine == record.lastLine && same.recordNumber == record.recordNumber)
        }
    }
}
