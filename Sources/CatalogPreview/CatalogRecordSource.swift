// Where a picture of part of a laid-out catalog reads its records back from.
import BoundedCache
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

/// Every record of a catalog read once and kept compactly, so that a viewer draws any part
/// of a million-record catalog without reading the file again: each id in one byte array,
/// and each distinct title, author and cover size once (a catalog's books repeat: a
/// generated realistic million holds some ten thousand), about 20 bytes per record besides
/// its id, where a `[CatalogRecord]` takes several allocations each.
///
/// Made by a ``CatalogRecordKeeper`` as a catalog is read (once, by the layout that reads it).
public struct CatalogRecordStore: CatalogRecordSource {
    /// Each record's id, one after another.
    fileprivate var ids: [UInt8] = []
    /// Per input position: where its id ends in `ids` (it starts where the previous ends).
    fileprivate var idEnds: [Int] = []
    /// Per input position: the number of its title, author and cover size in `contents`;
    /// ``failed`` for a record that failed to read.
    fileprivate var contentNumbers: [UInt32] = []
    fileprivate var contents = RecordContents()
    /// Runs of positions whose line is the position plus the same number (it grows only past
    /// a record over several lines, a blank line or a failed record), by first position.
    fileprivate var lineRuns: [(firstPosition: Int, linesBefore: Int)] = []
    /// The last line of each record that ends past its first line, by position.
    fileprivate var lastLines: [Int: Int] = [:]
    /// The rare records with other mapped columns, by position.
    fileprivate var otherFields: [Int: [String: String]] = [:]

    fileprivate static let failed = UInt32.max

    /// Reads every record of `reader`.
    public init(reading reader: some Sequence<Result<CatalogRecord, CatalogError>>) {
        var keeper = CatalogRecordKeeper()
        for record in reader { keeper.keep(record) }
        self = keeper.store
    }

    fileprivate init() {}

    /// How many input records the store holds, failed ones included.
    public var count: Int { idEnds.count }

    /// The record at `position`, as it was read; `nil` for a failed record or a position
    /// past the end.
    public func record(at position: Int) -> CatalogRecord? {
        guard contentNumbers.indices.contains(position), contentNumbers[position] != Self.failed else { return nil }
        let content = Int(contentNumbers[position])
        let line = position + lineRuns[lineRun(containing: position)].linesBefore
        return CatalogRecord(
            id: String(decoding: ids[idRange(at: position)], as: UTF8.self), title: contents.title(content),
            author: contents.author(content), imageSize: contents.imageSize(content),
            otherFields: otherFields[position] ?? [:], line: line, lastLine: lastLines[position] ?? line,
            recordNumber: position + 1)
    }

    public func records(at positions: Set<Int>) -> [Int: CatalogRecord] {
        var found: [Int: CatalogRecord] = [:]
        for position in positions { found[position] = record(at: position) }
        return found
    }

    /// The position of the first record whose id is `id`, by a scan of the ids' bytes.
    public func position(ofID id: String) -> Int? {
        let wanted = Array(id.utf8)
        for position in idEnds.indices where contentNumbers[position] != Self.failed {
            let range = idRange(at: position)
            if range.count == wanted.count, ids[range].elementsEqual(wanted) { return position }
        }
        return nil
    }

    private func idRange(at position: Int) -> Range<Int> {
        (position == 0 ? 0 : idEnds[position - 1])..<idEnds[position]
    }

    /// The index in `lineRuns` of the run holding `position` (a read record's).
    private func lineRun(containing position: Int) -> Int {
        var (low, high) = (0, lineRuns.count)
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineRuns[middle].firstPosition <= position { low = middle } else { high = middle }
        }
        return low
    }
}

/// Keeps the records of a catalog as they are read, in input order, failed ones too, into
/// a ``CatalogRecordStore``: a title, author and cover size seen before is found by its
/// hash and kept once.
///
/// ```swift
/// var keeper = CatalogRecordKeeper()
/// for record in try CatalogReader(path: "Catalogs/goodbooks-10k.csv") { keeper.keep(record) }
/// let store = keeper.store
/// ```
public struct CatalogRecordKeeper: Sendable {
    /// The records kept so far.
    public private(set) var store = CatalogRecordStore()
    /// The contents' numbers by their hash; made again twice as large when full.
    private var slots = HashSlots(capacity: 1024)
    private var slotCapacity = 1024
    /// Each content's hash, to place it in the larger slots.
    private var hashes: [UInt64] = []

    public init() {}

