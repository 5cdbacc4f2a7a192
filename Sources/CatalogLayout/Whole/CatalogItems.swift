// Reading a catalog into layout items, with an error record for each record that fails.
import CatalogIO

/// An input record's place in a whole layout: a laid-out item, or its error record.
public enum PlacedRecord: Sendable, Hashable {
    case item(id: String)
    /// Boxed: an error record is four fields, which inline would make every entry of a
    /// million-record place list 64 bytes instead of 16.
    indirect case failure(ErrorRecord)
}

/// The records of a catalog as layout items, in input order, with error records in their
/// place: for layouts laid out whole once every item is known (tags, compositional cards).
///
/// ```swift
/// let tags = try CatalogItems(reading: reader, field: "title") { record in try tagSize(of: record) }
/// let result = try layout.layout([tags.items])  // tags.placed says which record is which
/// ```
public struct CatalogItems<Item> {
    /// Every input record in order: an item, or its error record.
    public private(set) var placed: [PlacedRecord] = []
    /// The items, in the order of their records.
    public private(set) var items: [Item] = []
    /// Each item's line in the catalog, for an error record should the item fail later.
    private var itemLines: [Int] = []
    /// How many records failed.
    public private(set) var failed = 0

    /// Reads `records`, making an item of each readable one with `makeItem`; a record that
    /// cannot be read, or that `makeItem` rejects, gives an error record naming `field`.
    /// `afterEach` runs after each record (a progress display).
    public init(
        reading records: some Sequence<Result<CatalogRecord, CatalogError>>, field: String,
        afterEach: () -> Void = {}, _ makeItem: (CatalogRecord) throws -> Item
    ) {
        for read in records {
            afterEach()
            switch read {
            case .failure(let error):
                fail(ErrorRecord(error))
            case .success(let record):
                do {
                    items.append(try makeItem(record))
                    itemLines.append(record.line)
                    placed.append(.item(id: record.id))
                } catch {
                    fail(ErrorRecord(id: record.id, line: record.line, field: field, message: "\(error)"))
                }
            }
        }
    }

    /// The items numbered by the keys of `failures` (their positions in ``items``) turned
    /// into error records, each with its message, naming `field`.
    public mutating func fail(items failures: [Int: String], field: String) {
        guard !failures.isEmpty else { return }
        var itemNumber = 0
        for position in placed.indices {
            guard case .item(let id) = placed[position] else { continue }
            if let message = failures[itemNumber] {
                placed[position] = .failure(ErrorRecord(id: id, line: itemLines[itemNumber], field: field, message: message))
                failed += 1
            }
            itemNumber += 1
        }
        let kept = items.indices.filter { failures[$0] == nil }
        items = kept.map { items[$0] }
        itemLines = kept.map { itemLines[$0] }
    }

    private mutating func fail(_ error: ErrorRecord) {
        failed += 1
        placed.append(.failure(error))
    }
}
