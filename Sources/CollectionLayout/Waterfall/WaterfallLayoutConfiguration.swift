// The options of one waterfall section, named and defaulted as CHTCollectionViewWaterfallLayout does.

import Geometry

/// The options of a waterfall section, named and defaulted as in
/// `CHTCollectionViewWaterfallLayout` (2 columns, spacings 10, no insets, no header or footer).
///
/// ```swift
/// var configuration = WaterfallLayoutConfiguration(columnCount: 3)
/// configuration.sectionInset = EdgeInsets(all: 8)
/// configuration.headerHeight = 44
/// ```
public struct WaterfallLayoutConfiguration: SectionConfiguration {
    /// The number of columns, at least 1.
    public var columnCount: Int
    /// The horizontal gap between neighbouring columns.
    public var minimumColumnSpacing: Double
    /// The vertical gap between one item's bottom and the next item's top in a column.
    public var minimumInteritemSpacing: Double
    /// Space around the section's columns; left and right bound the columns.
    public var sectionInset: EdgeInsets
    /// The header's height; 0 means no header.
    public var headerHeight: Double
    /// The footer's height; 0 means no footer.
    public var footerHeight: Double
    /// Space around the header: left and right narrow it, top always applies, bottom only
    /// when there is a header (as in CHT).
    public var headerInset: EdgeInsets
    /// Space around the footer: left and right narrow it, top always applies, bottom only
    /// when there is a footer (as in CHT).
    public var footerInset: EdgeInsets

    public init(
        columnCount: Int = 2, minimumColumnSpacing: Double = 10, minimumInteritemSpacing: Double = 10,
        sectionInset: EdgeInsets = .zero, headerHeight: Double = 0, footerHeight: Double = 0,
        headerInset: EdgeInsets = .zero, footerInset: EdgeInsets = .zero
    ) {
        self.columnCount = columnCount
        self.minimumColumnSpacing = minimumColumnSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.sectionInset = sectionInset
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.headerInset = headerInset
        self.footerInset = footerInset
    }

    public var spacings: KeyValuePairs<String, Double> {
        ["minimumColumnSpacing": minimumColumnSpacing, "minimumInteritemSpacing": minimumInteritemSpacing]
    }

    /// The shared checks (``SectionConfiguration``), and the waterfall's own: a column count
    /// of at least 1, and header and footer insets that leave a present header or footer
    /// some width (`section 2 headerInset.left`).
    func validatedAvailableWidth(section: Int, collectionWidth: Double) throws(CollectionLayoutError) -> Double {
        let prefix = "section \(section) "
        guard columnCount >= 1 else {
            throw .invalidValue(field: prefix + "columnCount", reason: "must be at least 1, got \(columnCount)")
        }
        let available = try checkedAvailableWidth(section: section, collectionWidth: collectionWidth)
        try Self.requireSupplementaryWidth(
            headerInset, present: headerHeight > 0, collectionWidth: collectionWidth, field: prefix + "headerInset")
        try Self.requireSupplementaryWidth(
            footerInset, present: footerHeight > 0, collectionWidth: collectionWidth, field: prefix + "footerInset")
        return available
    }

    /// Throws unless `insets` are non-negative and, for a present header or footer, leave it
    /// some width.
    private static func requireSupplementaryWidth(
        _ insets: EdgeInsets, present: Bool, collectionWidth: Double, field: String
    ) throws(CollectionLayoutError) {
        try ArgumentChecks.requireNonNegative(insets, field: field)
        guard !present || insets.horizontal < collectionWidth else {
            throw .invalidValue(
                field: field,
                reason: "left + right (\(insets.horizontal)) leave no width of a \(collectionWidth)-point collection")
        }
    }
}
