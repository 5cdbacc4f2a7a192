// The tag flow layout: tags of given sizes in rows with exact gaps, aligned left (the left-aligned tag flow),
// right, centre or justified.

import Geometry

/// Lays out tags of known sizes in rows, section after section, with an exact gap between
/// neighbours, as the left-aligned tag-flow article's `UICollectionViewFlowLayout` subclass does and
/// without its recursion.
///
/// Per section, top to bottom: the header (full collection width, `headerHeight` tall; none
/// when 0), `sectionInset.top`, the rows, `sectionInset.bottom`, the footer. Sections stack
/// with nothing between them. Rows:
/// - wrap as the flow layout's do: tag k > 0 of a row joins it if
///   `width + interitemSpacing` fits in what is left of the width between the insets;
/// - a tag wider than that width is clamped to it, and so fills a row of its own (a tag
///   sizer truncates such text anyway, see ``TagSizing``);
/// - sit across the width as ``TagFlowConfiguration/horizontalAlignment`` says: `.left`
///   puts the first tag at `sectionInset.left` and each next one at
///   `previous.maxX + interitemSpacing`;
/// - are as tall as their tallest tag; shorter tags follow
///   ``TagFlowConfiguration/verticalAlignment``; the next row starts at
///   `bottom + minimumLineSpacing` (no line spacing next to a header or footer).
///
/// Positions are exact sums of the given sizes and spacings; nothing is rounded.
///
/// ```swift
/// let layout = TagFlowLayout(
///     collectionWidth: 375,
///     configuration: TagFlowConfiguration(
///         sectionInset: EdgeInsets(all: 10), interitemSpacing: 10, minimumLineSpacing: 10))
/// let result = try layout.layout([[Size(width: 64, height: 28), Size(width: 120, height: 28)]])
/// ```
///
/// To add tags to the last section without laying everything out again, use
/// ``TagFlowAppender``.
public struct TagFlowLayout: SectionedLayout {
    /// The collection's width in points; headers and footers span all of it.
    public var collectionWidth: Double
    /// The options of every section without an entry in `sectionConfigurations`.
    public var configuration: TagFlowConfiguration
    /// Options for particular sections, by section index, replacing `configuration` there.
    public var sectionConfigurations: [Int: TagFlowConfiguration]

    public init(
        collectionWidth: Double, configuration: TagFlowConfiguration = TagFlowConfiguration(),
        sectionConfigurations: [Int: TagFlowConfiguration] = [:]
    ) {
        self.collectionWidth = collectionWidth
        self.configuration = configuration
        self.sectionConfigurations = sectionConfigurations
    }

    /// Places every tag of `sections` (tag sizes, section by section) and their headers and
    /// footers, in one iterative pass.
    ///
    /// Throws ``CollectionLayoutError`` for a non-positive width, negative or non-finite
    /// options, insets that leave no width, or a negative or non-finite tag size. The
    /// result's elements are in ``LayoutResult``'s order, tags clamped to their section's
    /// width; its content size is the collection width by the bottom of the last section.
    ///
    /// - Complexity: O(n) time for n tags; memory for the result only.
    public func layout(_ sections: [[Size]]) throws(CollectionLayoutError) -> LayoutResult {
        try layoutKeepingLastRow(sections).result
    }

    /// ``layout(_:)``, also returning the last section's last row for ``TagFlowAppender``
    /// (`nil` without sections).
    func layoutKeepingLastRow(
        _ sections: [[Size]]
    ) throws(CollectionLayoutError) -> (result: LayoutResult, lastRow: TagFlowOpenRow?) {
        try ArgumentChecks.requirePositive(collectionWidth, field: "collectionWidth")
        var elements: [LayoutElement] = []
        elements.reserveCapacity(elementCount(itemCounts: sections.lazy.map(\.count)))
        var top = 0.0
        var lastRow: TagFlowOpenRow?
        for (section, sizes) in sections.enumerated() {
            let placer = try TagFlowSectionPlacer(
                section: section, configuration: configuration(forSection: section), collectionWidth: collectionWidth)
            (lastRow, top) = try placer.place(sizes, at: top, into: &elements)
        }
        return (LayoutResult(elements: elements, contentSize: Size(width: collectionWidth, height: top)), lastRow)
    }
}
