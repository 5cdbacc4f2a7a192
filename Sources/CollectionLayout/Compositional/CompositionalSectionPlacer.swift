// One compositional section top to bottom: header, inset, repetitions of its group, inset, footer.

import Geometry

/// Where a section's last group repetition starts; appending items to the section lays it
/// out again from here, since a repetition's estimated sides depend on the items it holds.
struct CompositionalRepetitionMark: Hashable {
    /// The repetition's top edge.
    var top: Double
    /// The index in the elements of the repetition's first frame.
    var elementIndex: Int
    /// The section's index of the repetition's first item.
    var firstItem: Int
}

/// Lays out one section of a ``CompositionalLayout`` and appends its elements in result order.
struct CompositionalSectionPlacer {
    let section: Int
    let template: CompositionalSection
    let collectionSize: Size
    /// The item number of the section's item 0, for the heights.
    let firstItemNumber: Int
    let heights: CompositionalHeights

    /// Appends the header (if any) at `top`; returns where the first repetition goes.
    func begin(
        at top: Double, into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) -> CompositionalRepetitionMark {
        let headerBottom = try appendBoundary(.header, height: template.headerHeight, at: top, into: &elements)
        return CompositionalRepetitionMark(
            top: headerBottom + template.contentInsets.top, elementIndex: elements.count, firstItem: 0)
    }

    /// Removes the elements from `mark` on, lays out the section's items from `mark`'s item
    /// up to `itemCount` in repetitions of the group, then the bottom inset and the footer.
    ///
    /// Returns the section's bottom and where its last repetition starts. Throws if a
    /// repetition places no item, or for an invalid measured height.
    ///
    /// - Complexity: O(k) for the k items from `mark` on.
    func fill(
        from mark: CompositionalRepetitionMark, itemCount: Int, into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) -> (bottom: Double, lastRepetition: CompositionalRepetitionMark) {
        elements.removeLast(elements.count - mark.elementIndex)
        var placer = CompositionalGroupPlacer(
            section: section, firstItemNumber: firstItemNumber, itemCount: itemCount, heights: heights,
            nextItem: mark.firstItem)
        let insets = template.contentInsets
        let container = Size(width: collectionSize.width - insets.horizontal, height: collectionSize.height)
        let proposed = CompositionalProposedSize(template.group.layoutSize, in: container)
        var lastRepetition = mark
        var y = mark.top
        while placer.hasItemsLeft {
            lastRepetition = CompositionalRepetitionMark(
                top: y, elementIndex: elements.count, firstItem: placer.nextItem)
            let size = try placer.place(
                template.group, proposed: proposed, at: Point(x: insets.left, y: y), into: &elements)
            guard placer.nextItem > lastRepetition.firstItem else {
                throw .invalidValue(
                    field: "section \(section) group",
                    reason: "holds no item: its first subitem does not fit in the group")
            }
            y += size.height
            if placer.hasItemsLeft { y += template.interGroupSpacing }
        }
        let bottom = try appendBoundary(.footer, height: template.footerHeight, at: y + insets.bottom, into: &elements)
        return (bottom, lastRepetition)
    }

    /// Appends a full-width header or footer at `top` if the section has one; returns its bottom.
    private func appendBoundary(
        _ kind: ElementKind, height dimension: CompositionalDimension?, at top: Double,
        into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) -> Double {
        guard let dimension else { return top }
        var height = dimension.resolved(in: collectionSize)
        if dimension.isEstimated, let boundaryHeight = heights.boundaryHeight {
            height = boundaryHeight(kind, section, collectionSize.width)
            guard height.isFinite, height >= 0 else {
                throw .invalidValue(
                    field: "section \(section) \(kind.rawValue) height",
                    reason: "measured \(height); must be a finite number of at least 0")
            }
        }
        let frame = Rect(x: 0, y: top, width: collectionSize.width, height: height)
        elements.append(LayoutElement(kind: kind, section: section, index: 0, frame: frame))
        return top + height
    }
}
