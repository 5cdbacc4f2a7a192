// The options of one flow-layout section: insets, spacings, header and footer, alignment.

import Geometry

/// Where items shorter than their row sit within it.
public enum FlowVerticalAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// Top edges on the row's top.
    case top
    /// Centred on the row's midline (UIKit's flow layout).
    case center
    /// Bottom edges on the row's bottom.
    case bottom
}

/// How the last row of a section is placed across the width.
public enum FlowLastRowAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// From `sectionInset.left` with exactly `minimumInteritemSpacing` between items
    /// (UIKit's reported behaviour for rows of mixed sizes).
    case left
    /// At the x positions a full row would use: the row is justified as if it went on with
    /// copies of its last item for as long as they fit, so with one cell width the last
    /// row's items line up with the columns above.
    case gridAligned
}

/// The options of a flow-layout section, named and defaulted as in
/// `UICollectionViewFlowLayout` (spacings 10, no insets, no header or footer).
///
/// ```swift
/// var configuration = FlowLayoutConfiguration()
/// configuration.sectionInset = EdgeInsets(all: 8)
/// configuration.minimumInteritemSpacing = 8
/// configuration.lastRowAlignment = .gridAligned
/// ```
public struct FlowLayoutConfiguration: SectionConfiguration {
    /// Space around the section's rows; left and right bound every row.
    public var sectionInset: EdgeInsets
    /// The smallest horizontal gap between neighbours in a row.
    public var minimumInteritemSpacing: Double
    /// The vertical gap between one row's bottom and the next row's top.
    public var minimumLineSpacing: Double
    /// The header's height, spanning the collection's full width; 0 means no header.
    public var headerHeight: Double
    /// The footer's height, spanning the collection's full width; 0 means no footer.
    public var footerHeight: Double
    public var verticalAlignment: FlowVerticalAlignment
    public var lastRowAlignment: FlowLastRowAlignment

    public init(
        sectionInset: EdgeInsets = .zero, minimumInteritemSpacing: Double = 10, minimumLineSpacing: Double = 10,
        headerHeight: Double = 0, footerHeight: Double = 0, verticalAlignment: FlowVerticalAlignment = .center,
        lastRowAlignment: FlowLastRowAlignment = .left
    ) {
        self.sectionInset = sectionInset
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.minimumLineSpacing = minimumLineSpacing
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.verticalAlignment = verticalAlignment
        self.lastRowAlignment = lastRowAlignment
    }

    public var spacings: KeyValuePairs<String, Double> {
        ["minimumInteritemSpacing": minimumInteritemSpacing, "minimumLineSpacing": minimumLineSpacing]
    }
}

extension FlowVerticalAlignment {
    /// How far below its row's top an item `itemHeight` tall sits in a row `rowHeight` tall.
    func offset(itemHeight: Double, rowHeight: Double) -> Double {
        switch self {
        case .top: 0
        case .center: (rowHeight - itemHeight) / 2
        case .bottom: rowHeight - itemHeight
        }
    }
}
