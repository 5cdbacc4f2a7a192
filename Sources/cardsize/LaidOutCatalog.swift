// A laid-out catalog: what `render` draws, and the summary every layout command prints.
import ArgumentParser
import CatalogIO
import CatalogLayout
import CollectionLayout
import Geometry

/// An input record's place in a whole layout: a laid-out item, or its error record.
enum PlacedRecord {
    case item(id: String)
    case failure(ErrorRecord)
}

/// A catalog laid out whole by one of the layout commands: each input record's place (an
/// item or its error record), the frames, and the summary a person reads.
struct LaidOutCatalog {
    var placed: [PlacedRecord]
    var layout: LayoutResult
    /// The lines printed on standard error once the layout is done.
    var summary: [String]
    var failed: Int

    /// The whole layout a streamed one wrote as `records` (without a query).
    init(records: [LayoutRecordOrder.Record], summary: [String], failed: Int) {
        placed = []
        var elements: [LayoutElement] = []
        var contentSize = Size.zero
        for record in records {
            switch record {
            case .error(let error): placed.append(.failure(error))
            case .result(.element(let id, let element)):
                elements.append(element)
                if let id { placed.append(.item(id: id)) }
            case .result(.content(let size)): contentSize = size
            }
        }
        layout = LayoutResult(elements: elements, contentSize: contentSize)
        self.summary = summary
        self.failed = failed
    }

    init(placed: [PlacedRecord], layout: LayoutResult, summary: [String], failed: Int) {
        self.placed = placed
        self.layout = layout
        self.summary = summary
        self.failed = failed
    }
}

/// Prints `summary` on standard error; the exit status is 2 when `failed` is not 0.
func finishRun(summary: [String], failed: Int) throws {
    StandardError.write(summary.joined(separator: "\n") + "\n")
    if failed > 0 { throw ExitCode(2) }
}

extension LayoutResult {
    /// For each element, how many items come before it: an item's place among all items,
    /// which is its record's place among the records that became items.
    var itemNumbers: [Int] {
        var numbers: [Int] = []
        numbers.reserveCapacity(elements.count)
        var items = 0
        for element in elements {
            numbers.append(items)
            if element.kind == .item { items += 1 }
        }
        return numbers
    }
}
