// Shorthands and comparisons shared by the compositional layout tests.

import CollectionLayout
import Geometry

/// Shorthands for building compositional descriptions and reading their results.
enum CompositionalTestSupport {
    static func size(_ width: CompositionalDimension, _ height: CompositionalDimension) -> CompositionalLayoutSize {
        CompositionalLayoutSize(widthDimension: width, heightDimension: height)
    }

    static func item(
        _ width: CompositionalDimension, _ height: CompositionalDimension, insets: EdgeInsets = .zero
    ) -> CompositionalSubitem {
        .item(CompositionalItem(layoutSize: size(width, height), contentInsets: insets))
    }

    /// A layout of one section description holding `group`.
    static func layout(
        _ group: CompositionalGroup, collection: Size = Size(width: 300, height: 600),
        interGroupSpacing: Double = 0, insets: EdgeInsets = .zero
    ) -> CompositionalLayout {
        CompositionalLayout(
            collectionSize: collection,
            sections: [CompositionalSection(group: group, interGroupSpacing: interGroupSpacing, contentInsets: insets)])
    }

    static func itemFrames(_ result: LayoutResult) -> [Rect] {
        result.elements.filter { $0.kind == .item }.map(\.frame)
    }

    /// Whether `a` equals `expected` within 1e-9 points.
    static func close(_ a: Double, _ expected: Double) -> Bool {
        abs(a - expected) <= 1e-9
    }

    static func close(_ a: Rect, _ expected: Rect) -> Bool {
        close(a.minX, expected.minX) && close(a.minY, expected.minY)
            && close(a.width, expected.width) && close(a.height, expected.height)
    }
}
