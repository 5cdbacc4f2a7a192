// The subitems of one group along its axis: where the next one goes, whether it fits, the extent.

import Geometry

/// Bookkeeping for the subitems of one group as they are placed along its axis.
struct CompositionalSubitemRun {
    let axis: CompositionalGroup.Axis
    /// The top-left corner of the group's content (inside its insets).
    let contentOrigin: Point
    /// The content's length along the axis (for an estimated axis, the estimate's).
    let contentLength: Double
    let spacing: CompositionalSpacing
    /// Whether subitems must end within `contentLength`; false on an estimated axis.
    let isBounded: Bool
    /// Where the next subitem starts along the axis, relative to `contentOrigin`.
    private(set) var offset = 0.0
    /// Where the last placed subitem ends along the axis.
    private(set) var usedLength = 0.0
    /// The longest placed subitem across the axis.
    private(set) var crossLength = 0.0
    /// The index in the elements of each placed subitem's first frame (flexible spacing only).
    private var elementStarts: [Int] = []
    private var placedCount = 0

    init(
        axis: CompositionalGroup.Axis, contentOrigin: Point, contentLength: Double, spacing: CompositionalSpacing,
        isBounded: Bool
    ) {
        self.axis = axis
        self.contentOrigin = contentOrigin
        self.contentLength = contentLength
        self.spacing = spacing
        self.isBounded = isBounded
    }

    /// Where the next subitem's top-left corner goes.
    var nextOrigin: Point {
        axis == .horizontal
            ? Point(x: contentOrigin.x + offset, y: contentOrigin.y)
            : Point(x: contentOrigin.x, y: contentOrigin.y + offset)
    }

    /// The placed subitems' extent: used length along the axis, longest across it.
    var extent: Size {
        axis == .horizontal
            ? Size(width: usedLength, height: crossLength)
            : Size(width: crossLength, height: usedLength)
    }

    /// Whether a subitem of `size` placed next ends within the content (always, unbounded).
    ///
    /// The slack is relative so that slots cut in thirds of any width still fit exactly.
    func fits(_ size: Size) -> Bool {
        let tolerance = 1e-9 * max(1, contentLength)
        return !isBounded || offset + length(of: size) <= contentLength + tolerance
    }

    /// Records a placed subitem of `size` whose frames start at element `firstElement`.
    mutating func advance(past size: Size, firstElement: Int) {
        if case .flexible = spacing { elementStarts.append(firstElement) }
        usedLength = offset + length(of: size)
        offset = usedLength + spacing.minimum
        crossLength = max(crossLength, axis == .horizontal ? size.height : size.width)
        placedCount += 1
    }

    /// With flexible spacing in a bounded run, moves the subitems apart so the leftover length
    /// is shared equally between the gaps: subitem k moves `k * leftover / (count - 1)`.
    ///
    /// - Complexity: O(f) for the f frames placed in this run.
    func spreadFlexibleSpacing(in elements: inout [LayoutElement]) {
        guard isBounded, placedCount > 1, case .flexible = spacing else { return }
        let extraGap = (contentLength - usedLength) / Double(placedCount - 1)
        guard extraGap > 0 else { return }
        for (k, start) in elementStarts.enumerated().dropFirst() {
            let end = k + 1 < elementStarts.count ? elementStarts[k + 1] : elements.count
            let shift = extraGap * Double(k)
            for index in start..<end {
                switch axis {
                case .horizontal: elements[index].frame.origin.x += shift
                case .vertical: elements[index].frame.origin.y += shift
                }
            }
        }
    }

    private func length(of size: Size) -> Double {
        axis == .horizontal ? size.width : size.height
    }
}
