// Adding tags to the end of a tag flow without laying out what is already placed.

import Geometry

/// A ``TagFlowLayout`` result that grows as tags are appended to its last section, equal
/// after every append to a full layout of all the tags so far.
///
/// It keeps the last section's last row. An append fills rows again from that row's first
/// tag: the row may take new tags (and grow taller, moving its tags when they are centred
/// or bottom-aligned), or shift across (right, centre, or justified once it is no longer
/// the last row). Everything before that row stays as it was; the footer moves down.
///
/// ```swift
/// var appender = try TagFlowAppender(layout: TagFlowLayout(collectionWidth: 375))
/// let change = try appender.append([Size(width: 64, height: 28), Size(width: 120, height: 28)])
/// let changed = appender.result.elements[change.firstChangedIndex...]  // the last row, new tags, footer
/// ```
public struct TagFlowAppender: LayoutAppender, Sendable {
    /// The layout every section is placed with.
    public let layout: TagFlowLayout
    /// All elements so far, as `layout.layout(_:)` would return them for all the tags.
    public private(set) var result: LayoutResult
    private let lastSection: TagFlowSectionPlacer
    private var lastRow: TagFlowOpenRow

    /// Lays out `sections` (tag sizes, section by section; by default one empty section) in
    /// full; later appends go to the last of them.
    ///
    /// Throws what ``TagFlowLayout/layout(_:)`` throws, and
    /// ``CollectionLayoutError/invalidValue(field:reason:)`` when there is no section.
    ///
    /// - Complexity: O(n) for n tags.
    public init(layout: TagFlowLayout, sections: [[Size]] = [[]]) throws(CollectionLayoutError) {
        let (result, lastRow) = try layout.layoutKeepingLastRow(sections)
        guard let lastRow else {
            throw .invalidValue(field: "sections", reason: "there must be a section to append tags to")
        }
        let lastSection = sections.count - 1
        self.lastSection = try TagFlowSectionPlacer(
            section: lastSection, configuration: layout.configuration(forSection: lastSection),
            collectionWidth: layout.collectionWidth)
        self.layout = layout
        self.result = result
        self.lastRow = lastRow
    }

    /// Appends `tags` to the last section; the elements that changed start at the last row's
    /// first tag before the append (or the footer's old place in a section without tags).
    ///
    /// Throws ``CollectionLayoutError/invalidItemSize(section:index:size:)`` for a negative
    /// or non-finite size, indexed within the section, and then changes nothing.
    ///
    /// - Complexity: O(k + m) for the k tags of the last row and the m appended.
    @discardableResult
    public mutating func append(_ tags: [Size]) throws(CollectionLayoutError) -> LayoutChange {
        var placed: [LayoutElement] = []
        placed.reserveCapacity(lastRow.sizes.count + tags.count + lastSection.footerCount)
        let newLastRow = try lastSection.placeRows(
            lastRow.sizes + tags, firstIndex: lastRow.firstIndex, top: lastRow.top, into: &placed)
        let contentHeight = lastSection.appendEnd(below: newLastRow, into: &placed)
        let firstChanged = result.elements.count - lastRow.sizes.count - lastSection.footerCount
        result.elements.replaceSubrange(firstChanged..., with: placed)
        result.contentSize.height = contentHeight
        lastRow = newLastRow
        return LayoutChange(firstChangedIndex: firstChanged)
    }
}
