// Placing one flow section top to bottom: header, inset, rows of items, inset, footer.

import Geometry

/// Lays out one section of a ``FlowLayout`` and appends its elements in result order.
struct FlowSectionPlacer {
    let section: Int
    let sizes: [Size]
    let configuration: FlowLayoutConfiguration
    let collectionWidth: Double
    /// The width between the section's left and right insets.
    let availableWidth: Double
    let displayScale: Double?

    /// Checks the section's configuration; throws if an option is invalid or the insets leave no width.
    init(
        section: Int, sizes: [Size], configuration: FlowLayoutConfiguration, collectionWidth: Double,
        displayScale: Double?
    ) throws(CollectionLayoutError) {
        self.availableWidth = try configuration.validatedAvailableWidth(
            section: section, collectionWidth: collectionWidth)
        self.section = section
        self.sizes = sizes
        self.configuration = configuration
        self.collectionWidth = collectionWidth
        self.displayScale = displayScale
    }

    /// Appends header, items and footer starting at `top`; returns the y below the section.
    ///
    /// - Complexity: O(n) for the section's n items.
    func place(at top: Double, into elements: inout [LayoutElement]) throws(CollectionLayoutError) -> Double {
        var y = elements.appendSupplementary(
            .header, section: section, height: configuration.headerHeight, at: top, width: collectionWidth)
        y = try placeRows(from: y + configuration.sectionInset.top, into: &elements)
        y += configuration.sectionInset.bottom
        return elements.appendSupplementary(
            .footer, section: section, height: configuration.footerHeight, at: y, width: collectionWidth)
    }

    /// Fills and places rows from `top`, `minimumLineSpacing` apart; returns the last row's
    /// bottom, or `top` for a section without items.
    private func placeRows(
        from top: Double, into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) -> Double {
        var rowTop = top
        var bottom = top
        var start = 0
        while start < sizes.count {
            let row = try FlowRow.fill(
                sizes, from: start, availableWidth: availableWidth,
                spacing: configuration.minimumInteritemSpacing, section: section)
            appendItems(of: row, top: rowTop, into: &elements)
            bottom = rowTop + row.height
            rowTop = bottom + configuration.minimumLineSpacing
            start = row.itemRange.upperBound
        }
        return bottom
    }

    /// Appends the row's items left to right, spaced as ``FlowRowSpacing`` says.
    private func appendItems(of row: FlowRow, top: Double, into elements: inout [LayoutElement]) {
        let spacing = FlowRowSpacing.forRow(
            row, isLastRow: row.itemRange.upperBound == sizes.count,
            lastItemWidth: sizes[row.itemRange.upperBound - 1].width, availableWidth: availableWidth,
            configuration: configuration)
        var x = configuration.sectionInset.left + spacing.leadingOffset
        for index in row.itemRange {
            let size = sizes[index]
            let y = top + configuration.verticalAlignment.offset(itemHeight: size.height, rowHeight: row.height)
            let frame = Rect(origin: Point(x: alignedToPixels(x), y: alignedToPixels(y)), size: size)
            elements.append(LayoutElement(kind: .item, section: section, index: index, frame: frame))
            x += size.width + spacing.gap
        }
    }

    /// `position` rounded to the nearest pixel when a display scale was given, else as is.
    private func alignedToPixels(_ position: Double) -> Double {
        guard let displayScale else { return position }
        return PixelGrid.roundToNearest(position, scale: displayScale)
    }
}
