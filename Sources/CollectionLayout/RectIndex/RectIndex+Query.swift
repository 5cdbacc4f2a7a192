// Rect queries: descend the block-maximum tree, then report the hits in element order.

import Geometry

extension RectIndex {
    /// The elements whose frames intersect `rect` (edges included), in element order.
    ///
    /// - Complexity: see ``forEachElementIndex(in:_:)``, plus O(k) for the result.
    public func elements(in rect: Rect) -> [LayoutElement] {
        withSortedHits(in: rect) { hits in hits.map { elements[$0] } }
    }

    /// The indices into ``elements`` of the frames that intersect `rect` (edges included),
    /// ascending.
    ///
    /// - Complexity: see ``forEachElementIndex(in:_:)``, plus O(k) for the result.
    public func elementIndices(in rect: Rect) -> [Int] {
        withSortedHits(in: rect) { hits in Array(hits) }
    }

    /// Calls `body` with the index into ``elements`` of each frame that intersects `rect`
    /// (edges included), ascending. The hits are gathered in scratch space from
    /// `withUnsafeTemporaryAllocation` (on the stack when it fits) and sorted in place, so a
    /// query allocates nothing on the heap unless its hits outgrow the stack.
    ///
    /// - Complexity: O(log n + k log k) for k hits on the layouts of this module: frames of
    ///   bounded height, a full-width rect. Exactly, for any height H:
    ///   O(16 · (1 + t) · log₁₆ n + m + k log k), where m counts the frames whose top edge
    ///   lies in `rect.minY - H ... rect.maxY` and t the frames taller than H whose vertical
    ///   span meets the rect's. With H the tallest item, t counts only frames taller than
    ///   every item (a section-long background, say), and m is the hits plus the frames that
    ///   start less than H above the rect but end before it (a row's worth in a grid), and,
    ///   for a narrow rect, the frames beside it. The k log k is the heapsort into element
    ///   order. How the elements are ordered does not matter.
    public func forEachElementIndex<E: Error>(in rect: Rect, _ body: (Int) throws(E) -> Void) throws(E) {
        try withSortedHits(in: rect) { (hits) throws(E) in
            for index in hits { try body(index) }
        }
    }

    /// Runs `body` on the ascending element indices of the frames meeting `rect`, held in
    /// temporary scratch space: one pass counts them, a second fills the space.
    private func withSortedHits<R, E: Error>(
        in rect: Rect, _ body: (UnsafeMutableBufferPointer<Int>) throws(E) -> R
    ) throws(E) -> R {
        var count = 0
        visitHits(in: rect) { _ in count += 1 }
        return try withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { (hits) throws(E) -> R in
            var filled = 0
            visitHits(in: rect) { index in
                hits.initializeElement(at: filled, to: index)
                filled += 1
            }
            hits.heapSort()
            return try body(hits)
        }
    }

    /// Calls `visit` with the element index of every frame that intersects `rect`, in
    /// top-edge order; returns how many tree entries it examined, the query's cost.
    @discardableResult
    func visitHits(in rect: Rect, _ visit: (Int) -> Void) -> Int {
        let topLevel = maxima.levels.count - 1
        return visitHits(in: rect, level: topLevel, nodes: 0..<maxima.levels[topLevel].count, visit)
    }

    /// `visitHits(in:_:)` below `nodes` of `level`: a node starting below the rect ends the
    /// walk (all later ones start lower still); a node ending above it is skipped.
    private func visitHits(in rect: Rect, level: Int, nodes: Range<Int>, _ visit: (Int) -> Void) -> Int {
        let (top, bottom) = (rect.minY, rect.maxY)
        let bottomEdges = maxima.levels[level]
        let positionsPerNode = maxima.positionsPerNode(atLevel: level)
        var examined = 0
        for node in nodes {
            examined += 1
            guard sortedMinY[node * positionsPerNode] <= bottom else { break }
            guard bottomEdges[node] >= top else { continue }
            if level > 0 {
                let children = maxima.children(of: node, atLevel: level)
                examined += visitHits(in: rect, level: level - 1, nodes: children, visit)
            } else if elements.frame(at: Int(order[node])).intersects(rect) {
                visit(Int(order[node]))
            }
        }
        return examined
    }
}
