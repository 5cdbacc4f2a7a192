// A flow layout in progress: items placed as they arrive, a row held until it is full.

import Geometry

/// A flow layout in progress, for laying out items as they arrive with
/// ``stream(_:toSection:into:)``: a catalog of millions of cards is placed while it is
/// measured and written out, never held whole (the same shape as ``WaterfallState``).
///
/// A row is placed once it is known to be full (the next item does not fit) or its section
/// ends, because the last row of a section is spaced differently from the others; until
/// then its items wait here, so elements come out in ``LayoutResult``'s order, at most a
/// row behind the items streamed in. Streaming every section's items in order, then
/// ``finish(into:)``, gives exactly the elements and content size of
/// ``FlowLayout/layout(_:)``, which is written with it.
///
/// ```swift
/// var state = try layout.streamingState()
/// var elements: [LayoutElement] = []
/// for page in pages { try state.stream(page, toSection: 0, into: &elements) }
/// let contentSize = state.finish(into: &elements)  // == layout.layout([pages.flatMap { $0 }])
/// ```
public struct FlowState: Sendable {
    /// The options the layout was made with.
    public let layout: FlowLayout
    /// The last section: its options, where its rows stand, and the row not yet placed.
    private var openSection: OpenSection?
    /// The bottom of the sections before the open one.
    private(set) var closedBottom = 0.0
    /// How many rows have been placed, in all sections.
    public private(set) var placedRowCount = 0

    /// A state before any section. `layout` must be checked.
    init(layout: FlowLayout) {
        self.layout = layout
    }

    /// The index of the section items go to: the last one; nil when there is none. Kept
    /// beside the open section (as ``WaterfallState/lastSection``): read from it, it copied
    /// the open section for every item streamed.
    public private(set) var lastSection: Int?

    /// The section items are streamed to, with the row that waits for more of them.
    private struct OpenSection: Sendable {
        let section: Int
        let configuration: FlowLayoutConfiguration
        /// The width between the section's insets.
        let availableWidth: Double
        var itemCount = 0
        /// Where the next row goes.
        var rowTop: Double
        /// The last placed row's bottom, or the rows' top before any.
        var bottom: Double
        var row: FlowRow?
        /// The sizes of the row's items.
        var rowSizes: [Size] = []
    }

    /// Closes the open section (its last row, inset and footer), then opens section
    /// `section`: its header (if any) is appended and its rows start below it.
    mutating func beginSection(_ section: Int, into elements: inout [LayoutElement]) throws(CollectionLayoutError) {
        let configuration = layout.configuration(forSection: section)
        let availableWidth = try configuration.checkedAvailableWidth(
            section: section, collectionWidth: layout.collectionWidth)
        closeSection(into: &elements)
        let rowsTop = elements.appendSupplementary(
            .header, section: section, height: configuration.headerHeight, at: closedBottom, width: layout.collectionWidth
        ) + configuration.sectionInset.top
        openSection = OpenSection(
            section: section, configuration: configuration, availableWidth: availableWidth, rowTop: rowsTop,
            bottom: rowsTop)
        lastSection = section
    }

    /// Adds one item to the open section's row, placing that row first when the item does
    /// not fit beside it.
    mutating func add(_ size: Size, into elements: inout [LayoutElement]) throws(CollectionLayoutError) {
        // Taken out so the row's sizes stay uniquely referenced while they change.
        guard var open = openSection.take() else {
            throw .invalidValue(field: "sections", reason: "there is no section to add items to")
        }
        defer { openSection = open }
        let index = open.itemCount
        if var row = open.row {
            let next = try FlowRow.validated(size, section: open.section, index: index)
            if row.add(next, spacing: open.configuration.minimumInteritemSpacing) {
                open.row = row
                open.rowSizes.append(next)
                open.itemCount += 1
                return
            }
            placeRow(of: &open, isLastRow: false, into: &elements)
        }
        open.row = try FlowRow.starting(with: size, at: index, availableWidth: open.availableWidth, section: open.section)
        open.rowSizes.append(size)
        open.itemCount += 1
    }

    /// Places the open section's waiting row, then its bottom inset and footer; the content
    /// now ends below it.
    mutating func closeSection(into elements: inout [LayoutElement]) {
        guard var open = openSection.take() else { return }
        lastSection = nil
        placeRow(of: &open, isLastRow: true, into: &elements)
        closedBottom = elements.appendSupplementary(
            .footer, section: open.section, height: open.configuration.footerHeight,
            at: open.bottom + open.configuration.sectionInset.bottom, width: layout.collectionWidth)
    }

    /// Appends the waiting row's items left to right, spaced as ``FlowRowSpacing`` says, and
    /// moves the next row's top below it.
    private mutating func placeRow(of open: inout OpenSection, isLastRow: Bool, into elements: inout [LayoutElement]) {
        guard let row = open.row else { return }
        let configuration = open.configuration
        let spacing = FlowRowSpacing.forRow(
            row, isLastRow: isLastRow, lastItemWidth: open.rowSizes[open.rowSizes.count - 1].width,
            availableWidth: open.availableWidth, configuration: configuration)
        var x = configuration.sectionInset.left + spacing.leadingOffset
        for (index, size) in zip(row.itemRange, open.rowSizes) {
            let y = open.rowTop + configuration.verticalAlignment.offset(itemHeight: size.height, rowHeight: row.height)
            let frame = Rect(origin: Point(x: alignedToPixels(x), y: alignedToPixels(y)), size: size)
            elements.append(LayoutElement(kind: .item, section: open.section, index: index, frame: frame))
            x += size.width + spacing.gap
        }
        open.bottom = open.rowTop + row.height
        open.rowTop = open.bottom + configuration.minimumLineSpacing
        open.row = nil
        open.rowSizes.removeAll(keepingCapacity: true)
        placedRowCount += 1
    }

    /// `position` rounded to the nearest pixel when the layout has a display scale, else as is.
    private func alignedToPixels(_ position: Double) -> Double {
        guard let displayScale = layout.displayScale else { return position }
        return PixelGrid.roundToNearest(position, scale: displayScale)
    }
}
