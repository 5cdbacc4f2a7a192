// What every streamed layout's appender promises, checked on a stream of its own: the result
// is what is placed for good plus what finishing now would add, an append replaces only that
// tail, and a failed append changes nothing.
import Geometry
import Testing

@testable import CollectionLayout

/// A column of items 100 wide, each as tall as its height, stacked top to bottom; the last item
/// of the open section is held back (as a row layout holds back its open row) and each section
/// ends in a 5-point footer. A negative height is an invalid item.
private struct ColumnStream: LayoutStream {
    private(set) var lastSection: Int?
    private var bottom = 0.0
    private var held: (index: Int, height: Double)?
    private var nextIndex = 0

    mutating func stream(_ items: [Double], toSection section: Int, into elements: inout [LayoutElement])
        throws(CollectionLayoutError)
    {
        if let invalid = items.firstIndex(where: { $0 < 0 }) {
            throw .invalidItemSize(section: section, index: nextIndex + invalid, size: Size(width: 100, height: items[invalid]))
        }
        for opened in try SectionOrder.sectionsToOpen(upTo: section, after: lastSection) {
            if lastSection != nil { closeSection(into: &elements) }
            lastSection = opened
            nextIndex = 0
        }
        for height in items {
            if let held { place(held, into: &elements) }
            held = (nextIndex, height)
            nextIndex += 1
        }
    }

    mutating func finish(into elements: inout [LayoutElement]) -> Size {
        if lastSection != nil { closeSection(into: &elements) }
        return Size(width: 100, height: bottom)
    }

    private mutating func place(_ item: (index: Int, height: Double), into elements: inout [LayoutElement]) {
        elements.append(
            LayoutElement(kind: .item, section: lastSection ?? 0, index: item.index, frame: Rect(x: 0, y: bottom, width: 100, height: item.height)))
        bottom += item.height
    }

    private mutating func closeSection(into elements: inout [LayoutElement]) {
        if let held { place(held, into: &elements) }
        held = nil
        bottom = elements.appendSupplementary(.footer, section: lastSection ?? 0, height: 5, at: bottom, width: 100)
    }
}

@Suite struct StreamAppenderTests {
    /// The stream's whole layout of `sections`.
    private func whole(_ sections: [[Double]]) throws -> LayoutResult {
        var stream = ColumnStream()
        return try stream.layOut(sections, elementCount: 0)
    }

    @Test func theResultIsAlwaysTheWholeLayoutOfTheItemsSoFar() throws {
        var appender = try StreamAppender(stream: ColumnStream(), sections: [[10, 20], [30]])
        #expect(appender.result == (try whole([[10, 20], [30]])))
        var last: [Double] = [30]
        for page in [[1.0, 2, 3], [], [4], [5, 6]] {
            let before = appender.result.elements
            let change = try appender.append(page)
            last += page
            #expect(appender.result == (try whole([[10, 20], last])))
            // Placed for good: everything but the held item and the footer.
            #expect(change.firstChangedIndex == before.count - 2)
            #expect(appender.result.elements.prefix(change.firstChangedIndex) == before.prefix(change.firstChangedIndex))
        }
        #expect(appender.result.contentSize == Size(width: 100, height: 10 + 20 + 5 + 30 + 21 + 5))
    }

    /// The held item and the footer are the tail: an append moves the footer and places the
    /// held item for good, and only they and the new items are changed.
    @Test func anAppendChangesOnlyTheTailAndTheNewItems() throws {
        var appender = try StreamAppender(stream: ColumnStream(), sections: [[10, 20]])
        #expect(appender.result.elements.map(\.kind) == [.item, .item, .footer])
        let change = try appender.append([7])
        #expect(change == LayoutChange(firstChangedIndex: 1))
        #expect(appender.result.elements.map(\.frame.minY) == [0, 10, 30, 37])
    }

    @Test func aFailedAppendChangesNothing() throws {
        var appender = try StreamAppender(stream: ColumnStream(), sections: [[10, 20]])
        let before = appender.result
        #expect(throws: CollectionLayoutError.invalidItemSize(section: 0, index: 3, size: Size(width: 100, height: -1))) {
            try appender.append([5, -1])
        }
        #expect(appender.result == before)
        #expect(try appender.append([5]) == LayoutChange(firstChangedIndex: 1))
        #expect(appender.result == (try whole([[10, 20, 5]])))
    }

    @Test func anAppenderNeedsASection() {
        #expect(
            throws: CollectionLayoutError.invalidValue(field: "sections", reason: "there must be a section to append items to")
        ) { _ = try StreamAppender(stream: ColumnStream(), sections: []) }
    }
}
