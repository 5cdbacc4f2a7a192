// A laid-out catalog kept for drawing: the elements packed, each item's input record found
// by counting, the content size.
import CatalogLayout
import CollectionLayout
import Geometry

/// A catalog's layout kept whole in little memory: its elements packed
/// (``PackedLayoutElements``), and which input record each item draws, kept as the few
/// elements that draw none (headers, footers) and the few records that have no element
/// (error records): the k-th item draws the k-th record that did not fail. The records'
/// ids are not kept: a ``CatalogRecordSource`` has them.
///
/// Made as a streamed layout writes its output records (``add(_:)``), or from a whole
/// layout (``init(_:)``).
public struct PackedLaidOutCatalog: Sendable {
    public private(set) var elements = PackedLayoutElements()
    /// The collection's width by the height of everything laid out.
    public private(set) var contentSize = Size.zero
    /// The elements that draw no record, ascending.
    private var supplementaryElements: [Int] = []
    /// The input positions of the records that have no element, ascending.
    private var failedPositions: [Int] = []
    /// How many input records came in, failed ones included.
    public private(set) var recordCount = 0

    public init() {}

    /// `laidOut` kept packed: its k-th item element draws its k-th placed item.
    public init(_ laidOut: LaidOutCatalog) {
        for element in laidOut.layout.elements { add(element) }
        for (position, placed) in laidOut.placed.enumerated() {
            if case .failure = placed { failedPositions.append(position) }
        }
        recordCount = laidOut.placed.count
        contentSize = laidOut.layout.contentSize
    }

    /// Adds the output records of a layout in order (``LayoutRecordOrder``): elements, error
    /// records in their places, the content size.
    public mutating func add(_ records: [LayoutRecordOrder.Record]) {
        for record in records {
            switch record {
            case .error:
                failedPositions.append(recordCount)
                recordCount += 1
            case .result(.element(_, let element)):
                if element.kind == .item { recordCount += 1 }
                add(element)
            case .result(.content(let size)):
                contentSize = size
            }
        }
    }

    private mutating func add(_ element: LayoutElement) {
        if element.kind != .item { supplementaryElements.append(elements.count) }
        elements.append(element)
    }

    /// How many elements draw a record.
    public var itemCount: Int { elements.count - supplementaryElements.count }

    /// The input position of the record element `index` draws; `nil` for a header or footer.
    public func inputPosition(ofElement index: Int) -> Int? {
        guard let item = Self.rank(of: index, skipping: supplementaryElements) else { return nil }
        return Self.value(ranked: item, skipping: failedPositions)
    }

    /// The element that draws the record at input position `position`; `nil` for a record
    /// that failed.
    public func element(drawing position: Int) -> Int? {
        guard position >= 0, position < recordCount, let item = Self.rank(of: position, skipping: failedPositions) else {
            return nil
        }
        return Self.value(ranked: item, skipping: supplementaryElements)
    }

    /// Among the values 0, 1, 2, ... without those of `skipped` (ascending), the place of
    /// `value`; `nil` when it is skipped.
    static func rank(of value: Int, skipping skipped: [Int]) -> Int? {
        let before = firstIndex(in: skipped) { $0 >= value }
        if before < skipped.count, skipped[before] == value { return nil }
        return value - before
    }

    /// Among the values 0, 1, 2, ... without those of `skipped` (ascending), the one at place
    /// `rank`: `rank` plus the skipped values at or before it (`skipped[j] - j` of those at
    /// most `rank`, the kept values before skipped one `j`, grows with `j`).
    static func value(ranked rank: Int, skipping skipped: [Int]) -> Int {
        rank + firstIndex(in: skipped.indices) { skipped[$0] - $0 > rank }
    }

    /// The first position in `values` where `isPast` holds (it holds from there on).
    private static func firstIndex<Values: RandomAccessCollection<Int>>(
        in values: Values, where isPast: (Int) -> Bool
    ) -> Int where Values.Index == Int {
        var (low, high) = (values.startIndex, values.endIndex)
        while low < high {
            let middle = (low + high) / 2
            if isPast(values[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
