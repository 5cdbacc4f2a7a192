// Where a tag-flow row's tags go across and down: alignment rules applied to a filled FlowRow.

import Geometry

extension TagFlowHorizontalAlignment {
    /// Where `row`'s first tag starts, relative to the left inset, and the gap between tags.
    ///
    /// `isLastRow` matters only to `justified`, whose section's last row is left-aligned.
    ///
    /// - Complexity: O(1).
    func spacing(
        for row: FlowRow, isLastRow: Bool, availableWidth: Double, interitemSpacing: Double
    ) -> FlowRowSpacing {
        let leftoverWidth = row.leftoverWidth(availableWidth: availableWidth, spacing: interitemSpacing)
        switch self {
        case .left:
            return FlowRowSpacing(leadingOffset: 0, gap: interitemSpacing)
        case .right:
            return FlowRowSpacing(leadingOffset: leftoverWidth, gap: interitemSpacing)
        case .center:
            return FlowRowSpacing(leadingOffset: leftoverWidth / 2, gap: interitemSpacing)
        case .justified where isLastRow:
            return FlowRowSpacing(leadingOffset: 0, gap: interitemSpacing)
        case .justified:
            return FlowRowSpacing.justified(
                slotCount: Double(row.itemCount), leftoverWidth: leftoverWidth, minimumSpacing: interitemSpacing)
        }
    }
}

