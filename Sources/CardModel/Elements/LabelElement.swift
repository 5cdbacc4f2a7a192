// The label element: a record field's text, measured by the text engine.
import TextEngine

/// How a label's text is set: what TextEngine's `TextStyle` is made of, minus the fonts (the
/// measurer's chain) and the display scale (the measurer's).
public struct LabelStyle: Hashable, Sendable {
    /// Font size in points.
    public var fontSize: Double
    /// The language for records without one (``CardRecord/language`` wins); `en` when `nil`.
    public var language: String?
    /// Line height multiplier (UIKit's `lineHeightMultiple`).
    public var lineSpacing: Double
    public var lineBreak: LineBreakStrictness
    public var profile: MetricsProfile
    /// The CSS properties the `browser` metrics profile lays the text out with
    /// (and a card's HTML page writes); the other profiles do not read them.
    public var css: CSSText

    public init(
        fontSize: Double, language: String? = nil, lineSpacing: Double = 1, lineBreak: LineBreakStrictness = .strict,
        profile: MetricsProfile = .uikit, css: CSSText = .initial
    ) {
        self.fontSize = fontSize
        self.language = language
        self.lineSpacing = lineSpacing
        self.lineBreak = lineBreak
        self.profile = profile
        self.css = css
    }
}

/// What happens to text past a label's last line.
public enum Truncation: String, Hashable, Sendable, CaseIterable {
    /// The last line ends in "…" (UILabel's `.byTruncatingTail`).
    case tail
    /// The text is cut at the last line's end, without an ellipsis.
    case none
}

/// A label showing one record field, as tall as its lines.
///
/// Its height is the text engine's: the lines (at least ``reserveLines`` of them, at most
/// ``maxLines``) measured at the label's width, rounded up to the pixel grid in the UIKit
/// profile.
///
/// ```swift
/// LabelElement(field: .title, style: LabelStyle(fontSize: 15), maxLines: 2, reserveLines: 2)
/// ```
public struct LabelElement: Hashable, Sendable {
    public var field: CardField
    public var style: LabelStyle
    /// The most lines shown, 0 for no limit.
    public var maxLines: Int
    /// The label is at least this many lines tall, however short its text (the book-search
    /// card's `"Label\n"` placeholder); at most ``maxLines`` when that is set.
    public var reserveLines: Int
    public var truncation: Truncation
    /// Whether the label is left out (no height, no spacing) when its field is empty or
    /// only white space.
    public var hidesWhenEmpty: Bool
    /// The name its frame reports; the field's name when `nil`.
    public var name: String?

    public init(
        field: CardField, style: LabelStyle, maxLines: Int = 0, reserveLines: Int = 0, truncation: Truncation = .tail,
        hidesWhenEmpty: Bool = false, name: String? = nil
    ) {
        self.field = field
        self.style = style
        self.maxLines = maxLines
        self.reserveLines = reserveLines
        self.truncation = truncation
        self.hidesWhenEmpty = hidesWhenEmpty
        self.name = name
    }
}
