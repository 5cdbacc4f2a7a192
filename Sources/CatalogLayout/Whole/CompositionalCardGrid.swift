// Catalog cards in rows of a compositional layout, each self-sized at its cell's width.
import CardModel
import CollectionLayout
import Geometry

/// Rows of ``columns`` cards in a compositional layout: each card's height is estimated at
/// 300 pt, then measured with the card model at its cell's width when the layout asks for
/// it, and a row is as tall as its tallest card (`UICollectionViewCompositionalLayout` with
/// self-sizing cells).
public struct CompositionalCardGrid {
    public let collectionSize: Size
    public let columns: Int
    /// The spacing between cards and between rows, and around them.
    public let spacing: Double
    public let measurer: CardMeasurer

    public init(collectionSize: Size, columns: Int, spacing: Double, measurer: CardMeasurer) {
        self.collectionSize = collectionSize
        self.columns = columns
        self.spacing = spacing
        self.measurer = measurer
    }

    /// Lays out the cards of `records`. A card that cannot be measured (a title over the
    /// engine's limit) becomes an error record and the rest are laid out again without it:
    /// every cell is as wide, so the others measure as before (from the card cache).
    ///
    /// Throws `CollectionLayoutError` for invalid options.
    public func layOut(_ records: inout CatalogItems<CardRecord>) throws -> LayoutResult {
        let failures = CardFailures()
        let result = try layOut(records.items, failures: failures)
        guard !failures.messages.isEmpty else { return result }
        records.fail(items: failures.messages, field: "title")
        return try layOut(records.items, failures: failures)
    }

    /// The layout of `cards`; a card that cannot be measured is 0 pt tall and its error goes
    /// into `failures`, by item number.
    private func layOut(_ cards: [CardRecord], failures: CardFailures) throws -> LayoutResult {
        let item = CompositionalItem(
            layoutSize: .init(widthDimension: .fractionalWidth(1 / Double(columns)), heightDimension: .estimated(300)))
        let row = CompositionalGroup.horizontal(
            layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(300)),
            repeating: .item(item), count: columns, interItemSpacing: .fixed(spacing))
        let section = CompositionalSection(group: row, interGroupSpacing: spacing, contentInsets: EdgeInsets(all: spacing))
        failures.messages = [:]
        let heights = CompositionalHeights(itemHeight: { number, width in
            do {
                return try measurer.measure(record: cards[number], width: width).size.height
            } catch {
                failures.messages[number] = "\(error)"
                return 0
            }
        })
        return try CompositionalLayout(collectionSize: collectionSize, sections: [section])
            .layout(itemCount: cards.count, heights: heights)
    }
}

/// The cards a layout could not measure, by item number, with the error's message.
private final class CardFailures {
    var messages: [Int: String] = [:]
}
