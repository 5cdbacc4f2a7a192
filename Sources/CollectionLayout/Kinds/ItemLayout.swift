// One layout chosen by name over items of known heights: what the C interface and the HTTP
// server offer, one description for both.
import Geometry

/// A grid, waterfall, tag flow or compositional (Insta) layout of items whose heights (and,
/// for tag flow, widths) are known, with the common options: one section, or (grid, waterfall,
/// tag flow) sections of `sectionSize` items, each with its header and footer.
///
/// ```swift
/// let layout = ItemLayout(
///     kind: .waterfall, collectionWidth: 414, collectionHeight: 896, displayScale: 2, columns: 2, columnGap: 10,
///     rowGap: 10, insets: .zero)
/// let width = try layout.itemWidth()          // measure the cards at this width
/// let frames = try layout.layout(heights: heights)
/// ```
public struct ItemLayout: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Rows of `columns` equal cells, each row as tall as its tallest item (flow layout).
        case grid
        /// `columns` columns; each item goes to the shortest (CHT's waterfall).
        case waterfall
        /// Items of their own widths left-aligned in wrapping rows.
        case tagFlow = "tag-flow"
        /// The Instagram-search preset: panels that are fractions of the container.
        case compositional
    }

    public var kind: Kind
    public var collectionWidth: Double
    /// The container's height: the compositional preset's panels are fractions of it.
    public var collectionHeight: Double
    /// Frames and column widths are rounded to this scale's pixel grid.
    public var displayScale: Double
    /// Grid and waterfall columns.
    public var columns: Int
    /// Between items in a row (grid, tag flow) or between columns (waterfall).
    public var columnGap: Double
    /// Between rows (grid, tag flow) or between items in a column (waterfall).
    public var rowGap: Double
    public var insets: EdgeInsets
    /// Grid, waterfall and tag flow: each section's header and footer height (0: none).
    public var headerHeight: Double = 0
    public var footerHeight: Double = 0
    /// Grid, waterfall and tag flow: the items cut into sections of this many; `nil`: one section.
    public var sectionSize: Int?

    /// The options every door gives; their defaults are `CatalogLayoutRequest`'s (CatalogLayout).
    public init(
        kind: Kind, collectionWidth: Double, collectionHeight: Double, displayScale: Double, columns: Int,
        columnGap: Double, rowGap: Double, insets: EdgeInsets
    ) {
        self.kind = kind
        self.collectionWidth = collectionWidth
        self.collectionHeight = collectionHeight
        self.displayScale = displayScale
        self.columns = columns
        self.columnGap = columnGap
        self.rowGap = rowGap
        self.insets = insets
    }

    private var grid: GridColumns {
        get throws(CollectionLayoutError) {
            try GridColumns.forColumnCount(
                columns, collectionWidth: collectionWidth, insets: insets, interitemSpacing: columnGap,
                displayScale: displayScale)
        }
    }

    private var waterfall: WaterfallLayout {
        WaterfallLayout(
            collectionWidth: collectionWidth,
            configuration: WaterfallLayoutConfiguration(
                columnCount: columns, minimumColumnSpacing: columnGap, minimumInteritemSpacing: rowGap,
                sectionInset: insets, headerHeight: headerHeight, footerHeight: footerHeight),
            displayScale: displayScale)
    }

    /// The width items are measured at: a grid cell's or a waterfall column's. Tag flow and
    /// compositional items have widths of their own (an error names `kind`).
    public func itemWidth() throws(CollectionLayoutError) -> Double {
        switch kind {
        case .grid: try grid.cellWidth
        case .waterfall: try waterfall.columnWidth(forSection: 0)
        case .tagFlow, .compositional:
            throw .invalidValue(field: "kind", reason: "\(kind.rawValue) items have widths of their own")
        }
    }

    /// Lays out items of `heights` (and `widths`: required for tag flow; for a grid, a cell's
    /// width when absent; not used by the others). Heights and widths must be finite and ≥ 0
    /// (the error names `heights[i]` or `widths[i]`).
    public func layout(heights: [Double], widths: [Double]? = nil) throws(CollectionLayoutError) -> LayoutResult {
        try Self.check(heights, "heights")
        if let widths {
            guard widths.count == heights.count else {
                throw .invalidValue(field: "widths", reason: "\(widths.count) widths for \(heights.count) heights")
            }
            try Self.check(widths, "widths")
        }
        try checkSections()
        switch kind {
        case .grid:
            let cellWidth = try grid.cellWidth
            return try FlowLayout(
                collectionWidth: collectionWidth,
                configuration: FlowLayoutConfiguration(
                    sectionInset: insets, minimumInteritemSpacing: columnGap, minimumLineSpacing: rowGap,
                    headerHeight: headerHeight, footerHeight: footerHeight),
                displayScale: displayScale
            ).layout(
                heights.enumerated().map { Size(width: widths?[$0.offset] ?? cellWidth, height: $0.element) }
                    .sections(of: sectionSize))
        case .waterfall:
            return try waterfall.layout(heights: heights.sections(of: sectionSize))
        case .tagFlow:
            guard let widths else { throw .invalidValue(field: "widths", reason: "tag flow needs each item's width") }
            return try TagFlowLayout(
                collectionWidth: collectionWidth,
                configuration: TagFlowConfiguration(
                    sectionInset: insets, interitemSpacing: columnGap, minimumLineSpacing: rowGap,
                    headerHeight: headerHeight, footerHeight: footerHeight)
            ).layout(zip(widths, heights).map { Size(width: $0, height: $1) }.sections(of: sectionSize))
        case .compositional:
            return try CompositionalLayout.instaSearch(
                collectionSize: Size(width: collectionWidth, height: collectionHeight)
            ).layout(itemCount: heights.count, heights: .itemHeights(heights))
        }
    }

    /// Sections of at least one item, headers and footers finite and ≥ 0; the compositional
    /// preset has sections of its own, so none of these.
    private func checkSections() throws(CollectionLayoutError) {
        for (value, field) in [(headerHeight, "headerHeight"), (footerHeight, "footerHeight")]
        where !(value.isFinite && value >= 0) {
            throw .invalidValue(field: field, reason: "must be a finite number ≥ 0, got \(value)")
        }
        if let sectionSize, sectionSize < 1 {
            throw .invalidValue(field: "sectionSize", reason: "must be at least 1, got \(sectionSize)")
        }
        guard kind == .compositional else { return }
        for (field, set) in [("sectionSize", sectionSize != nil), ("headerHeight", headerHeight != 0),
                             ("footerHeight", footerHeight != 0)] where set {
            throw .invalidValue(field: field, reason: "the compositional preset has sections of its own")
        }
    }

    private static func check(_ values: [Double], _ field: String) throws(CollectionLayoutError) {
        for (index, value) in values.enumerated() where !(value.isFinite && value >= 0) {
            throw .invalidValue(field: "\(field)[\(index)]", reason: "must be a finite number ≥ 0, got \(value)")
        }
    }
}
