// Shared inputs for the tag-flow tests: seed 000's options and short ways to write tags.

import CollectionLayout
import Geometry

/// Seed 000's numbers and helpers for hand-computed tag-flow cases.
enum TagFlowFixtures {
    /// Seed 000: insets 10 on every side, spacings 10.
    static func seed000(
        horizontal: TagFlowHorizontalAlignment = .left, vertical: FlowVerticalAlignment = .center,
        headerHeight: Double = 0, footerHeight: Double = 0
    ) -> TagFlowConfiguration {
        TagFlowConfiguration(
            sectionInset: EdgeInsets(all: 10), interitemSpacing: 10, minimumLineSpacing: 10,
            headerHeight: headerHeight, footerHeight: footerHeight, horizontalAlignment: horizontal,
            verticalAlignment: vertical)
    }

    /// Tags of the given widths, all `height` tall.
    static func tags(_ widths: [Double], height: Double = 30) -> [Size] {
        widths.map { Size(width: $0, height: height) }
    }

    /// The item origins of one section, in item order.
    static func origins(_ result: LayoutResult, section: Int = 0) -> [Point] {
        result.elements.filter { $0.kind == .item && $0.section == section }.map(\.frame.origin)
    }

    /// `"kind section index"` for every element, in result order.
    static func kinds(_ result: LayoutResult) -> [String] {
        result.elements.map { "\($0.kind.rawValue) \($0.section) \($0.index)" }
    }
}
