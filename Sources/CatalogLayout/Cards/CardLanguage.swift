// The language a card's texts are set in: given, or guessed from the text.

/// How a catalog record's language is decided: a guess from each text, or one tag for all.
public enum CardLanguage: Sendable, Hashable {
    /// `ja` for a text with kana or CJK ideographs, else `en` (see ``guess(_:)``).
    case guessedFromText
    /// This BCP 47 tag for every record.
    case fixed(String)

    /// The language a command-line argument names: `auto` guesses, any other is a tag.
    public init(argument: String) {
        self = argument == "auto" ? .guessedFromText : .fixed(argument)
    }

    /// The language of a record whose text is `text`.
    public func language(of text: String) -> String {
        switch self {
        case .guessedFromText: Self.guess(text)
        case .fixed(let tag): tag
        }
    }

    /// `ja` for a text with kana (U+3040–U+30FF) or CJK unified ideographs
    /// (U+4E00–U+9FFF), else `en`.
    public static func guess(_ text: String) -> String {
        // An ASCII text (most English titles) is settled by its bytes, without decoding
        // scalars; read from the string's contiguous storage, which costs a fraction of a
        // loop over the `utf8` view, and in place (`withUTF8` is mutating: the copy it
        // needed retained and released the text, per record).
        if text.utf8.withContiguousStorageIfAvailable({ !$0.contains { $0 >= 0x80 } }) ?? text.utf8.allSatisfy({ $0 < 0x80 }) {
            return "en"
        }
        return text.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) }
            ? "ja" : "en"
    }
}
