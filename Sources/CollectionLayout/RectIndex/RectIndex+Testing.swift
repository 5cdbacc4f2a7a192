// Test hooks: the cost of a query, so tests can hold it to the complexity guarantee.

import Geometry

extension RectIndex {
    /// How many tree entries (block maxima and frames) a query for `rect` examines.
    package func examinedEntryCount(in rect: Rect) -> Int {
        visitHits(in: rect) { _ in }
    }

    /// How many levels the block-maximum tree has (1 for up to 16 indexed frames).
    package var treeLevelCount: Int {
        maxima.levels.count
    }
}
