// Sizes of compositional items and groups: fractions of the container, points, estimates.

import Geometry

/// One side of a compositional item's or group's size, as `NSCollectionLayoutDimension`
/// states it.
///
/// Fractions are of the *container*: the containing group's effective content size (its
/// size minus its content insets); for a section's root group, the collection's width
/// between the section's insets by the collection's height. Either fraction may size
/// either side, which is how aspect ratios are written: a height of
/// `.fractionalWidth(10 / 7)` makes a 7:10 cover.
public enum CompositionalDimension: Sendable, Hashable {
    /// This fraction of the container's width.
    case fractionalWidth(Double)
    /// This fraction of the container's height.
    case fractionalHeight(Double)
    /// This many points.
    case absolute(Double)
    /// Self-sized, starting from this many points. An item's estimated height is measured
    /// at the item's width (``CompositionalHeights``); an item's estimated width stays at
    /// the estimate, since measurement is height-for-width; a group's estimated side fits
    /// the subitems it holds.
    case estimated(Double)

    /// Whether the side is self-sized rather than given.
    var isEstimated: Bool {
        if case .estimated = self { true } else { false }
    }

    /// The length in points in `container`; an estimate stands for itself until measured.
    func resolved(in container: Size) -> Double {
        switch self {
        case .fractionalWidth(let fraction): fraction * container.width
        case .fractionalHeight(let fraction): fraction * container.height
        case .absolute(let points), .estimated(let points): points
        }
    }
}

/// The width and height of a compositional item or group, as `NSCollectionLayoutSize`.
public struct CompositionalLayoutSize: Sendable, Hashable {
    public var widthDimension: CompositionalDimension
    public var heightDimension: CompositionalDimension

    public init(widthDimension: CompositionalDimension, heightDimension: CompositionalDimension) {
        self.widthDimension = widthDimension
        self.heightDimension = heightDimension
    }
}
