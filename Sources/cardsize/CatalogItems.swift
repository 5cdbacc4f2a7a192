// Reading a catalog into layout items, with an error record for each record that fails.
import CatalogIO

/// The records of a catalog as layout items, in input order, with error records in their
/// place; for layouts whose items are not cards (tags, fixed panels).
struct CatalogItems<Item> {
    var placed: [PlacedRecord] = []
    var items: [Item] = []
    /// Each item's line in the catalog, for an error record should the item fail later.
    private var itemLines: [Int] = []
    var failed = 0

    /// Reads `catalog`, making an item of each readable record with `makeItem`; a record that
    /// cannot be read, or that `makeItem` rejects, gives an error record naming `field`.
    static func read(
        _ catalog: CatalogOptions, field: String, _ makeItem: (CatalogRecord) throws -> Item
    ) throws -> CatalogItems {
        var result = CatalogItems()
        var (reader, progress) = try catalog.reader(label: "records")
        for read in reader {
            progress.tick()
            switch read {
            case .failure(let error):
                result.fail(ErrorRecord(error))
            case .success(let record):
                do {
                    result.items.append(try makeItem(record))
                    result.itemLines.append(record.line)
                    result.placed.append(.item(id: record.id))
                } catch {
                    result.fail(ErrorRecord(id: record.id, line: record.line, field: field, message: "\(error)"))
                }
            }
        }
        progress.finish()
        return result
    }

    /// The items numbered by the keys of `failures` (their positions in ``items``) turned
    /// into error records, each with its message, naming `field`.
    mutating func fail(items failures: [Int: String], field: String) {
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
