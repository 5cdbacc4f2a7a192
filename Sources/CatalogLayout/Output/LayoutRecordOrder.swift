// Putting a layout's output in order: elements with their records' ids, errors in their places.
import CatalogIO
import CollectionLayout
import Geometry

/// Puts a catalog layout's output records in order, whether the elements come all at once
/// (a whole layout) or as a streamed layout places them, possibly a row behind.
///
/// Elements are written in element order (sections in order; header, items, footer), which
/// is input order for the records that became items, each item with its record's id; an
/// error record is written where its record came in the input, before the next item; the
/// content size comes last. With a ``query``, only the elements whose frames intersect it
/// (edges count) are written, then the content size; error records are left out.
///
/// ```swift
/// var order = LayoutRecordOrder(query: nil)
/// order.addItem(id: "1"); order.addError(error); order.addItem(id: "2")
/// order.add(layout.elements, into: &records)  // item 1, the error, item 2
/// order.finish(contentSize: layout.contentSize, into: &records)
/// ```
public struct LayoutRecordOrder: Sendable {
    public typealias Record = RecordOrError<LayoutElementRecord>

    /// The rect elements must intersect to be written; `nil` writes them all.
    public let query: Rect?
    /// The ids of the items handed in whose elements have not come yet.
    private var waitingIDs: [String] = []
    private var nextID = 0
    /// Error records and the number of the item they precede.
    private var waitingErrors: [(beforeItem: Int, record: ErrorRecord)] = []
    private var nextError = 0
    private var itemsAdded = 0
    private var itemsPlaced = 0

    public init(query: Rect?) { self.query = query }

    /// The next input record became an item with this id.
    public mutating func addItem(id: String) {
        waitingIDs.append(id)
        itemsAdded += 1
    }

    /// The next input record failed: its error record goes before the next item.
    public mutating func addError(_ error: ErrorRecord) {
        guard query == nil else { return }
        waitingErrors.append((itemsAdded, error))
    }

    /// Appends the records of `elements`, which continue the layout's elements in order.
    public mutating func add(_ elements: some Sequence<LayoutElement>, into records: inout [Record]) {
        for element in elements {
            var id: String?
            if element.kind == .item {
                writeErrors(before: itemsPlaced, into: &records)
                precondition(nextID < waitingIDs.count, "more items than records")
                id = waitingIDs[nextID]
                nextID += 1
                itemsPlaced += 1
                // Emptied once at least 64 ids are used, not after each: a streamed layout
                // places an item as soon as it comes, and emptying the array per item cost
                // more than the rest of its bookkeeping. (Not the used ids alone while others
                // wait: behind a whole layout's million waiting ids, that moved them all.)
                if nextID == waitingIDs.count, nextID >= 64 {
                    waitingIDs.removeAll(keepingCapacity: true)
                    nextID = 0
                }
            }
            if let query, !element.frame.intersects(query) { continue }
            records.append(.result(.element(id: id, element)))
        }
    }

    /// Appends the error records still waiting and the content size.
    public mutating func finish(contentSize: Size, into records: inout [Record]) {
        writeErrors(before: Int.max, into: &records)
        records.append(.result(.content(contentSize)))
    }

    private mutating func writeErrors(before item: Int, into records: inout [Record]) {
        while nextError < waitingErrors.count, waitingErrors[nextError].beforeItem <= item {
            records.append(.error(waitingErrors[nextError].record))
            nextError += 1
        }
        if nextError == waitingErrors.count, nextError > 0 {
            waitingErrors.removeAll(keepingCapacity: true)
            nextError = 0
        }
    }

    /// Hands an outcome of a catalog run in: an item's id or an error record.
    public mutating func add(_ outcome: CardOutcome) {
        switch outcome {
        case .card(let id, _, _): addItem(id: id)
        case .failure(let error): addError(error)
        }
    }
}
