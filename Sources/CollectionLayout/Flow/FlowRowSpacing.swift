// Horizontal placement of a flow row: where its first item starts and the gap between items.

/// Where a row's first item starts, relative to `sectionInset.left`, and the gap between
/// one item's right edge and the next one's left edge.
struct FlowRowSpacing {
    var leadingOffset: Double
    var gap: Double

    /// The placement UIKit's flow layout gives a row: justified for every row but the last,
    /// which follows `lastRowAlignment`.
    ///
    /// - Complexity: O(1).
    static func forRow(
        _ row: FlowRow, isLastRow: Bool, lastItemWidth: Double, availableWidth: Double,
        configuration: FlowLayoutConfiguration
    ) -> FlowRowSpacing {
        let spacing = configuration.minimumInteritemSpacing
        let leftoverWidth = row.leftoverWidth(availableWidth: availableWidth, spacing: spacing)
        guard isLastRow else {
            return justified(slotCount: Double(row.itemCount), leftoverWidth: leftoverWidth, minimumSpacing: spacing)
        }
        switch configuration.lastRowAlignment {
        case .left:
            return FlowRowSpacing(leadingOffset: 0, gap: spacing)
        case .gridAligned:
            return gridAligned(
                lastItemWidth: lastItemWidth, itemCount: row.itemCount, leftoverWidth: leftoverWidth,
                minimumSpacing: spacing)
        }
    }

    /// A lone item centred; `slotCount > 1` slots spread so that every gap is
    /// `minimumSpacing + leftoverWidth / (slotCount - 1)` and the row touches both insets.
    static func justified(slotCount: Double, leftoverWidth: Double, minimumSpacing: Double) -> FlowRowSpacing {
        guard slotCount > 1 else {
            return FlowRowSpacing(leadingOffset: leftoverWidth / 2, gap: minimumSpacing)
        }
        return FlowRowSpacing(leadingOffset: 0, gap: minimumSpacing + leftoverWidth / (slotCount - 1))
    }

    /// Justified as if the row went on with copies of its last item while they fit, so the
    /// items stand where a full row of that width would put them (PSTCollectionView's
    /// reading of UIKit's last row for uniform items).
    static func gridAligned(
        lastItemWidth: Double, itemCount: Int, leftoverWidth: Double, minimumSpacing: Double
    ) -> FlowRowSpacing {
        let copyWidth = lastItemWidth + minimumSpacing
        let copyCount = copyWidth > 0 ? ((leftoverWidth + FlowRow.fitTolerance) / copyWidth).rounded(.down) : 0
        return justified(
            slotCount: Double(itemCount) + copyCount, leftoverWidth: leftoverWidth - copyCount * copyWidth,
            minimumSpacing: minimumSpacing)
    }
}
