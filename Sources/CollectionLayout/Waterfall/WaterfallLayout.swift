// The waterfall layout: items in the shortest of n columns, as CHTCollectionViewWaterfallLayout places them.

import Geometry

/// Lays out items in columns of equal width, each item into the column that ends highest,
/// section after section, as `CHTCollectionViewWaterfallLayout` 1.0 (the Pinterest
/// layout) does.
///
/// Per section, with `n` columns and `W = collectionWidth - sectionInset.left - sectionInset.right`:
/// 1. The column width is `floorToPixel((W - (n-1) * minimumColumnSpacing) / n)`, floored to
///    the pixel grid of `displayScale` (1 floors to whole points, as older CHT versions do).
/// 2. `top += headerInset.top`; a header (height > 0) at `(headerInset.left, top)`, the
///    collection's width less `headerInset.left + headerInset.right`; then
///    `top = header.maxY + headerInset.bottom`.
/// 3. `top += sectionInset.top`; every column starts at `top`.
/// 4. Each item goes into a column chosen by ``itemRenderDirection`` (the shortest, lowest
///    index on ties; or `i % n`; or `(n-1) - i % n`) at
///    `x = sectionInset.left + (columnWidth + minimumColumnSpacing) * column`, `y` = that
///    column's height, which then becomes `item.maxY + minimumInteritemSpacing`.
/// 5. `top = longestColumn - minimumInteritemSpacing + sectionInset.bottom + footerInset.top`;
///    a footer (height > 0) there, framed as the header; `top = footer.maxY + footerInset.bottom`
///    (a section without items: see below). The next section starts at `top`.
///
/// The content size is `(collectionWidth, max(top, minimumContentHeight))`.
///
/// Items come in one of two modes:
/// - **self-sized**, ``layout(heights:)``: each item's height measured at the section's
///   ``columnWidth(forSection:)``, used as given (a card whose text does not scale with its
///   width, which CHT cannot express);
/// - **CHT-compatible**, ``layout(referenceSizes:)``: reference sizes scaled to the column
///   width, `floorToPixel(height * columnWidth / width)`, 0 for an empty size; the frames
///   are CHT's own.
///
/// Where CHT is wrong this layout differs: a section **without items** ends at
/// `contentTop + sectionInset.bottom` (`contentTop` being where its items would have
/// started), where CHT subtracts `minimumInteritemSpacing` from it too and can lift the
/// footer over the header; and zero sections give `(collectionWidth, minimumContentHeight)`
/// where CHT reports a zero size. Elements come in ``LayoutResult``'s fixed order.
///
/// ```swift
/// let layout = WaterfallLayout(collectionWidth: 300, configuration: WaterfallLayoutConfiguration(columnCount: 3))
/// let width = try layout.columnWidth(forSection: 0)  // 93: measure every card at this width
/// let result = try layout.layout(heights: [cards.map { card in measuredHeight(of: card, width: width) }])
/// ```
public struct WaterfallLayout: SectionedLayout {
    /// The collection's width in points.
    public var collectionWidth: Double
    /// The options of every section without an entry in `sectionConfigurations`.
    public var configuration: WaterfallLayoutConfiguration
    /// Options for particular sections, by section index, replacing `configuration` there.
    public var sectionConfigurations: [Int: WaterfallLayoutConfiguration]
    /// How items choose their column, in every section.
    public var itemRenderDirection: WaterfallItemRenderDirection
    /// The smallest content height reported, however little the content.
    public var minimumContentHeight: Double
    /// Pixels per point for flooring column widths and scaled item heights; 1 floors to points.
    public var displayScale: Double

    public init(
        collectionWidth: Double, configuration: WaterfallLayoutConfiguration = WaterfallLayoutConfiguration(),
        sectionConfigurations: [Int: WaterfallLayoutConfiguration] = [:],
        itemRenderDirection: WaterfallItemRenderDirection = .shortestFirst, minimumContentHeight: Double = 0,
        displayScale: Double = 1
    ) {
        self.collectionWidth = collectionWidth
        self.configuration = configuration
        self.sectionConfigurations = sectionConfigurations
        self.itemRenderDirection = itemRenderDirection
        self.minimumContentHeight = minimumContentHeight
        self.displayScale = displayScale
    }

    /// The width of every item in section `section`, the width to measure its cards at.
    ///
    /// Throws ``CollectionLayoutError/invalidValue(field:reason:)`` when the layout's or the
    /// section's options are invalid or leave no column width.
    ///
    /// - Complexity: O(c) for the section's c columns.
    public func columnWidth(forSection section: Int) throws(CollectionLayoutError) -> Double {
        try sectionMetrics(forSection: section).itemWidth
    }

    /// Places self-sized items, `heights[section][item]` tall at their section's
    /// ``columnWidth(forSection:)``, with their sections' headers and footers, in one pass.
    ///
    /// Throws ``CollectionLayoutError`` for invalid options, or a negative or non-finite
    /// height (``CollectionLayoutError/invalidItemSize(section:index:size:)`` with the column
    /// width as the size's width).
    ///
    /// - Complexity: O(n · c) for n items and c columns with `.shortestFirst`, O(n)
    ///   otherwise; memory for the result only.
    public func layout(heights: [[Double]]) throws(CollectionLayoutError) -> LayoutResult {
        try run(heights.map(WaterfallItems.heights))
    }

    /// Places items of CHT reference sizes, scaled to their section's column width, with
    /// their sections' headers and footers, giving CHT's frames.
    ///
    /// Throws ``CollectionLayoutError`` for invalid options or a negative or non-finite size.
    ///
    /// - Complexity: O(n · c) for n items and c columns with `.shortestFirst`, O(n) otherwise.
    public func layout(referenceSizes: [[Size]]) throws(CollectionLayoutError) -> LayoutResult {
        try run(referenceSizes.map(WaterfallItems.referenceSizes))
    }

    /// Lays the sections out in order.
    private func run(_ sections: [WaterfallItems]) throws(CollectionLayoutError) -> LayoutResult {
        var state = try streamingState()
        return try state.layOut(sections, elementCount: elementCount(itemCounts: sections.lazy.map(\.count)))
    }

    /// Section `section`'s checked options and column geometry.
    func sectionMetrics(forSection section: Int) throws(CollectionLayoutError) -> WaterfallSectionMetrics {
        try checkLayoutOptions()
        return try WaterfallSectionMetrics(
            section: section, configuration: configuration(forSection: section), collectionWidth: collectionWidth,
            displayScale: displayScale)
    }

    /// Throws ``CollectionLayoutError/invalidValue(field:reason:)`` unless the width and scale
    /// are positive and the minimum content height is not negative.
    func checkLayoutOptions() throws(CollectionLayoutError) {
        try ArgumentChecks.requirePositive(collectionWidth, field: "collectionWidth")
        try ArgumentChecks.requirePositive(displayScale, field: "displayScale")
        try ArgumentChecks.requireNonNegative(minimumContentHeight, field: "minimumContentHeight")
    }
}
