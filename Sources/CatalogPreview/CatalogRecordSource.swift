// Where a picture of part of a laid-out catalog reads its records back from.
import CatalogIO

/// Gives the records at some positions of a catalog's input (counting every input record,
/// failed ones too): what ``CatalogPage`` reads for the elements in view, since a layout
/// keeps ids and frames, not records.
public protocol CatalogRecordSource: Sendable {
    /// The records at `positions`; a position whose record failed to read is absent.
    func records(at positions: Set<Int>) throws -> [Int: CatalogRecord]
}

/// The catalog file read again from its start for each picture, up to the last record
/// wanted: no memory kept between pictures (what `cardsize render` draws one page with).
public struct CatalogFileRecords: CatalogRecordSource {
    public let path: String
    /// The catalog's format; `nil`: the one its extension names.
    public let format: CatalogFormat?
    public let mapping: ColumnMapping

    public init(path: String, format: CatalogFormat? = nil, mapping: ColumnMapping) {
        self.path = path
        self.format = format
        self.mapping = mapping
    }

    /// Every record of the file, read once and kept.
    public func readAll() throws -> CatalogRecordStore {
        CatalogRecordStore(reading: try CatalogReader(path: path, format: format, mapping: mapping))
    }

    public func records(at positions: Set<Int>) throws -> [Int: CatalogRecord] {
        var found: [Int: CatalogRecord] = [:]
        guard let last = positions.max() else { return found }
        let reader = try CatalogReader(path: path, format: format, mapping: mapping)
        for (position, record) in reader.enumerated() {
            if positions.contains(position), case .success(let record) = record { found[position] = record }
            if position == last { break }
        }
        return found
    }
}

/// Every record of a catalog read once and kept compactly: their text in one byte array,
/// a few numbers each, so that a viewer draws any part of a million-record catalog without
/// reading the file again (about 60 bytes plus the text per record, where a
/// `[CatalogRecord]` takes several allocations each).
public struct CatalogRecordStore: CatalogRecordSource {
    /// Each record's id, title and author, one after another.
    private var text: [UInt8] = []
    /// Per input position: where its id, title and author end in `text` (its id starts where
    /// the previous record's author ends); a record that failed to read has no text and its
    /// id's end is `-1`.
    private var idEnds: [Int] = []
    private var titleEnds: [Int] = []
    private var authorEnds: [Int] = []
    /// Per input position: its cover size (NaN for none), first and last line.
    private var imageWidths: [Double] = []
    private var imageHeights: [Double] = []
    private var lines: [(first: Int32, last: Int32)] = []
    /// The rare records with other mapped columns, by position.
    private var otherFields: [Int: [String: String]] = [:]

    /// How many input records the store holds, failed ones included.
    public var count: Int { idEnds.count }

    /// Reads every record of `reader`.
    public init(reading reader: some Sequence<Result<CatalogRecord, CatalogError>>) {
        for record in reader {
            guard case .success(let record) = record else {
                idEnds.append(-1)
                titleEnds.append(text.count)
                authorEnds.append(text.count)
                imageWidths.append(.nan)
                imageHeights.append(.nan)
                lines.append((0, 0))
                continue
            }
            text.append(contentsOf: record.id.utf8)
            idEnds.append(text.count)
            text.append(contentsOf: record.title.utf8)
            titleEnds.append(text.count)
            text.append(contentsOf: record.author.utf8)
            authorEnds.append(text.count)
            imageWidths.append(record.imageSize?.width ?? .nan)
            imageHeights.append(record.imageSize?.height ?? .nan)
            lines.append((Int32(clamping: record.line), Int32(clamping: record.lastLine)))
            if !record.otherFields.isEmpty { otherFields[idEnds.count - 1] = record.otherFields }
        }
    }

    /// The record at `position`, as it was read; `nil` for a failed record or a position
    /// past the end.
    public func record(at position: Int) -> CatalogRecord? {
        guard idEnds.indices.contains(position), idEnds[position] >= 0 else { return nil }
        let start = position == 0 ? 0 : authorEnds[position - 1]
        let width = imageWidths[position], height = imageHeights[position]
        return CatalogRecord(
            id: string(start..<idEnds[position]), title: string(idEnds[position]..<titleEnds[position]),
            author: string(titleEnds[position]..<authorEnds[position]),
            imageSize: width.isNaN ? nil : (width, height), otherFields: otherFields[position] ?? [:],
            line: Int(lines[position].first), lastLine: Int(lines[position].last), recordNumber: position + 1)
    }

    public func records(at positions: Set<Int>) -> [Int: CatalogRecord] {
        var found: [Int: CatalogRecord] = [:]
        for position in positions { found[position] = record(at: position) }
        return found
    }

    /// The position of the first record whose id is `id`, by a scan of the ids' bytes.
    public func position(ofID id: String) -> Int? {
        let wanted = Array(id.utf8)
        var start = 0
        for position in idEnds.indices {
            defer { start = authorEnds[position] }
            let end = idEnds[position]
            if end - start == wanted.count, text[start..<end].elementsEqual(wanted) { return position }
        }
        return nil
    }

    private func string(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }
}
