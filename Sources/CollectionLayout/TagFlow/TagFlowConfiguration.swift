// The options of one tag-flow section: insets, exact spacings, header and footer, alignments.

import Geometry

/// Where a tag-flow row sits across the width between a section's insets.
public enum TagFlowHorizontalAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// The first tag on the left inset, each next one `interitemSpacing` after the previous
    /// one's right edge (the left-aligned tag flow).
    case left
    /// As `left`, but the row's last tag touches the right inset.
    case right
    /// As `left`, but the row's leftover width is shared equally on both sides.
    case center
    /// The flow layout's rows: gaps widened so that a row of several tags touches both
    /// insets, a lone tag centred; the section's last row is `left`.
    case justified
}

/// The options of a tag-flow section. Spacings are exact, not minimums: only `justified`
/// rows widen their gaps.
///
/// ```swift
/// let leftAligned = TagFlowConfiguration(sectionInset: EdgeInsets(all: 10), interitemSpacing: 10, minimumLineSpacing: 10)
/// var centred = leftAligned
/// centred.horizontalAlignment = .center
/// ```
public struct TagFlowConfiguration: SectionConfiguration {
    /// Space around the section's rows; left and right bound every row.
    public var sectionInset: EdgeInsets
    /// The horizontal gap between neighbours in a row (UIKit's `minimumInteritemSpacing`,
    /// used exactly); the smallest gap of a `justified` row.
    public var interitemSpacing: Double
    /// The vertical gap between one row's bottom and the next row's top.
    public var minimumLineSpacing: Double
    /// The header's height, spanning the collection's full width; 0 means no header.
    public var headerHeight: Double
    /// The footer's height, spanning the collection's full width; 0 means no footer.
    public var footerHeight: Double
    /// Where each row sits between the left and right insets; the left-aligned tag flow is `.left`.
    public var horizontalAlignment: TagFlowHorizontalAlignment
    /// Where tags shorter than their row sit; a row is as tall as its tallest tag.
    public var verticalAlignment: FlowVerticalAlignment

    public init(
        sectionInset: EdgeInsets = .zero, interitemSpacing: Double = 10, minimumLineSpacing: Double = 10,
        headerHeight: Double = 0, footerHeight: Double = 0, horizontalAlignment: TagFlowHorizontalAlignment = .left,
        verticalAlignment: FlowVerticalAlignment = .center
    ) {
        self.sectionInset = sectionInset
        self.interitemSpacing = interitemSpacing
        self.minimumLineSpacing = minimumLineSpacing
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.horizontalAlignment = horizontalAlignment
        self.verticalAlignment = verticalAlignment
    }

    public var spacings: KeyValuePairs<String, Double> {
        ["interitemSpacing": interitemSpacing, "minimumLineSpacing": minimumLineSpacing]
    }
}
