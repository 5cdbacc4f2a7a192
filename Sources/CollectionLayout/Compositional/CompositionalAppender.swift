// Incremental compositional layout: items appended at the end cost only their own placement.

import Geometry

/// A compositional layout that grows as items are appended, equal after every append to
/// ``CompositionalLayout/layout(itemCount:heights:)`` of all the items so far.
///
/// Items are cut into sections as that method cuts them: the last section takes items up to
/// its `maximumItemCount`, then new sections begin in cycle order. An append lays out again
/// only the last section's last group repetition (its estimated sides may grow with the new
/// items) and footer, then places the new items.
///
/// The heights are given once: every append may measure again the items of that last
/// repetition, so they must answer for every item number so far, the same way each time
/// (a closure over a store of measured cards that grows with the appends, for example).
///
/// ```swift
/// var appender = try CompositionalAppender(layout: .instaSearch(collectionSize: Size(width: 375, height: 667)))
/// try appender.append(100)
/// let change = try appender.append(20)  // places items 100-119 (and lays out item 99 again)
/// let moved = appender.result.elements[change.firstChangedIndex...]
/// ```
public struct CompositionalAppender: LayoutAppender {
    public let layout: CompositionalLayout
    /// Where item, header and footer heights come from, for every append.
    public let heights: CompositionalHeights
    /// The item count of every section so far.
    public private(set) var sectionItemCounts: [Int]
    private var elements: [LayoutElement]
    /// The bottom of the last section.
    private var contentHeight: Double
    /// The item number of the last section's item 0.
    private var lastSectionFirstItemNumber: Int
    /// Where the last section's last group repetition starts.
    private var lastRepetition: CompositionalRepetitionMark

    /// Checks `layout` and lays out its first section, empty (its header, insets and footer).
    ///
    /// Throws ``CollectionLayoutError`` for an invalid layout or measured header height.
    public init(
        layout: CompositionalLayout, heights: CompositionalHeights = .estimates
    ) throws(CollectionLayoutError) {
        try layout.validate()
        let placer = layout.sectionPlacer(0, firstItemNumber: 0, heights: heights)
        var elements: [LayoutElement] = []
        let start = try placer.begin(at: 0, into: &elements)
        let filled = try placer.fill(from: start, itemCount: 0, into: &elements)
        self.layout = layout
        self.heights = heights
        self.sectionItemCounts = [0]
        self.elements = elements
        self.contentHeight = filled.bottom
        self.lastSectionFirstItemNumber = 0
        self.lastRepetition = filled.lastRepetition
    }

    /// How many items the layout holds.
    public var itemCount: Int { lastSectionFirstItemNumber + sectionItemCounts[sectionItemCounts.count - 1] }

    /// The layout of every item so far.
    ///
    /// The result shares its elements with the appender until the next append; holding a
    /// result across an append makes that append copy them.
    public var result: LayoutResult {
        LayoutResult(elements: elements, contentSize: Size(width: layout.collectionSize.width, height: contentHeight))
    }

    /// Appends `newItemCount` items at the end (item numbers from ``itemCount`` on); the
    /// elements that changed start at the last section's last group repetition.
    ///
    /// Throws ``CollectionLayoutError`` for a negative count, a group that holds no item or
    /// an invalid measured height; the appender is then as it was before the call.
    ///
    /// - Complexity: O(k + r) for k new items and the r items of the last repetition.
    @discardableResult
    public mutating func append(_ newItemCount: Int) throws(CollectionLayoutError) -> LayoutChange {
        try CompositionalLayout.requireItemCount(newItemCount, field: "itemCount")
        let saved = Snapshot(self)
        do throws(CollectionLayoutError) {
            try appendItems(newItemCount)
        } catch {
            saved.restore(&self)
            throw error
        }
        return LayoutChange(firstChangedIndex: saved.lastRepetition.elementIndex)
    }

    /// What an append changes, kept to undo a failed one: the last section's state and the
    /// elements from its last repetition on (a repetition and a footer, so O(1) for a layout).
    private struct Snapshot {
        let sectionCount: Int
        let lastSectionItemCount: Int
        let contentHeight: Double
        let lastSectionFirstItemNumber: Int
        let lastRepetition: CompositionalRepetitionMark
        let tail: [LayoutElement]

        init(_ appender: CompositionalAppender) {
            sectionCount = appender.sectionItemCounts.count
            lastSectionItemCount = appender.sectionItemCounts[sectionCount - 1]
            contentHeight = appender.contentHeight
            lastSectionFirstItemNumber = appender.lastSectionFirstItemNumber
            lastRepetition = appender.lastRepetition
            tail = Array(appender.elements[lastRepetition.elementIndex...])
        }

        func restore(_ appender: inout CompositionalAppender) {
            appender.sectionItemCounts.removeLast(appender.sectionItemCounts.count - sectionCount)
            appender.sectionItemCounts[sectionCount - 1] = lastSectionItemCount
            appender.contentHeight = contentHeight
            appender.lastSectionFirstItemNumber = lastSectionFirstItemNumber
            appender.lastRepetition = lastRepetition
            appender.elements.removeLast(appender.elements.count - lastRepetition.elementIndex)
            appender.elements.append(contentsOf: tail)
        }
    }

    /// Fills the last section up to its maximum, then begins new sections, until `count`
    /// items are placed.
    private mutating func appendItems(_ count: Int) throws(CollectionLayoutError) {
        let neededCapacity = elements.count + count
        if neededCapacity > elements.capacity {
            elements.reserveCapacity(max(neededCapacity, 2 * elements.capacity))
        }
        var remaining = count
        while remaining > 0 {
            let last = sectionItemCounts.count - 1
            let capacity = layout.section(at: last).maximumItemCount ?? Int.max
            guard sectionItemCounts[last] < capacity else {
                try beginSection()
                continue
            }
            let taken = min(remaining, capacity - sectionItemCounts[last])
            sectionItemCounts[last] += taken
            remaining -= taken
            let placer = layout.sectionPlacer(last, firstItemNumber: lastSectionFirstItemNumber, heights: heights)
            let filled = try placer.fill(from: lastRepetition, itemCount: sectionItemCounts[last], into: &elements)
            contentHeight = filled.bottom
            lastRepetition = filled.lastRepetition
        }
    }

    /// Appends the next section's header below the last section, with no items yet.
    private mutating func beginSection() throws(CollectionLayoutError) {
        lastSectionFirstItemNumber += sectionItemCounts[sectionItemCounts.count - 1]
        sectionItemCounts.append(0)
        let placer = layout.sectionPlacer(
            sectionItemCounts.count - 1, firstItemNumber: lastSectionFirstItemNumber, heights: heights)
        lastRepetition = try placer.begin(at: contentHeight, into: &elements)
    }
}
