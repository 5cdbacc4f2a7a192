// The order in which a waterfall hands items to its columns (CHT's itemRenderDirection).

/// Which column each item of a waterfall section goes into.
public enum WaterfallItemRenderDirection: String, Sendable, Hashable, Codable, CaseIterable {
    /// The column whose next item would start highest; the lowest column index on ties.
    case shortestFirst
    /// Item `i` into column `i % columnCount`, whatever the column heights.
    case leftToRight
    /// Item `i` into column `(columnCount - 1) - i % columnCount`.
    case rightToLeft
}
