// Compositional groups: items and nested groups placed along an axis, with spacing and insets.

import Geometry

/// A group's or an item's place in a group: either an item or a nested group.
public indirect enum CompositionalSubitem: Sendable, Hashable {
    case item(CompositionalItem)
    case group(CompositionalGroup)

    /// The subitem's own size, before a repeating group replaces its length on the axis.
    var layoutSize: CompositionalLayoutSize {
        switch self {
        case .item(let item): item.layoutSize
        case .group(let group): group.layoutSize
        }
    }
}

/// The space between neighbouring subitems of a group, as `NSCollectionLayoutSpacing`.
public enum CompositionalSpacing: Sendable, Hashable {
    /// Exactly this many points.
    case fixed(Double)
    /// At least this many points; the length the placed subitems leave over on the group's
    /// axis is shared equally between the gaps, so the last subitem ends at the far edge.
    case flexible(Double)

    /// The gap subitems are fitted with.
    var minimum: Double {
        switch self {
        case .fixed(let points), .flexible(let points): points
        }
    }
}

/// Subitems placed one after another along an axis, as `NSCollectionLayoutGroup`.
///
/// A group's subitems resolve their sizes against the group's effective content size (its
/// size minus `contentInsets`) and are placed from its top-left content corner along
/// ``axis``, `interItemSpacing` apart, each at the content's leading edge across the axis.
/// Items fill the slots in order:
/// - ``Subitems/sequence(_:)``: the subitems at their own sizes, the list repeated while the
///   next one fits (UIKit's behaviour: one item of `.fractionalWidth(0.2)` in a full-width
///   group makes rows of five). The first subitem that would cross the group's far edge,
///   and everything after it, is skipped. On an estimated axis the list is placed once and
///   nothing is skipped.
/// - ``Subitems/repeating(_:count:)``: `count` copies, each
///   `(length - spacing * (count - 1)) / count` long on the axis whatever its own size there.
///   On an estimated axis there is no length to share: the copies keep their own sizes, so
///   self-sized items stay self-sized, and the group fits them.
///
/// A group holding fewer items than slots (the last one of a section) is laid out with the
/// items it has; an estimated side then fits those items only.
///
/// ```swift
/// let cell = CompositionalItem(layoutSize: CompositionalLayoutSize(
///     widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
/// let column = CompositionalGroup.vertical(
///     layoutSize: CompositionalLayoutSize(
///         widthDimension: .fractionalWidth(1 / 3), heightDimension: .fractionalHeight(1)),
///     repeating: .item(cell), count: 2)
/// ```
public struct CompositionalGroup: Sendable, Hashable {
    /// The direction a group places its subitems in.
    public enum Axis: Sendable, Hashable, CaseIterable {
        /// Left to right.
        case horizontal
        /// Top to bottom.
        case vertical
    }

    /// What a group holds.
    public enum Subitems: Sendable, Hashable {
        /// These subitems at their own sizes, repeated while the next one fits.
        case sequence([CompositionalSubitem])
        /// `count` copies of one subitem sharing the group's length equally.
        case repeating(CompositionalSubitem, count: Int)
    }

    public var axis: Axis
    /// The group's size, resolved against its container (the parent group's effective
    /// content size, or for a section's root group the collection).
    public var layoutSize: CompositionalLayoutSize
    public var subitems: Subitems
    public var interItemSpacing: CompositionalSpacing
    /// Space between the group's edges and its subitems; the subitems' container is the
    /// group's size minus these.
    public var contentInsets: EdgeInsets

    public init(
        axis: Axis, layoutSize: CompositionalLayoutSize, subitems: Subitems,
        interItemSpacing: CompositionalSpacing = .fixed(0), contentInsets: EdgeInsets = .zero
    ) {
        self.axis = axis
        self.layoutSize = layoutSize
        self.subitems = subitems
        self.interItemSpacing = interItemSpacing
        self.contentInsets = contentInsets
    }

    /// A group placing `subitems` left to right at their own sizes.
    public static func horizontal(
        layoutSize: CompositionalLayoutSize, subitems: [CompositionalSubitem],
        interItemSpacing: CompositionalSpacing = .fixed(0), contentInsets: EdgeInsets = .zero
    ) -> CompositionalGroup {
        CompositionalGroup(
            axis: .horizontal, layoutSize: layoutSize, subitems: .sequence(subitems),
            interItemSpacing: interItemSpacing, contentInsets: contentInsets)
    }

    /// A group of `count` copies of `subitem` sharing its width equally, left to right.
    public static func horizontal(
        layoutSize: CompositionalLayoutSize, repeating subitem: CompositionalSubitem, count: Int,
        interItemSpacing: CompositionalSpacing = .fixed(0), contentInsets: EdgeInsets = .zero
    ) -> CompositionalGroup {
        CompositionalGroup(
            axis: .horizontal, layoutSize: layoutSize, subitems: .repeating(subitem, count: count),
            interItemSpacing: interItemSpacing, contentInsets: contentInsets)
    }

    /// A group placing `subitems` top to bottom at their own sizes.
    public static func vertical(
        layoutSize: CompositionalLayoutSize, subitems: [CompositionalSubitem],
        interItemSpacing: CompositionalSpacing = .fixed(0), contentInsets: EdgeInsets = .zero
    ) -> CompositionalGroup {
        CompositionalGroup(
            axis: .vertical, layoutSize: layoutSize, subitems: .sequence(subitems),
            interItemSpacing: interItemSpacing, contentInsets: contentInsets)
    }

    /// A group of `count` copies of `subitem` sharing its height equally, top to bottom.
    public static func vertical(
        layoutSize: CompositionalLayoutSize, repeating subitem: CompositionalSubitem, count: Int,
        interItemSpacing: CompositionalSpacing = .fixed(0), contentInsets: EdgeInsets = .zero
    ) -> CompositionalGroup {
        CompositionalGroup(
            axis: .vertical, layoutSize: layoutSize, subitems: .repeating(subitem, count: count),
            interItemSpacing: interItemSpacing, contentInsets: contentInsets)
    }
}
