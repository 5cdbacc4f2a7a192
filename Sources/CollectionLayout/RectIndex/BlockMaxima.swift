// The block-maximum tree a rect query descends: bottom edges in top-edge order, then the
// maximum of every block of 16, of every block of those, and so on.

/// The bottom edges (`maxY`) of a ``RectIndex``'s frames in its top-edge order, and above
/// them the maximum of each block of ``fanout`` entries of the level below.
///
/// Level 0 holds one entry per indexed frame; each level above has `fanout` times fewer
/// entries, up to a top level of at most `fanout` entries. Node `j` of level `l` covers the
/// sorted positions `j << (4 * l) ..< (j + 1) << (4 * l)`, so a node whose maximum lies
/// above a rect holds no frame reaching down to it, however tall the frames elsewhere.
/// The levels depend only on the level-0 values, so updating and rebuilding agree.
struct BlockMaxima: Sendable, Equatable {
    /// Entries per block, as a power of two: 16, so a million frames take 5 levels while
    /// opening a block costs only 16 comparisons over 128 contiguous bytes.
    static let fanoutBits = 4
    /// Entries of a level that one entry of the level above covers.
    static let fanout = 1 << fanoutBits

    /// `levels[0]`: bottom edges by sorted position; `levels[l]`: block maxima of `levels[l - 1]`.
    private(set) var levels: [[Double]] = [[]]

    /// A tree over `bottomEdges`, the frames' `maxY` in top-edge order.
    init(bottomEdges: [Double]) {
        replaceEntries(from: 0, with: bottomEdges)
    }

    /// Replaces the level-0 entries from sorted position `first` on with `bottomEdges` and
    /// recomputes the maxima above them.
    ///
    /// - Complexity: O(r + fanout · levels) amortized, r the entries from `first` on after
    ///   the change.
    mutating func replaceEntries(from first: Int, with bottomEdges: [Double]) {
        levels[0].replaceSubrange(first..., with: bottomEdges)
        updateUpperLevels(fromEntry: first)
    }

    /// How many sorted positions one node of `level` covers (all but the last node).
    func positionsPerNode(atLevel level: Int) -> Int {
        1 << (Self.fanoutBits * level)
    }

    /// The entries of `level - 1` that node `node` of `level` (above 0) is the maximum of.
    func children(of node: Int, atLevel level: Int) -> Range<Int> {
        let first = node << Self.fanoutBits
        return first..<min(first + Self.fanout, levels[level - 1].count)
    }

    /// Recomputes every block maximum covering level-0 entry `first` or later, adding or
    /// dropping levels so that the top one has at most `fanout` entries.
    private mutating func updateUpperLevels(fromEntry first: Int) {
        var firstChanged = first
        var level = 1
        while levels[level - 1].count > Self.fanout {
            if level == levels.count { levels.append([]) }
            let below = levels[level - 1]
            firstChanged = min(firstChanged >> Self.fanoutBits, levels[level].count)
            levels[level].removeSubrange(firstChanged...)
            for node in firstChanged..<(below.count + Self.fanout - 1) >> Self.fanoutBits {
                let block = node << Self.fanoutBits..<min((node + 1) << Self.fanoutBits, below.count)
                levels[level].append(below[block].max()!)
            }
            level += 1
        }
        levels.removeSubrange(level...)
    }
}
