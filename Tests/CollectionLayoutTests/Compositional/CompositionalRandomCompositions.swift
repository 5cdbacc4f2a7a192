// Random compositional layouts whose items cannot overlap, for the property tests.

import CatalogGenerator
import CollectionLayout
import Geometry

/// Makes random compositional layouts: 1-3 section descriptions of group trees up to three
/// levels deep, with random axes, fractions, absolute and estimated sizes, fixed and
/// flexible spacing, insets, headers and footers.
///
/// Sizes are drawn so that no two elements can overlap and every group holds an item: across
/// a group's axis subitems take at most its full length (or an estimated group fits them),
/// absolute lengths appear only in root groups, which are large enough for them.
struct CompositionalRandomCompositions {
    var random: SplitMix64

    /// Heights that depend on the item number and the width, and on the section
    /// for headers and footers.
    static var heights: CompositionalHeights {
        CompositionalHeights(
            itemHeight: { number, width in 10 + Double(number * 37 % 90) + width.truncatingRemainder(dividingBy: 7) },
            boundaryHeight: { _, section, _ in 25 + Double(section % 3) })
    }

    mutating func layout() -> CompositionalLayout {
        let collection = Size(width: random.gridValue(in: 200...1_000), height: random.gridValue(in: 300...1_200))
        return CompositionalLayout(collectionSize: collection, sections: (0..<int(1...3)).map { _ in section() })
    }

    private mutating func section() -> CompositionalSection {
        let isEstimated = bool()
        let height: CompositionalDimension =
            isEstimated ? .estimated(random.gridValue(in: 50...150))
            : bool() ? .absolute(random.gridValue(in: 60...200)) : .fractionalHeight(fraction(0.2...0.5))
        let size = CompositionalLayoutSize(widthDimension: .fractionalWidth(fraction(0.5...1)), heightDimension: height)
        return CompositionalSection(
            group: group(size, depth: 0, isHeightEstimated: isEstimated),
            interGroupSpacing: random.gridValue(in: 0...10),
            contentInsets: EdgeInsets(
                top: random.gridValue(in: 0...10), left: random.gridValue(in: 0...10),
                bottom: random.gridValue(in: 0...10), right: random.gridValue(in: 0...10)),
            headerHeight: boundary(), footerHeight: boundary(), maximumItemCount: bool() ? nil : int(1...20))
    }

    private mutating func group(
        _ layoutSize: CompositionalLayoutSize, depth: Int, isHeightEstimated: Bool
    ) -> CompositionalGroup {
        let axis: CompositionalGroup.Axis = bool() ? .horizontal : .vertical
        let spacing: CompositionalSpacing =
            bool() ? .fixed(random.gridValue(in: 0...8)) : .flexible(random.gridValue(in: 0...8))
        let insets = EdgeInsets(all: random.gridValue(in: 0...4))
        let subitems: CompositionalGroup.Subitems =
            bool()
            ? .repeating(subitem(axis: axis, depth: depth, isHeightEstimated: isHeightEstimated), count: int(1...4))
            : .sequence((0..<int(1...3)).map { _ in subitem(axis: axis, depth: depth, isHeightEstimated: isHeightEstimated) })
        return CompositionalGroup(
            axis: axis, layoutSize: layoutSize, subitems: subitems, interItemSpacing: spacing, contentInsets: insets)
    }

    /// A subitem of a group at `depth` along `axis`, in a group whose height is estimated or not.
    private mutating func subitem(
        axis: CompositionalGroup.Axis, depth: Int, isHeightEstimated: Bool
    ) -> CompositionalSubitem {
        let width: CompositionalDimension =
            axis == .vertical ? .fractionalWidth(fraction(0.3...1))
            : depth == 0 && bool() ? .absolute(random.gridValue(in: 10...50)) : .fractionalWidth(fraction(0.1...0.6))
        let height = subitemHeight(axis: axis, depth: depth, isHeightEstimated: isHeightEstimated)
        let size = CompositionalLayoutSize(widthDimension: width, heightDimension: height)
        if depth < 2, int(0...2) == 0 {
            let nestedEstimated = if case .estimated = height { true } else { false }
            return .group(group(size, depth: depth + 1, isHeightEstimated: nestedEstimated))
        }
        let insets = EdgeInsets(
            top: random.gridValue(in: 0...3), left: random.gridValue(in: 0...3),
            bottom: random.gridValue(in: 0...3), right: random.gridValue(in: 0...3))
        return .item(CompositionalItem(layoutSize: size, contentInsets: insets))
    }

    /// Across a horizontal group of given height: at most its height; along an estimated
    /// vertical group: anything; along a vertical group of given height: a fraction, or in a
    /// root group an absolute length it has room for.
    private mutating func subitemHeight(
        axis: CompositionalGroup.Axis, depth: Int, isHeightEstimated: Bool
    ) -> CompositionalDimension {
        switch (axis, isHeightEstimated) {
        case (.horizontal, false):
            return .fractionalHeight(fraction(0.2...1))
        case (.horizontal, true):
            return bool() ? .estimated(random.gridValue(in: 20...80)) : .fractionalHeight(fraction(0.2...1))
        case (.vertical, true):
            return [.estimated(random.gridValue(in: 20...80)), .fractionalHeight(fraction(0.1...0.5)),
                    .absolute(random.gridValue(in: 10...50))][int(0...2)]
        case (.vertical, false):
            return depth == 0 && bool() ? .absolute(random.gridValue(in: 10...50)) : .fractionalHeight(fraction(0.1...0.6))
        }
    }

    private mutating func boundary() -> CompositionalDimension? {
        [nil, .absolute(random.gridValue(in: 0...40)), .estimated(30)][int(0...2)]
    }

    private mutating func bool() -> Bool { Bool.random(using: &random) }
    private mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    private mutating func fraction(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
}
