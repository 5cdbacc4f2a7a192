// A layout's elements kept in 32 bytes each: their frames in flat arrays, the rest in runs.

import Geometry

/// The elements of a layout, exactly as appended, in four `Double`s each: the frames'
/// coordinates in flat arrays, and each element's kind, section and index in runs (a
/// section's items, numbered from 0 in order, make one run; a header or footer one more).
///
/// A ``LayoutElement`` in an array takes 56 bytes (its kind and two `Int`s beside the
/// frame); a million-card layout kept for rect queries is a quarter smaller this way, and
/// reading a frame touches no more than the frame. Any sequence of elements is kept exactly;
/// the runs are few when sections follow the order every layout of this module makes.
///
/// ```swift
/// var elements = PackedLayoutElements()
/// elements.append(contentsOf: result.elements)
/// elements[3] == result.elements[3]  // true
/// elements.frame(at: 3).maxY
/// ```
public struct PackedLayoutElements: RandomAccessCollection, Sendable, Equatable {
    /// Elements, from `firstElement` on up to the next run's, of one kind and section whose
    /// indices count up by one from `firstIndex`.
    struct Run: Sendable, Equatable {
        var firstElement: Int
        var section: Int
        var firstIndex: Int
        var kind: ElementKind
    }

    private var minX: [Double] = []
    private var minY: [Double] = []
    private var widths: [Double] = []
    private var heights: [Double] = []
    /// In element order; the first starts at element 0.
    private var runs: [Run] = []

    public init() {}

    /// `elements`, in their order.
    public init(_ elements: some Sequence<LayoutElement>) {
        append(contentsOf: elements)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { minY.count }

    public subscript(position: Int) -> LayoutElement {
        let run = runs[run(containing: position)]
        return LayoutElement(
            kind: run.kind, section: run.section, index: run.firstIndex + position - run.firstElement,
            frame: frame(at: position))
    }

    /// The frame of the element at `position`, read alone.
    public func frame(at position: Int) -> Rect {
        Rect(x: minX[position], y: minY[position], width: widths[position], height: heights[position])
    }

    /// The top edge of the element at `position` (its frame's `minY`).
    public func minY(at position: Int) -> Double { minY[position] }

    /// The bottom edge of the element at `position` (its frame's `maxY`).
    public func maxY(at position: Int) -> Double { frame(at: position).maxY }

    /// Adds `element` after the last one.
    public mutating func append(_ element: LayoutElement) {
        let position = minY.count
        if let last = runs.last, last.kind == element.kind, last.section == element.section,
            last.firstIndex + position - last.firstElement == element.index
        {
            // Continues the last run.
        } else {
            runs.append(Run(firstElement: position, section: element.section, firstIndex: element.index, kind: element.kind))
        }
        minX.append(element.frame.origin.x)
        minY.append(element.frame.origin.y)
        widths.append(element.frame.size.width)
        heights.append(element.frame.size.height)
    }

    /// Adds `elements` after the last one, in their order.
    public mutating func append(contentsOf elements: some Sequence<LayoutElement>) {
        for element in elements { append(element) }
    }

    /// The index in `runs` of the run holding element `position`.
    private func run(containing position: Int) -> Int {
        precondition(indices.contains(position), "no element \(position) among \(count)")
        var (low, high) = (0, runs.count)
        while high - low > 1 {
            let middle = (low + high) / 2
            if runs[middle].firstElement <= position { low = middle } else { high = middle }
        }
        return low
    }
}
