// The skeleton the section-based layouts share: per-section options, their checks, headers and footers.

import Geometry

/// The options of one section of a flow, tag-flow or waterfall layout: what every such
/// section has (insets, a header, a footer, spacings) and the checks they share.
public protocol SectionConfiguration: Sendable, Hashable, Codable {
    /// Space around the section's items; left and right bound them.
    var sectionInset: EdgeInsets { get }
    /// The header's height; 0 means no header.
    var headerHeight: Double { get }
    /// The footer's height; 0 means no footer.
    var footerHeight: Double { get }
    /// The section's spacings by field name, each checked to be a length of zero or more.
    var spacings: KeyValuePairs<String, Double> { get }
}

extension SectionConfiguration {
    /// The width between the section's left and right insets in a collection
    /// `collectionWidth` wide, once the shared options are checked.
    ///
    /// Throws ``CollectionLayoutError/invalidValue(field:reason:)`` for a negative or
    /// non-finite spacing or height, or insets that leave no width; `field` names the
    /// section (`section 2 sectionInset.left`).
    func checkedAvailableWidth(section: Int, collectionWidth: Double) throws(CollectionLayoutError) -> Double {
        let prefix = "section \(section) "
        for (name, spacing) in spacings { try ArgumentChecks.requireNonNegative(spacing, field: prefix + name) }
        try ArgumentChecks.requireNonNegative(headerHeight, field: prefix + "headerHeight")
        try ArgumentChecks.requireNonNegative(footerHeight, field: prefix + "footerHeight")
        return try ArgumentChecks.availableWidth(
            collectionWidth: collectionWidth, insets: sectionInset, insetField: prefix + "sectionInset")
    }

    /// How many of the header and footer are present (a height above 0).
    var supplementaryCount: Int { (headerHeight > 0 ? 1 : 0) + (footerHeight > 0 ? 1 : 0) }
}

/// A layout of sections stacked top to bottom, each with its own options: the flow,
/// tag-flow and waterfall layouts.
public protocol SectionedLayout: Sendable, Hashable {
    associatedtype Configuration: SectionConfiguration
    /// The collection's width in points.
    var collectionWidth: Double { get }
    /// The options of every section without an entry in `sectionConfigurations`.
    var configuration: Configuration { get }
    /// Options for particular sections, by section index, replacing `configuration` there.
    var sectionConfigurations: [Int: Configuration] { get }
}

extension SectionedLayout {
    /// The options section `section` is laid out with.
    public func configuration(forSection section: Int) -> Configuration {
        sectionConfigurations[section] ?? configuration
    }

    /// How many elements sections of `itemCounts` items give: the items, and each present
    /// header and footer (to reserve a result's capacity).
    func elementCount(itemCounts: some Sequence<Int>) -> Int {
        itemCounts.enumerated().reduce(0) { count, section in
            count + section.element + configuration(forSection: section.offset).supplementaryCount
        }
    }
}
