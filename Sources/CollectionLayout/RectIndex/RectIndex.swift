// Rect queries over a laid-out collection: which elements a visible rect meets, fast.

import Geometry

/// Finds the elements of a layout whose frames meet a rect (the visible rect of a scrolling
/// collection) without testing them all: O(log n + k log k) for k hits on the layouts of this
/// module (see ``forEachElementIndex(in:_:)`` for the exact guarantee).
///
/// Built once per ``LayoutResult``; immutable apart from ``append(contentsOf:)`` for the next
/// page of results. Queries report an element when its frame **intersects** the rect, edges
/// included (`Rect.intersects`): a frame touching the rect's edge counts, and a zero-size
/// rect finds the frames containing its point, edges included. Results come in **element
/// order** (ascending index into ``elements``: section by section, header, items, footer),
/// whatever the frames' positions, so two queries for the same rect agree.
///
/// ```swift
/// let result = try FlowLayout(collectionWidth: 375).layout(sections)
/// let index = RectIndex(result)
/// let visible = index.elements(in: Rect(x: 0, y: 2_000, width: 375, height: 812))
/// ```
///
/// How it works: the frames are sorted by top edge (`minY`, ties by element index), and a
/// tree of block maxima over their bottom edges (16 entries per block, then 16 blocks per
/// block, ...) lets a query skip every block that starts below the rect or ends above it.
/// Unlike a prefix maximum of bottom edges, a tall frame (a header or background spanning a
/// section) keeps only its own blocks open; unlike a walk in element order (CHT's chunks of
/// 20), waterfall columns that drift apart cost nothing. The hits, found in top-edge order,
/// are then sorted into element order.
///
/// Memory: 20 bytes per element (a 32-bit element index, the top and bottom edges as
/// `Double`) and about half a byte for the upper tree levels, besides ``elements``, kept
/// packed (32 bytes each, ``PackedLayoutElements``); building takes 16 bytes per element
/// more while it sorts. At most `Int32.max` elements.
public struct RectIndex: Sendable, Equatable {
    /// The indexed elements, in the order results are reported in.
    public internal(set) var elements: PackedLayoutElements
    /// Indices into `elements` sorted by the frames' top edge, ties by index; frames with a
    /// NaN top or bottom edge are left out, as they intersect nothing.
    var order: [Int32]
    /// `elements[order[p]].frame.minY` for each sorted position `p`, ascending.
    var sortedMinY: [Double]
    /// The bottom edges in sorted order and their block maxima.
    var maxima: BlockMaxima

    /// An index over the elements of `result`.
    ///
    /// - Complexity: O(n log n) for n elements.
    public init(_ result: LayoutResult) {
        self.init(elements: result.elements)
    }

    /// An index over `elements`; results refer to them by their index in this array.
    ///
    /// - Complexity: O(n log n) for n elements.
    public init(elements: [LayoutElement]) {
        self.init(elements: PackedLayoutElements(elements))
    }

    /// An index over `elements`, kept (not copied); results refer to them by their position.
    ///
    /// - Complexity: O(n log n) for n elements.
    public init(elements: PackedLayoutElements) {
        precondition(elements.count <= Int(Int32.max), "RectIndex holds at most Int32.max elements")
        self.elements = elements
        let sorted = Self.sortedByTopEdge(elements, in: elements.indices)
        order = sorted.map(\.index)
        sortedMinY = sorted.map(\.minY)
        maxima = BlockMaxima(bottomEdges: sorted.map { elements.maxY(at: Int($0.index)) })
    }

    /// The indexable elements of `elements[range]` (no NaN top or bottom edge) as top edge
    /// and index, sorted by top edge, ties by index.
    static func sortedByTopEdge(
        _ elements: PackedLayoutElements, in range: Range<Int>
    ) -> [(minY: Double, index: Int32)] {
        var sorted: [(minY: Double, index: Int32)] = []
        sorted.reserveCapacity(range.count)
        for index in range where !elements.minY(at: index).isNaN && !elements.maxY(at: index).isNaN {
            sorted.append((elements.minY(at: index), Int32(index)))
        }
        sorted.sort { $0 < $1 }
        return sorted
    }
}
