// Growing a rect index by the next page of elements without rebuilding it.

import Geometry

extension RectIndex {
    /// Adds `newElements` after the last element, as the next page of a layout; the result
    /// equals (`==`) an index built over all the elements at once.
    ///
    /// Only the end of the top-edge order changes: the new frames are sorted among
    /// themselves and merged with the indexed frames that start below the first of them
    /// (none when the page lies below the old frames, the usual case; a few rows when a
    /// waterfall's columns end at different heights), and the tree is updated from there on.
    ///
    /// - Complexity: O(m log m + log n + r) amortized for m new elements, where r counts the
    ///   indexed frames starting below the highest new one (0 for a page below them all), if
    ///   this index's storage is not shared with a copy (else O(n) more to copy it).
    public mutating func append(contentsOf newElements: some Sequence<LayoutElement>) {
        let firstNew = elements.count
        elements.append(contentsOf: newElements)
        precondition(elements.count <= Int(Int32.max), "RectIndex holds at most Int32.max elements")
        let added = Self.sortedByTopEdge(elements, in: firstNew..<elements.count)
        guard let highestAdded = added.first else { return }
        let firstMoved = firstPosition(startingBelow: highestAdded.minY)
        let tail = mergedWithTail(from: firstMoved, added)
        order.replaceSubrange(firstMoved..., with: tail.map(\.index))
        sortedMinY.replaceSubrange(firstMoved..., with: tail.map(\.minY))
        maxima.replaceEntries(from: firstMoved, with: tail.map { elements.maxY(at: Int($0.index)) })
    }

    /// This index with `newElements` added after the last element; see ``append(contentsOf:)``.
    public func appending(contentsOf newElements: some Sequence<LayoutElement>) -> RectIndex {
        var index = self
        index.append(contentsOf: newElements)
        return index
    }

    /// The first sorted position whose frame starts strictly below `y` (the count if none):
    /// the first one a new frame starting at `y` goes before, as new indices are higher.
    private func firstPosition(startingBelow y: Double) -> Int {
        var (low, high) = (0, sortedMinY.count)
        while low < high {
            let middle = (low + high) / 2
            if sortedMinY[middle] > y { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The indexed frames from sorted position `first` on merged with `added` (sorted, all
    /// of higher index), by top edge then index.
    private func mergedWithTail(
        from first: Int, _ added: [(minY: Double, index: Int32)]
    ) -> [(minY: Double, index: Int32)] {
        var merged: [(minY: Double, index: Int32)] = []
        merged.reserveCapacity(sortedMinY.count - first + added.count)
        var (old, new) = (first, 0)
        while old < sortedMinY.count || new < added.count {
            if new == added.count || (old < sortedMinY.count && sortedMinY[old] <= added[new].minY) {
                merged.append((sortedMinY[old], order[old]))
                old += 1
            } else {
                merged.append(added[new])
                new += 1
            }
        }
        return merged
    }
}