    /// Keeps the next input record, or that it failed to read.
    public mutating func keep(_ read: Result<CatalogRecord, CatalogError>) {
        let position = store.contentNumbers.count
        guard case .success(let record) = read else {
            store.idEnds.append(store.ids.count)
            store.contentNumbers.append(CatalogRecordStore.failed)
            return
        }
        store.ids.append(contentsOf: record.id.utf8)
        store.idEnds.append(store.ids.count)
        store.contentNumbers.append(contentNumber(of: record))
        let linesBefore = record.line - position
        if store.lineRuns.last?.linesBefore != linesBefore { store.lineRuns.append((position, linesBefore)) }
        if record.lastLine != record.line { store.lastLines[position] = record.lastLine }
        if !record.otherFields.isEmpty { store.otherFields[position] = record.otherFields }
    }

    /// The number of the record's title, author and cover size, kept now if not seen before.
    private mutating func contentNumber(of record: CatalogRecord) -> UInt32 {
        let hash = RecordContents.hash(of: record)
        if let found = keptNumber(of: record, hash: hash) { return UInt32(found) }
        let number = store.contents.count
        precondition(number < Int(CatalogRecordStore.failed), "a store holds fewer than 2^32 - 1 distinct records")
        store.contents.append(record)
        hashes.append(hash)
        if number == slotCapacity {
            slotCapacity *= 2
            slots = HashSlots(capacity: slotCapacity)
            for (kept, hash) in hashes.enumerated() { slots.add(index: kept, hash: hash) }
        } else {
            slots.add(index: number, hash: hash)
        }
        return UInt32(number)
    }

    /// The number of the content kept with the record's title, author and cover size, if any.
    private func keptNumber(of record: CatalogRecord, hash: UInt64) -> Int? {
        slots.firstIndex(hash: hash) { store.contents.matches($0, record) }
    }
}

/// The distinct titles, authors and cover sizes of a catalog's records, each numbered.
private struct RecordContents: Sendable {
    /// Each content's title then author, one after another.
    private var text: [UInt8] = []
    /// Per content: where its title and its author end in `text` (its title starts where
    /// the previous content's author ends).
    private var titleEnds: [Int] = []
    private var authorEnds: [Int] = []
    /// Per content: its cover size; NaN for none.
    private var imageWidths: [Double] = []
    private var imageHeights: [Double] = []

    var count: Int { titleEnds.count }

    mutating func append(_ record: CatalogRecord) {
        text.append(contentsOf: record.title.utf8)
        titleEnds.append(text.count)
        text.append(contentsOf: record.author.utf8)
        authorEnds.append(text.count)
        imageWidths.append(record.imageSize?.width ?? .nan)
        imageHeights.append(record.imageSize?.height ?? .nan)
    }

    func title(_ content: Int) -> String { string(titleStart(content)..<titleEnds[content]) }
    func author(_ content: Int) -> String { string(titleEnds[content]..<authorEnds[content]) }

    func imageSize(_ content: Int) -> (width: Double, height: Double)? {
        imageWidths[content].isNaN ? nil : (imageWidths[content], imageHeights[content])
    }

    /// Whether content `content` is the record's, byte for byte (a cover size's bits too).
    func matches(_ content: Int, _ record: CatalogRecord) -> Bool {
        let (width, height) = record.imageSize ?? (.nan, .nan)
        return imageWidths[content].bitPattern == width.bitPattern && imageHeights[content].bitPattern == height.bitPattern
            && bytes(titleStart(content)..<titleEnds[content], equal: record.title)
            && bytes(titleEnds[content]..<authorEnds[content], equal: record.author)
    }

    /// Whether `text[range]` holds the bytes of `string`, compared in place (a `String`'s
    /// UTF-8 view compared element by element is several times slower).
    private func bytes(_ range: Range<Int>, equal string: String) -> Bool {
        guard range.count == string.utf8.count else { return false }
        return text.withUnsafeBufferPointer { text in
            let kept = UnsafeBufferPointer(rebasing: text[range])
            return string.utf8.withContiguousStorageIfAvailable { kept.elementsEqual($0) } ?? kept.elementsEqual(string.utf8)
        }
    }

    /// A hash of the record's title, author and cover size, as ``matches(_:_:)`` compares them.
    static func hash(of record: CatalogRecord) -> UInt64 {
        let (width, height) = record.imageSize ?? (.nan, .nan)
        var hash = ByteString(record.title).bytesHash
        for next in [ByteString(record.author).bytesHash, width.bitPattern, height.bitPattern] {
            hash = (hash ^ next) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 32
        }
        return hash
    }

    private func titleStart(_ content: Int) -> Int { content == 0 ? 0 : authorEnds[content - 1] }
    private func string(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }
}
