// The JSON form of templates: the template, its element list and its insets.
import Geometry

extension CardTemplate: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case insets, spacing, elements
    }

    /// Decodes a template; absent `insets` and `spacing` are 0. Values are not range-checked
    /// here: ``init(json:)`` also validates, with errors named by path.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            insets: try container.decodeIfPresent(InsetsCoding.self, forKey: .insets)?.insets ?? .zero,
            spacing: try container.decode(.spacing, default: 0),
            elements: try container.decode([CardElement].self, forKey: .elements))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(insets, forKey: .insets)
        try container.encode(spacing, forKey: .spacing)
        try container.encode(elements, forKey: .elements)
    }
}

/// Insets in JSON: `{"top", "left", "bottom", "right"}`, each 0 when absent.
private struct InsetsCoding: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case top, left, bottom, right
    }

    let insets: EdgeInsets

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        insets = EdgeInsets(
            top: try container.decode(.top, default: 0), left: try container.decode(.left, default: 0),
            bottom: try container.decode(.bottom, default: 0), right: try container.decode(.right, default: 0))
    }
}

extension CardElement: Codable {
    private enum TypeKey: String, CodingKey {
        case type
    }

    /// Decodes an element by its `type`: `image`, `label`, `spacer` or `row`.
    public init(from decoder: any Decoder) throws {
        let kind: CardElementKind = try decoder.container(keyedBy: TypeKey.self).decodeChoice(.type)
        switch kind {
        case .image: self = .image(try ImageElement(from: decoder))
        case .label: self = .label(try LabelElement(from: decoder))
        case .spacer: self = .spacer(try SpacerElement(from: decoder))
        case .row: self = .row(try RowElement(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TypeKey.self)
        try container.encode(kind.rawValue, forKey: .type)
        switch self {
        case .image(let image): try image.encode(to: encoder)
        case .label(let label): try label.encode(to: encoder)
        case .spacer(let spacer): try spacer.encode(to: encoder)
        case .row(let row): try row.encode(to: encoder)
        }
    }
}
