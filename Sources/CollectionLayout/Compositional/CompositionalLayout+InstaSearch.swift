// Seed 002's Instagram-search panels: sections of one large and small items, or all small.

import Geometry

/// The kinds of section of the Instagram-style search layout, in the order sections cycle
/// through them.
///
/// Every section is one horizontal group, full width and 0.4 of the collection's height
/// (`G`). A *small group* is a third of the width and `G` tall, holding 2 items of `G / 2`
/// one above the other; the *large item* is two thirds of the width and `G` tall.
public enum InstaSearchSectionKind: Int, Sendable, Hashable, CaseIterable {
    /// The large item, then a small group: 3 items.
    case leadingLarge
    /// Three small groups: 6 items.
    case spread1
    /// A small group, then the large item: 3 items.
    case trailingLarge
    /// Three small groups, as ``spread1``: 6 items.
    case spread2

    /// How many items a full section of this kind holds.
    public var itemCount: Int {
        switch self {
        case .leadingLarge, .trailingLarge: 3
        case .spread1, .spread2: 6
        }
    }

    /// The section description, taking at most ``itemCount`` items.
    public var section: CompositionalSection {
        let large = CompositionalSubitem.item(CompositionalItem(layoutSize: CompositionalLayoutSize(
            widthDimension: .fractionalWidth(2.0 / 3.0), heightDimension: .fractionalHeight(1))))
        let half = CompositionalItem(layoutSize: CompositionalLayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let small = CompositionalSubitem.group(.vertical(
            layoutSize: CompositionalLayoutSize(
                widthDimension: .fractionalWidth(1.0 / 3.0), heightDimension: .fractionalHeight(1)),
            repeating: .item(half), count: 2))
        let subitems: [CompositionalSubitem] =
            switch self {
            case .leadingLarge: [large, small]
            case .spread1, .spread2: [small, small, small]
            case .trailingLarge: [small, large]
            }
        let panel = CompositionalGroup.horizontal(
            layoutSize: CompositionalLayoutSize(
                widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.4)),
            subitems: subitems)
        return CompositionalSection(group: panel, maximumItemCount: itemCount)
    }
}

extension CompositionalLayout {
    /// Seed 002's Instagram-search panels in a collection of `collectionSize`: sections
    /// cycling ``InstaSearchSectionKind/leadingLarge``, ``InstaSearchSectionKind/spread1``,
    /// ``InstaSearchSectionKind/trailingLarge``, ``InstaSearchSectionKind/spread2``, each
    /// `0.4 × collectionSize.height` tall. Lay it out with
    /// ``layout(itemCount:heights:)``: the last section takes what is left.
    ///
    /// With `W × H` the collection and `G = 0.4H`, a section at `y` places item `k`:
    /// leading large `(0, y, 2W/3, G)`, then `(2W/3, y + (k-1)G/2, W/3, G/2)`; spread
    /// `(⌊k/2⌋W/3, y + (k mod 2)G/2, W/3, G/2)`; trailing large `(0, y + kG/2, W/3, G/2)`
    /// for k < 2, then `(W/3, y, 2W/3, G)`.
    public static func instaSearch(collectionSize: Size) -> CompositionalLayout {
        CompositionalLayout(collectionSize: collectionSize, sections: InstaSearchSectionKind.allCases.map(\.section))
    }
}
