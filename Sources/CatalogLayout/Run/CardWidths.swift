// The width each card of a catalog is measured at: its place's cell or column width.
import CollectionLayout

/// The width the n-th card is measured at (n counts cards, not failed records): the cell or
/// column width of the section its place falls in, asked of the layout once per section
/// that differs, before the run, so each card's width is a lookup on any thread.
///
/// ```swift
/// let widths = try CardWidths(layout: waterfall, sectionSize: 1_000)
/// widths.width(forCard: 2_500)  // section 2's column width
/// ```
public struct CardWidths: Sendable, Hashable {
    /// Cards per section; `nil` for one section.
    public let sectionSize: Int?
    private let sectionWidths: [Int: Double]
    /// The width of every section without an entry in `sectionWidths`.
    private let otherWidth: Double

    /// One width for every card.
    public init(uniform width: Double) {
        sectionSize = nil
        sectionWidths = [:]
        otherWidth = width
    }

    /// Widths by section: `width(section)` for each of `distinctSections`, and for the first
    /// section after them, which stands for all the others.
    public init<E: Error>(
        sectionSize: Int?, distinctSections: some Collection<Int>, width: (Int) throws(E) -> Double
    ) throws(E) {
        self.sectionSize = sectionSize
        var widths: [Int: Double] = [:]
        for section in distinctSections { widths[section] = try width(section) }
        sectionWidths = widths
        otherWidth = try width((distinctSections.max() ?? 0) + 1)
    }

    /// The section the n-th card falls in.
    public func section(ofCard place: Int) -> Int {
        sectionSize.map { place / $0 } ?? 0
    }

    /// The width the n-th card is measured at.
    public func width(forCard place: Int) -> Double {
        sectionWidths[section(ofCard: place)] ?? otherWidth
    }
}

extension CardWidths {
    /// Each card at the column width of its waterfall section.
    ///
    /// Throws `CollectionLayoutError` when a section's options give no column width.
    public init(layout: WaterfallLayout, sectionSize: Int?) throws(CollectionLayoutError) {
        try self.init(
            sectionSize: sectionSize, distinctSections: layout.sectionConfigurations.keys, width: layout.columnWidth(forSection:))
    }
}
