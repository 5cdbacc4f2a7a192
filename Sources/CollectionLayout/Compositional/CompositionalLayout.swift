// The compositional layout: sections of repeated groups, sized from the collection down.

import Geometry

/// Lays out items in sections of repeated groups, the way
/// `UICollectionViewCompositionalLayout` does with vertical scrolling.
///
/// A layout is a collection size and a cycle of section descriptions: section `s` is laid
/// out as `sections[s % sections.count]`. Sizes resolve from the container down: a
/// section's root group against the collection (its width between the section's insets,
/// its full height), nested groups against their parent group's effective content size,
/// items against their group's (``CompositionalDimension``). Each section repeats its
/// group until its items are placed, items filling the slots in order
/// (``CompositionalGroup``, ``CompositionalSection``); sections stack top to bottom with
/// nothing between them. Estimated items are sized by a ``CompositionalHeights``.
///
/// Items reach sections in one of two ways:
/// - ``layout(itemCount:heights:)`` cuts a run of items into sections, each taking up to
///   its ``CompositionalSection/maximumItemCount`` (the Instagram-style search grid's strategy; the last section
///   takes what is left, and no items still make one empty section);
/// - ``layout(sectionItemCounts:heights:)`` takes the count of every section.
///
/// ``CompositionalAppender`` lays out items appended to the first way incrementally.
/// The result's elements are in ``LayoutResult``'s order; its content size is the
/// collection's width by the bottom of the last section.
///
/// ```swift
/// let cover = CompositionalItem(layoutSize: CompositionalLayoutSize(
///     widthDimension: .fractionalWidth(1), heightDimension: .estimated(240)))
/// let row = CompositionalGroup.horizontal(
///     layoutSize: CompositionalLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(240)),
///     repeating: .item(cover), count: 3, interItemSpacing: .fixed(8))
/// let layout = CompositionalLayout(
///     collectionSize: Size(width: 375, height: 667),
///     sections: [CompositionalSection(group: row, interGroupSpacing: 8, contentInsets: EdgeInsets(all: 8))])
/// let heights = CompositionalHeights(itemHeight: { _, width in (width * 10 / 7).rounded(.up) + 60 })
/// let cards = try layout.layout(itemCount: 1_000, heights: heights)
/// let panels = try CompositionalLayout.instaSearch(collectionSize: Size(width: 375, height: 667))
///     .layout(itemCount: 1_000)
/// ```
public struct CompositionalLayout: Sendable, Hashable {
    /// The collection view's bounds: fractions of a root group are of this size.
    public var collectionSize: Size
    /// The section descriptions, in the order sections cycle through them.
    public var sections: [CompositionalSection]

    public init(collectionSize: Size, sections: [CompositionalSection]) {
        self.collectionSize = collectionSize
        self.sections = sections
    }

    /// Cuts `itemCount` items into sections (each up to its `maximumItemCount`, in cycle
    /// order) and lays them out.
    ///
    /// Throws ``CollectionLayoutError`` for an invalid layout description, a negative count,
    /// a group that holds no item, or an invalid measured height.
    ///
    /// - Complexity: O(n) time for n items; memory for the result only.
    public func layout(
        itemCount: Int, heights: CompositionalHeights = .estimates
    ) throws(CollectionLayoutError) -> LayoutResult {
        var appender = try CompositionalAppender(layout: self, heights: heights)
        try appender.append(itemCount)
        return appender.result
    }

    /// Lays out one section per entry of `sectionItemCounts`, holding that many items;
    /// `maximumItemCount` does not apply.
    ///
    /// Throws as ``layout(itemCount:heights:)`` does.
    ///
    /// - Complexity: O(n + s) time for n items in s sections.
    public func layout(
        sectionItemCounts: [Int], heights: CompositionalHeights = .estimates
    ) throws(CollectionLayoutError) -> LayoutResult {
        try validate()
        for (section, count) in sectionItemCounts.enumerated() {
            try Self.requireItemCount(count, field: "sectionItemCounts[\(section)]")
        }
        var elements: [LayoutElement] = []
        elements.reserveCapacity(sectionItemCounts.reduce(0, +))
        var top = 0.0
        var firstItemNumber = 0
        for (section, count) in sectionItemCounts.enumerated() {
            let placer = sectionPlacer(section, firstItemNumber: firstItemNumber, heights: heights)
            let start = try placer.begin(at: top, into: &elements)
            top = try placer.fill(from: start, itemCount: count, into: &elements).bottom
            firstItemNumber += count
        }
        return LayoutResult(elements: elements, contentSize: Size(width: collectionSize.width, height: top))
    }

    /// The description section `section` is laid out with (`sections` is not empty).
    func section(at section: Int) -> CompositionalSection {
        sections[section % sections.count]
    }

    /// The placer of section `section`, whose item 0 is item number `firstItemNumber`.
    func sectionPlacer(
        _ section: Int, firstItemNumber: Int, heights: CompositionalHeights
    ) -> CompositionalSectionPlacer {
        CompositionalSectionPlacer(
            section: section, template: self.section(at: section), collectionSize: collectionSize,
            firstItemNumber: firstItemNumber, heights: heights)
    }

    /// Throws unless `count` is zero or more.
    static func requireItemCount(_ count: Int, field: String) throws(CollectionLayoutError) {
        guard count >= 0 else {
            throw .invalidValue(field: field, reason: "must be a count of at least 0, got \(count)")
        }
    }
}
