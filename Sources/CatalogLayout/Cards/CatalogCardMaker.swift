// Catalog records as cards: the texts, the cover size and the language a card shows.
import CardModel
import CatalogIO
import Geometry

/// Makes the card a catalog record shows: its id, title and author; its cover size (its
/// own, or one picked from ``coverSizes`` by its id); and its language (see
/// ``CardLanguage``). Used on any thread.
///
/// ```swift
/// let cards = CatalogCardMaker(language: .guessedFromText)
/// let card = cards.card(for: record)  // "吾輩は猫である" -> language "ja"
/// ```
public struct CatalogCardMaker: Sendable, Hashable {
    public var language: CardLanguage
    /// Cover sizes for records without their own; `nil` leaves them without one.
    public var coverSizes: CoverSizes?

    public init(language: CardLanguage = .guessedFromText, coverSizes: CoverSizes? = nil) {
        self.language = language
        self.coverSizes = coverSizes
    }

    /// The card's view of `record`, which it takes: its strings move into the card rather
    /// than being copied (a reference count on each, and another to release the record's).
    public func card(for record: consuming CatalogRecord) -> CardRecord {
        card(
            id: record.id, title: record.title, author: record.author,
            imageSize: record.imageSize.map { Size(width: $0.width, height: $0.height) })
    }

    /// The card of a record given field by field (as the C interface gets them).
    public func card(id: String, title: String, author: String, imageSize: Size?) -> CardRecord {
        CardRecord(
            id: id, title: title, author: author, imageSize: imageSize ?? coverSizes?.size(for: id),
            language: language.language(of: title))
    }
}
