// A laid-out catalog: what every layout command computes before it writes anything.
import ArgumentParser
import CollectionLayout

/// A catalog laid out by one of the layout commands: each input record's place (an item
/// or its error record), the frames, and the summary a person reads.
struct LaidOutCatalog {
    var placed: [PlacedRecord]
    var layout: LayoutResult
    /// The lines printed on standard error once the layout is done.
    var summary: [String]
    var failed: Int

    /// Prints the summary; the exit status is 2 when any record failed.
    func finish() throws {
        try Self.finish(summary: summary, failed: failed)
    }

    /// Prints `summary` on standard error; the exit status is 2 when `failed` is not 0.
    static func finish(summary: [String], failed: Int) throws {
        StandardError.write(summary.joined(separator: "\n") + "\n")
        if failed > 0 { throw ExitCode(2) }
    }
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
