// The two ways a waterfall is told its items' heights: measured (self-sized) or CHT's reference sizes.

import Geometry

/// One batch of a section's items, in either of the waterfall's two item modes.
public enum WaterfallItems: Sendable, Hashable {
    /// Self-sized: each item's height measured at the section's column width, used as given.
    case heights([Double])
    /// CHT-compatible: reference sizes scaled to the column width and floored to the pixel grid.
    case referenceSizes([Size])

    /// How many items the batch holds.
    public var count: Int {
        switch self {
        case .heights(let heights): heights.count
        case .referenceSizes(let sizes): sizes.count
        }
    }
}
