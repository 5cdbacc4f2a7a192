// Where a waterfall layout stopped: enough to append items to its last section without redoing it.

import Geometry

/// A waterfall layout in progress: its options and the last section's column heights, for
/// laying out items as they arrive (``LayoutStream``) and for appending pages to the last
/// section without laying out the items before again (``WaterfallAppender``).
///
/// Made by ``WaterfallLayout/streamingState()``. The last section stays open: its footer is
/// placed below the items there are so far, and moves down as items arrive. Streamed items
/// get exactly the elements and content size a full layout of all the items gives (same
/// arithmetic in the same order), so paging never shifts what is already on screen.
public struct WaterfallState: Sendable, Hashable {
    /// The options the layout was made with; appends use them too.
    public let layout: WaterfallLayout
    /// The last section's columns; nil before the first section.
    private var openSection: WaterfallColumns?

    /// A state before any section, at the top of the content. `layout` must be checked.
    init(layout: WaterfallLayout) {
        self.layout = layout
    }

    /// The index of the section appends go to: the last one; nil when there is none. Kept
    /// beside the columns: read from them, it copied the open section's columns for every
    /// item streamed.
    public private(set) var lastSection: Int?

    /// How many items the last section holds; 0 when there is no section.
    public var lastSectionItemCount: Int { openSection?.itemCount ?? 0 }

    /// The last section's footer where it stands now; nil without a footer or a section.
    public var footer: LayoutElement? { sectionEnd().footer }

    /// The collection's width by the bottom of the last section (at least
    /// `minimumContentHeight`).
    public var contentSize: Size {
        Size(width: layout.collectionWidth, height: max(sectionEnd().bottom, layout.minimumContentHeight))
    }

    /// Closes the open section, appending its footer, then opens section `section`: its
    /// header (if any) is appended and its columns start below it.
    ///
    /// Throws ``CollectionLayoutError/invalidValue(field:reason:)`` for invalid options.
    mutating func beginSection(_ section: Int, into elements: inout [LayoutElement]) throws(CollectionLayoutError) {
        let metrics = try layout.sectionMetrics(forSection: section)
        let end = sectionEnd()
        if let footer = end.footer { elements.append(footer) }
        let options = metrics.configuration
        var top = end.bottom + options.headerInset.top
        if options.headerHeight > 0 {
            let frame = metrics.supplementaryFrame(y: top, height: options.headerHeight, insets: options.headerInset)
            elements.append(LayoutElement(kind: .header, section: section, index: 0, frame: frame))
            top = frame.maxY + options.headerInset.bottom
        }
        openSection = WaterfallColumns(metrics: metrics, contentTop: top + options.sectionInset.top)
        lastSection = section
    }

    /// Places `items` at the end of the open section, appending their elements.
    ///
    /// Throws ``CollectionLayoutError/invalidValue(field:reason:)`` when no section is open,
    /// and the first invalid item's error, with the items before it placed.
    mutating func place(_ items: WaterfallItems, into elements: inout [LayoutElement]) throws(CollectionLayoutError) {
        guard lastSection != nil else {
            throw .invalidValue(field: "sections", reason: "there is no section to add items to")
        }
        // Filled where it is, its column array uniquely referenced: taking the columns out
        // and putting them back copied them twice per item.
        try openSection!.place(items, direction: layout.itemRenderDirection, into: &elements)
    }

    /// The open section's footer, if it has one, and the y below the section: CHT's footer
    /// step, except that an empty section's footer stays below its header (see
    /// ``WaterfallLayout``).
    func sectionEnd() -> (footer: LayoutElement?, bottom: Double) {
        guard let columns = openSection else { return (nil, 0) }
        let metrics = columns.metrics
        let options = metrics.configuration
        let top = columns.itemsBottom + options.sectionInset.bottom + options.footerInset.top
        guard options.footerHeight > 0 else { return (nil, top) }
        let frame = metrics.supplementaryFrame(y: top, height: options.footerHeight, insets: options.footerInset)
        return (LayoutElement(kind: .footer, section: metrics.section, index: 0, frame: frame),
                frame.maxY + options.footerInset.bottom)
    }
}
