// One repetition of a section's group: the group tree resolved from the container down.

import Geometry

/// Places repetitions of a section's group: resolves each subitem's size against its
/// group's effective content size, measures estimated items, and appends the items' frames
/// in slot order until the section's items run out.
///
/// Recursion follows the group tree (shallow by nature); items are counted by `nextItem`, so
/// one placer serves every repetition of a section.
struct CompositionalGroupPlacer {
    let section: Int
    /// The item number (position among all the layout's items) of the section's item 0.
    let firstItemNumber: Int
    /// How many items the section holds.
    let itemCount: Int
    let heights: CompositionalHeights
    /// The section's index of the next item to place.
    private(set) var nextItem: Int

    init(section: Int, firstItemNumber: Int, itemCount: Int, heights: CompositionalHeights, nextItem: Int) {
        self.section = section
        self.firstItemNumber = firstItemNumber
        self.itemCount = itemCount
        self.heights = heights
        self.nextItem = nextItem
    }

    var hasItemsLeft: Bool { nextItem < itemCount }

    /// Places `group` with its top-left corner at `origin`, sized as `proposed`; returns the
    /// group's size, its estimated sides fitted to the subitems it holds.
    ///
    /// - Complexity: O(s) for the s slots of the group tree it fills.
    mutating func place(
        _ group: CompositionalGroup, proposed: CompositionalProposedSize, at origin: Point,
        into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) -> Size {
        let insets = group.contentInsets
        let content = Size(
            width: max(0, proposed.size.width - insets.horizontal),
            height: max(0, proposed.size.height - insets.vertical))
        var run = CompositionalSubitemRun(
            axis: group.axis, contentOrigin: Point(x: origin.x + insets.left, y: origin.y + insets.top),
            contentLength: group.axis == .horizontal ? content.width : content.height,
            spacing: group.interItemSpacing, isBounded: !proposed.isEstimated(along: group.axis))
        switch group.subitems {
        case .sequence(let subitems):
            try placeSequence(subitems, in: content, run: &run, into: &elements)
        case .repeating(let subitem, let count):
            try placeRepeating(subitem, count: count, in: content, run: &run, into: &elements)
        }
        run.spreadFlexibleSpacing(in: &elements)
        var size = proposed.size
        if proposed.isWidthEstimated { size.width = run.extent.width + insets.horizontal }
        if proposed.isHeightEstimated { size.height = run.extent.height + insets.vertical }
        return size
    }

    /// Places `subitems` in order, starting the list again after a pass that moved the run
    /// on, until one does not fit or the items run out. An unbounded run takes one pass.
    private mutating func placeSequence(
        _ subitems: [CompositionalSubitem], in content: Size, run: inout CompositionalSubitemRun,
        into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) {
        var index = 0
        var passStartOffset = 0.0
        while hasItemsLeft {
            let position = index % subitems.count
            if index > 0, position == 0 {
                guard run.isBounded, run.offset > passStartOffset else { return }
                passStartOffset = run.offset
            }
            let subitem = subitems[position]
            let proposed = CompositionalProposedSize(subitem.layoutSize, in: content)
            guard try placeNext(subitem, proposed: proposed, run: &run, into: &elements) else { return }
            index += 1
        }
    }

    /// Places up to `count` copies of `subitem`, each `(length - spacing * (count - 1)) / count`
    /// long on a bounded run's axis; on an unbounded one, at their own size.
    private mutating func placeRepeating(
        _ subitem: CompositionalSubitem, count: Int, in content: Size, run: inout CompositionalSubitemRun,
        into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) {
        var proposed = CompositionalProposedSize(subitem.layoutSize, in: content)
        if run.isBounded {
            let slotLength = max(0, (run.contentLength - run.spacing.minimum * Double(count - 1)) / Double(count))
            proposed = proposed.fixing(slotLength, along: run.axis)
        }
        var placedCount = 0
        while placedCount < count, hasItemsLeft {
            guard try placeNext(subitem, proposed: proposed, run: &run, into: &elements) else { return }
            placedCount += 1
        }
    }

    /// Places `subitem` at the run's next slot and returns true, or returns false with nothing
    /// placed if it would cross the run's far edge.
    ///
    /// A subitem whose length along the run is known beforehand is checked before it is
    /// placed, so an item that does not fit is not measured; one whose length comes out of
    /// self-sizing is placed, checked, and taken back if it does not fit.
    private mutating func placeNext(
        _ subitem: CompositionalSubitem, proposed: CompositionalProposedSize, run: inout CompositionalSubitemRun,
        into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) -> Bool {
        if Self.lengthIsKnownBeforehand(subitem, proposed: proposed, axis: run.axis), !run.fits(proposed.size) {
            return false
        }
        let firstElement = elements.count
        let firstItem = nextItem
        let size =
            switch subitem {
            case .item(let item): try placeItem(item, proposed: proposed, at: run.nextOrigin, into: &elements)
            case .group(let group): try place(group, proposed: proposed, at: run.nextOrigin, into: &elements)
            }
        guard run.fits(size) else {
            elements.removeLast(elements.count - firstElement)
            nextItem = firstItem
            return false
        }
        run.advance(past: size, firstElement: firstElement)
        return true
    }

    /// Whether `subitem`'s length along `axis` is its proposed one: it is given there, or it is an
    /// item's estimated width, which stays at the estimate.
    private static func lengthIsKnownBeforehand(
        _ subitem: CompositionalSubitem, proposed: CompositionalProposedSize, axis: CompositionalGroup.Axis
    ) -> Bool {
        guard proposed.isEstimated(along: axis) else { return true }
        if case .item = subitem { return axis == .horizontal }
        return false
    }

    /// Appends the next item's frame: its slot at `origin` (an estimated height measured at the
    /// cell's width) shrunk by its content insets on the given sides; returns the slot's size.
    private mutating func placeItem(
        _ item: CompositionalItem, proposed: CompositionalProposedSize, at origin: Point,
        into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) -> Size {
        let insets = proposed.insetsOnGivenSides(item.contentInsets)
        var slot = proposed.size
        let cellWidth = max(0, slot.width - insets.horizontal)
        if proposed.isHeightEstimated {
            slot.height = try measuredHeight(cellWidth: cellWidth, estimate: slot.height)
        }
        let frame = Rect(
            x: origin.x + insets.left, y: origin.y + insets.top,
            width: cellWidth, height: max(0, slot.height - insets.vertical))
        elements.append(LayoutElement(kind: .item, section: section, index: nextItem, frame: frame))
        nextItem += 1
        return slot
    }

    /// The next item's height at `cellWidth` from the heights, or `estimate` without one.
    private func measuredHeight(cellWidth: Double, estimate: Double) throws(CollectionLayoutError) -> Double {
        guard let itemHeight = heights.itemHeight else { return estimate }
        let height = itemHeight(firstItemNumber + nextItem, cellWidth)
        guard height.isFinite, height >= 0 else {
            throw .invalidItemSize(section: section, index: nextItem, size: Size(width: cellWidth, height: height))
        }
        return height
    }
}
