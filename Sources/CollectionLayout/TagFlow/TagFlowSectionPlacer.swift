// Placing one tag-flow section top to bottom: header, inset, rows of tags, inset, footer.

import Geometry

/// The last row of a tag-flow section, kept so that tags appended later are placed exactly
/// as a full layout would place them: rows before it never change, it and the rows after
/// it are filled again from its first tag.
struct TagFlowOpenRow: Sendable, Hashable {
    /// The section index of the row's first tag; 0 in a section without tags.
    var firstIndex: Int
    /// The row's top edge.
    var top: Double
    /// The tallest tag's height; 0 in a section without tags.
    var height: Double
    /// The row's tags, clamped to the section's available width; empty only in a section
    /// without tags.
    var sizes: [Size]

    var bottom: Double { top + height }
}

/// Lays out one section of a ``TagFlowLayout`` and appends its elements in result order.
///
/// Rows are filled by ``FlowRow/fill(_:from:availableWidth:spacing:section:)``, the flow
/// layout's greedy fill, after tags wider than the available width are clamped to it.
struct TagFlowSectionPlacer: Sendable {
    let section: Int
    let configuration: TagFlowConfiguration
    let collectionWidth: Double
    /// The width between the section's left and right insets.
    let availableWidth: Double

    /// Checks the section's configuration; throws if an option is invalid or the insets leave no width.
    init(section: Int, configuration: TagFlowConfiguration, collectionWidth: Double) throws(CollectionLayoutError) {
        self.availableWidth = try configuration.checkedAvailableWidth(
            section: section, collectionWidth: collectionWidth)
        self.section = section
        self.configuration = configuration
        self.collectionWidth = collectionWidth
    }

    /// The number of footer elements the section ends with: 1, or 0 without a footer.
    var footerCount: Int { configuration.footerHeight > 0 ? 1 : 0 }

    /// Appends header, tags and footer starting at `top`; returns the section's last row and
    /// the y below the section.
    ///
    /// - Complexity: O(n) for the section's n tags.
    func place(
        _ sizes: [Size], at top: Double, into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) -> (openRow: TagFlowOpenRow, bottom: Double) {
        let headerBottom = elements.appendSupplementary(
            .header, section: section, height: configuration.headerHeight, at: top, width: collectionWidth)
        let openRow = try placeRows(
            sizes, firstIndex: 0, top: headerBottom + configuration.sectionInset.top, into: &elements)
        return (openRow, appendEnd(below: openRow, into: &elements))
    }

    /// Appends the bottom inset and the footer below the section's last row; returns the y
    /// below the section.
    func appendEnd(below openRow: TagFlowOpenRow, into elements: inout [LayoutElement]) -> Double {
        let footerTop = openRow.bottom + configuration.sectionInset.bottom
        return elements.appendSupplementary(
            .footer, section: section, height: configuration.footerHeight, at: footerTop, width: collectionWidth)
    }

    /// Fills and places rows of `tags`, the section's tags from item `firstIndex` to its
    /// end, from `top`, `minimumLineSpacing` apart; returns the last row.
    ///
    /// Throws ``CollectionLayoutError/invalidItemSize(section:index:size:)`` for a negative
    /// or non-finite size, indexed within the section.
    ///
    /// - Complexity: O(n) for n tags.
    func placeRows(
        _ tags: [Size], firstIndex: Int, top: Double, into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) -> TagFlowOpenRow {
        let tags = clampedToAvailableWidth(tags)
        var openRow = TagFlowOpenRow(firstIndex: firstIndex, top: top, height: 0, sizes: [])
        var rowTop = top
        var start = 0
        while start < tags.count {
            let row = try fillRow(tags, from: start, firstIndex: firstIndex)
            appendTags(of: row, in: tags, firstIndex: firstIndex, top: rowTop, into: &elements)
            openRow = TagFlowOpenRow(firstIndex: firstIndex + start, top: rowTop, height: row.height, sizes: [])
            rowTop += row.height + configuration.minimumLineSpacing
            start = row.itemRange.upperBound
        }
        openRow.sizes = Array(tags[(openRow.firstIndex - firstIndex)...])
        return openRow
    }

    /// `tags` with every finite width above the available width cut down to it; a tag too
    /// wide for any row gets one of its own, as wide as the insets allow. Non-finite sizes
    /// are left for ``FlowRow`` to reject. Copies nothing when no tag is too wide.
    private func clampedToAvailableWidth(_ tags: [Size]) -> [Size] {
        var clamped = tags
        for index in clamped.indices where clamped[index].width > availableWidth && clamped[index].width.isFinite {
            clamped[index].width = availableWidth
        }
        return clamped
    }

    /// The row of `tags` that starts at `start`, with an invalid size's index moved from
    /// `tags` to the section.
    private func fillRow(_ tags: [Size], from start: Int, firstIndex: Int) throws(CollectionLayoutError) -> FlowRow {
        do throws(CollectionLayoutError) {
            return try FlowRow.fill(
                tags, from: start, availableWidth: availableWidth, spacing: configuration.interitemSpacing,
                section: section)
        } catch .invalidItemSize(let section, let index, let size) {
            throw .invalidItemSize(section: section, index: firstIndex + index, size: size)
        }
    }

    /// Appends the row's tags left to right, spaced as the horizontal alignment says.
    private func appendTags(
        of row: FlowRow, in tags: [Size], firstIndex: Int, top: Double, into elements: inout [LayoutElement]
    ) {
        let spacing = configuration.horizontalAlignment.spacing(
            for: row, isLastRow: row.itemRange.upperBound == tags.count, availableWidth: availableWidth,
            interitemSpacing: configuration.interitemSpacing)
        var x = configuration.sectionInset.left + spacing.leadingOffset
        for index in row.itemRange {
            let size = tags[index]
            let y = top + configuration.verticalAlignment.offset(itemHeight: size.height, rowHeight: row.height)
            let frame = Rect(origin: Point(x: x, y: y), size: size)
            elements.append(LayoutElement(kind: .item, section: section, index: firstIndex + index, frame: frame))
            x += size.width + spacing.gap
        }
    }
}
