// The record a card shows: a book's id, title, author, cover size and other fields.
import Geometry

/// Which value of a ``CardRecord`` a label shows (or whose emptiness hides an element).
///
/// Written as a string in JSON templates: `"title"`, `"author"`, or any other name, which
/// reads ``CardRecord/otherFields``.
public enum CardField: Hashable, Sendable, CustomStringConvertible {
    case title
    case author
    /// A field of ``CardRecord/otherFields`` by name (`"publisher"`, `"rating"`).
    case other(String)

    /// The field named `name`: `title` and `author` are the record's own fields.
    public init(name: String) {
        switch name {
        case "title": self = .title
        case "author": self = .author
        default: self = .other(name)
        }
    }

    /// The field's name, as written in JSON templates.
    public var name: String {
        switch self {
        case .title: "title"
        case .author: "author"
        case .other(let name): name
        }
    }

    public var description: String { name }
}

/// One book as the card model sees it, independent of where it was read from.
///
/// ```swift
/// let record = CardRecord(id: "1", title: "吾輩は猫である", author: "夏目 漱石", language: "ja")
/// ```
public struct CardRecord: Hashable, Sendable {
    public var id: String
    public var title: String
    /// The author; may be empty.
    public var author: String
    /// The cover image's size (any unit: only its ratio is used), or `nil` when unknown.
    /// Both sides must be positive and finite when present.
    public var imageSize: Size?
    /// The record's BCP 47 language (`ja`, `en`), or `nil` (or empty) when unknown; it
    /// takes precedence over a label's ``LabelStyle/language``.
    public var language: String?
    /// Further fields by name, for labels bound to ``CardField/other(_:)``.
    public var otherFields: [String: String]

    public init(
        id: String, title: String, author: String = "", imageSize: Size? = nil, language: String? = nil,
        otherFields: [String: String] = [:]
    ) {
        self.id = id
        self.title = title
        self.author = author
        self.imageSize = imageSize
        self.language = language
        self.otherFields = otherFields
    }

    /// The text of `field`; an other field the record lacks reads as empty.
    public func value(of field: CardField) -> String {
        switch field {
        case .title: title
        case .author: author
        case .other(let name): otherFields[name] ?? ""
        }
    }
}

extension CardRecord {
    /// FNV-1a of the id's UTF-8 bytes: the same on every machine and run, so what a record
    /// is given by its id (a cover size it lacks, its colour in a picture) never changes.
    public static func stableHash(ofID id: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
