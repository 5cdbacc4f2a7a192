// One record of a generated catalog.

/// A generated catalog record: the columns `id,title,author,language,cover_width,cover_height`.
public struct GeneratedRecord: Sendable, Equatable {
    /// The language of a record's title and author.
    public enum Language: String, Sendable, CaseIterable {
        /// From goodbooks-10k; written `en`.
        case english = "en"
        /// From Aozora Bunko; written `ja`.
        case japanese = "ja"
    }

    /// `g` and the record's 1-based number in nine digits, `g000000001`: unique, and in
    /// order when sorted as text.
    public let id: String
    public let title: String
    public let author: String
    public let language: Language
    /// A real cover's size in pixels.
    public let coverSize: SourceCatalogs.CoverSize

    /// The id of record `number` (1-based).
    static func id(number: Int) -> String {
        let length = 1 + CatalogGenerator.idDigitCount
        return String(unsafeUninitializedCapacity: length) { text in
            text[0] = UInt8(ascii: "g")
            var remaining = number
            for position in (1..<length).reversed() {
                text[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            }
            return length
        }
    }
}
