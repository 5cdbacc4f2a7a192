// A catalog record as a tag: one field's text on one line, sized with padding and a width cap.
import CatalogIO
import CollectionLayout
import Geometry
import TextEngine

/// The record field a tag shows.
public enum TagField: String, Sendable, Hashable, CaseIterable {
    case title, author
}

/// Makes tags of catalog records for a tag flow: the text of ``field`` measured on one line,
/// its natural width plus padding (capped by ``sizing``; a longer text is cut with an
/// ellipsis when drawn), as tall as a line plus padding.
public struct CatalogTagMaker: Sendable {
    public let field: TagField
    public let fontSize: Double
    /// How a record's language is decided.
    public let language: CardLanguage
    public let fonts: FontChain
    public let sizing: TagSizing
    public let measurer: TextMeasurer

    public init(
        field: TagField, fontSize: Double, language: CardLanguage, fonts: FontChain, sizing: TagSizing,
        measurer: TextMeasurer
    ) {
        self.field = field
        self.fontSize = fontSize
        self.language = language
        self.fonts = fonts
        self.sizing = sizing
        self.measurer = measurer
    }

    /// A record's tag text and the style it is set in.
    public func text(of record: CatalogRecord) -> (text: String, style: TextStyle) {
        let text = field == .title ? record.title : record.author
        return (
            text,
            TextStyle(fonts: fonts, size: fontSize, displayScale: sizing.displayScale, language: language.language(of: text))
        )
    }

    /// A record's tag size, and whether its text is cut at the width cap.
    ///
    /// Throws what measuring the text throws (a text over the engine's limit).
    public func tag(for record: CatalogRecord) throws -> (size: Size, isTruncated: Bool) {
        let (text, style) = text(of: record)
        let line = try measurer.measure(text, style: style, width: .infinity, maxLines: 1)
        return (
            try sizing.size(textWidth: line.naturalWidth, lineHeight: line.height),
            try sizing.truncatesText(textWidth: line.naturalWidth)
        )
    }

    /// A tag's text measured inside its frame, as it is drawn: on one line, cut with an
    /// ellipsis when it does not fit between the padding.
    public func measurementInside(frame: Rect, of record: CatalogRecord) throws -> TextMeasurement {
        let (text, style) = text(of: record)
        return try measurer.measure(text, style: style, width: max(0, frame.width - sizing.padding.horizontal), maxLines: 1)
    }
}
