// Card templates: what a card is made of, top to bottom.
import Geometry

/// A card: a vertical stack of elements inside container insets, with a fixed spacing
/// between neighbouring visible elements.
///
/// A template does what Auto Layout does for the book-search card's cell without a constraint solver:
/// ``CardMeasurer`` gives, for a width, the smallest height that satisfies its rules,
///
///     insets.top + Σ visible element heights + spacing × (visible elements − 1) + insets.bottom
///
/// rounded up to the display's pixel grid. Elements are laid out at the content width
/// (`width − insets.left − insets.right`).
///
/// Write a template in Swift:
///
/// ```swift
/// let card = CardTemplate(insets: EdgeInsets(all: 8), spacing: 4) {
///     ImageElement(aspectRatio: .bookCover)
///     LabelElement(field: .title, style: LabelStyle(fontSize: 15), maxLines: 2, reserveLines: 2)
///     LabelElement(field: .author, style: LabelStyle(fontSize: 13), maxLines: 1, hidesWhenEmpty: true)
/// }
/// ```
///
/// or in JSON, with ``init(json:)`` (the schema is in `Templates/README.md`). The built-in
/// ``book`` is the book-search card.
public struct CardTemplate: Hashable, Sendable {
    public var insets: EdgeInsets
    /// The vertical gap between neighbouring visible elements.
    public var spacing: Double
    public var elements: [CardElement]

    /// A template of `elements`, top to bottom; values are checked by ``validate()``.
    public init(insets: EdgeInsets = .zero, spacing: Double = 0, elements: [CardElement]) {
        self.insets = insets
        self.spacing = spacing
        self.elements = elements
    }

    /// A template of the elements the closure lists, top to bottom (`if`, `else` and `for`
    /// allowed); values are checked by ``validate()``.
    public init(insets: EdgeInsets = .zero, spacing: Double = 0, @CardElementBuilder elements: () -> [CardElement]) {
        self.init(insets: insets, spacing: spacing, elements: elements())
    }
}
