// A subitem's size resolved against its container, before self-sizing settles its estimated sides.

import Geometry

/// The size a group proposes for one of its subitems: `layoutSize` resolved against the
/// group's effective content size (estimates at their estimate), and which sides are still
/// self-sized.
struct CompositionalProposedSize {
    var size: Size
    var isWidthEstimated: Bool
    var isHeightEstimated: Bool

    init(_ layoutSize: CompositionalLayoutSize, in container: Size) {
        size = Size(
            width: layoutSize.widthDimension.resolved(in: container),
            height: layoutSize.heightDimension.resolved(in: container))
        isWidthEstimated = layoutSize.widthDimension.isEstimated
        isHeightEstimated = layoutSize.heightDimension.isEstimated
    }

    /// This size with `length` along `axis`, given there by a repeating group, so that
    /// side is no longer estimated.
    func fixing(_ length: Double, along axis: CompositionalGroup.Axis) -> CompositionalProposedSize {
        var fixed = self
        switch axis {
        case .horizontal:
            fixed.size.width = length
            fixed.isWidthEstimated = false
        case .vertical:
            fixed.size.height = length
            fixed.isHeightEstimated = false
        }
        return fixed
    }

    /// Whether the side along `axis` is self-sized.
    func isEstimated(along axis: CompositionalGroup.Axis) -> Bool {
        axis == .horizontal ? isWidthEstimated : isHeightEstimated
    }

    /// `insets` with the estimated sides' insets removed: an estimated length is the cell's.
    func insetsOnGivenSides(_ insets: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: isHeightEstimated ? 0 : insets.top, left: isWidthEstimated ? 0 : insets.left,
            bottom: isHeightEstimated ? 0 : insets.bottom, right: isWidthEstimated ? 0 : insets.right)
    }
}
