// An in-place sort that allocates nothing, for ordering query hits in scratch space.

extension UnsafeMutableBufferPointer where Element == Int {
    /// Sorts the buffer ascending by heapsort: O(n log n) time and no allocation (the
    /// standard library's `sort` allocates scratch space for merging).
    func heapSort() {
        guard count > 1 else { return }
        for root in stride(from: count / 2 - 1, through: 0, by: -1) {
            siftDown(root, end: count)
        }
        for end in stride(from: count - 1, to: 0, by: -1) {
            swapAt(0, end)
            siftDown(0, end: end)
        }
    }

    /// Moves the entry at `root` down the max-heap `0..<end` until both its children are
    /// no greater.
    private func siftDown(_ root: Int, end: Int) {
        var parent = root
        while true {
            var child = 2 * parent + 1
            guard child < end else { return }
            if child + 1 < end, self[child + 1] > self[child] { child += 1 }
            guard self[child] > self[parent] else { return }
            swapAt(parent, child)
            parent = child
        }
    }
}
