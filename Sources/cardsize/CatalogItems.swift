// Reading a catalog into layout items, with an error record for each record that fails.
import CatalogIO

/// The records of a catalog as layout items, in input order, with error records in their
/// place; for layouts whose items are not cards (tags, fixed panels).
struct CatalogItems<Item> {
    var placed: [PlacedRecord] = []
    var items: [Item] = []
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
                    result.placed.append(.item(id: record.id))
                } catch {
                    result.fail(ErrorRecord(id: record.id, line: record.line, field: field, message: "\(error)"))
                }
            }
        }
        progress.finish()
        return result
    }

    private mutating func fail(_ error: ErrorRecord) {
        failed += 1
        placed.append(.failure(error))
    }
}
