// The measurement of one card: its size, what decided it, and where each element sits.
import Geometry

/// Which kind of element a frame belongs to.
public enum CardElementKind: String, Hashable, Sendable, CaseIterable {
    case image, label, spacer, row
}

/// Where one visible element of a card sits, relative to the card's top-left corner.
public struct ElementFrame: Hashable, Sendable {
    /// The element's path in the template, as in JSON: `elements[1]`,
    /// `elements[3].children[0].element`.
    public var path: String
    /// The element's name (``CardElement/name``).
    public var name: String
    public var kind: CardElementKind
    public var frame: Rect
    /// For a label, how many lines its text took (reserved lines not counted); `nil` for
    /// other kinds.
    public var lineCount: Int?

    public init(path: String, name: String, kind: CardElementKind, frame: Rect, lineCount: Int? = nil) {
        self.path = path
        self.name = name
        self.kind = kind
        self.frame = frame
        self.lineCount = lineCount
    }
}

/// A card's size for one record at one width, and what decided it.
///
/// The title figures come from the template's first label bound to ``CardField/title``
/// (in stack order); without one, or when it is hidden, they are 0, `false` and `.infinity`.
///
/// ```swift
/// let card = try measurer.measure(record: record, width: 127)
/// card.size.height          // 241 for the book card at @1x
/// card.titleLineCount       // 1 or 2
/// card.frame(named: "title")?.frame
/// ```
public struct CardMeasurement: Hashable, Sendable {
    /// The card's width (as asked) and height (rounded up to the pixel grid).
    public var size: Size
    /// How many lines the title's text took (not counting reserved lines).
    public var titleLineCount: Int
    /// Whether the title was cut at its line limit.
    public var isTitleTruncated: Bool
    /// The smallest slack of the title's lines, in points: how close a line break came to
    /// going the other way (a near-tie another renderer could break differently).
    public var titleMinimumSlack: Double
    /// The visible elements' frames in stack order, a row before its children; hidden
    /// elements have none.
    public var frames: [ElementFrame]
    /// How many characters of the visible labels no font of their chains has (measured as
    /// `.notdef` boxes; see TextEngine's `MissingGlyphs`).
    public var missingGlyphCount: Int

    public init(
        size: Size, titleLineCount: Int, isTitleTruncated: Bool, titleMinimumSlack: Double, frames: [ElementFrame],
        missingGlyphCount: Int = 0
    ) {
        self.size = size
        self.titleLineCount = titleLineCount
        self.isTitleTruncated = isTitleTruncated
        self.titleMinimumSlack = titleMinimumSlack
        self.frames = frames
        self.missingGlyphCount = missingGlyphCount
    }

    /// The frame of the first visible element named `name`.
    public func frame(named name: String) -> ElementFrame? {
        frames.first { $0.name == name }
    }
}
