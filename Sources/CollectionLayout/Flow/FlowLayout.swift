// The flow layout: items of given sizes in rows, as UICollectionViewFlowLayout places them.

import Geometry

/// Lays out items of known sizes in rows, section after section, the way
/// `UICollectionViewFlowLayout` does with vertical scrolling.
///
/// Per section, top to bottom: the header (full collection width, `headerHeight` tall; none
/// when 0), `sectionInset.top`, the rows, `sectionInset.bottom`, the footer. Sections stack
/// with nothing between them. Rows:
/// - fill greedily: item k > 0 of a row joins it if `width + minimumInteritemSpacing` fits in
///   what is left of the width between the insets;
/// - every row but the last is justified: a row of k > 1 items touches both insets, its gaps
///   `minimumInteritemSpacing + leftover / (k - 1)`; a lone item (the next one did not fit
///   beside it) is centred;
/// - the last row follows ``FlowLayoutConfiguration/lastRowAlignment``: `.left` (from the
///   left inset at the minimum spacing, UIKit's behaviour, also for a lone item) or
///   `.gridAligned`;
/// - a row is as tall as its tallest item; shorter items follow
///   ``FlowLayoutConfiguration/verticalAlignment``; the next row starts at
///   `bottom + minimumLineSpacing` (no line spacing next to a header or footer).
///
/// Positions are exact unless `displayScale` is set; then each item's x and y are rounded to
/// the nearest pixel (`PixelGrid.roundToNearest`), sizes untouched. With sizes, insets and
/// spacings on the pixel grid, rounded neighbours still never overlap.
///
/// ```swift
/// let grid = try GridColumns.forColumnCount(3, collectionWidth: 375, insets: EdgeInsets(all: 8), interitemSpacing: 8)
/// let cell = Size(width: grid.cellWidth, height: 240)
/// let layout = FlowLayout(
///     collectionWidth: 375,
///     configuration: FlowLayoutConfiguration(sectionInset: EdgeInsets(all: 8), minimumInteritemSpacing: 8))
/// let result = try layout.layout([Array(repeating: cell, count: 20)])
/// ```
public struct FlowLayout: SectionedLayout {
    /// The collection's width in points; headers and footers span all of it.
    public var collectionWidth: Double
    /// The options of every section without an entry in `sectionConfigurations`.
    public var configuration: FlowLayoutConfiguration
    /// Options for particular sections, by section index, replacing `configuration` there.
    public var sectionConfigurations: [Int: FlowLayoutConfiguration]
    /// Pixels per point for rounding item positions; `nil` keeps them exact.
    public var displayScale: Double?

    public init(
        collectionWidth: Double, configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(),
        sectionConfigurations: [Int: FlowLayoutConfiguration] = [:], displayScale: Double? = nil
    ) {
        self.collectionWidth = collectionWidth
        self.configuration = configuration
        self.sectionConfigurations = sectionConfigurations
        self.displayScale = displayScale
    }

    /// Places every item of `sections` (item sizes, section by section) and their headers
    /// and footers, in one iterative pass (streamed through a ``FlowState``).
    ///
    /// Throws ``CollectionLayoutError`` for a non-positive width or scale, negative or
    /// non-finite options, an invalid item size, or an item wider than its section's insets
    /// allow. The result's elements are in ``LayoutResult``'s order; its content size is the
    /// collection width by the bottom of the last section.
    ///
    /// - Complexity: O(n) time for n items; memory for the result only.
    public func layout(_ sections: [[Size]]) throws(CollectionLayoutError) -> LayoutResult {
        var state = try streamingState()
        return try state.layOut(sections, elementCount: elementCount(itemCounts: sections.lazy.map(\.count)))
    }
}
