// Card elements: the one type a template's stack holds, and the builder that writes it.

/// One element of a card template's vertical stack (or of a row).
public enum CardElement: Hashable, Sendable {
    case image(ImageElement)
    case label(LabelElement)
    case spacer(SpacerElement)
    case row(RowElement)

    public var kind: CardElementKind {
        switch self {
        case .image: .image
        case .label: .label
        case .spacer: .spacer
        case .row: .row
        }
    }

    /// The name the element's frame reports: its own name, else a default (`image`, the
    /// label's field name, `spacer`, `row`).
    public var name: String {
        switch self {
        case .image(let image): image.name ?? "image"
        case .label(let label): label.name ?? label.field.name
        case .spacer(let spacer): spacer.name ?? "spacer"
        case .row(let row): row.name ?? "row"
        }
    }
}

/// A value that can stand in a card template: each element type and ``CardElement`` itself.
public protocol CardElementConvertible {
    var cardElement: CardElement { get }
}

extension CardElement: CardElementConvertible {
    public var cardElement: CardElement { self }
}

extension ImageElement: CardElementConvertible {
    public var cardElement: CardElement { .image(self) }
}

extension LabelElement: CardElementConvertible {
    public var cardElement: CardElement { .label(self) }
}

extension SpacerElement: CardElementConvertible {
    public var cardElement: CardElement { .spacer(self) }
}

extension RowElement: CardElementConvertible {
    public var cardElement: CardElement { .row(self) }
}

/// Builds a template's element list from a closure of elements, with `if`, `if`/`else`
/// and `for` as in SwiftUI.
@resultBuilder
public enum CardElementBuilder {
    public static func buildExpression(_ element: some CardElementConvertible) -> [CardElement] {
        [element.cardElement]
    }

    public static func buildBlock(_ parts: [CardElement]...) -> [CardElement] { parts.flatMap { $0 } }

    public static func buildOptional(_ part: [CardElement]?) -> [CardElement] { part ?? [] }

    public static func buildEither(first part: [CardElement]) -> [CardElement] { part }

    public static func buildEither(second part: [CardElement]) -> [CardElement] { part }

    public static func buildArray(_ parts: [[CardElement]]) -> [CardElement] { parts.flatMap { $0 } }
}
