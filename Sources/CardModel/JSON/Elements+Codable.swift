// The JSON form of each element: the Swift properties key for key, defaults left out.
import TextEngine

extension ImageElement: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, name, aspectRatio, sizing, minHeight, maxHeight, hidesWhenEmpty
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            aspectRatio: try container.decode(.aspectRatio, default: .bookCover),
            sizing: try container.decodeChoice(.sizing, default: .aspectRatio),
            minHeight: try container.decodeIfPresent(Double.self, forKey: .minHeight),
            maxHeight: try container.decodeIfPresent(Double.self, forKey: .maxHeight),
            hidesWhenEmpty: try container.decode(.hidesWhenEmpty, default: false),
            name: try container.decodeIfPresent(String.self, forKey: .name))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encode(aspectRatio, forKey: .aspectRatio)
        if sizing != .aspectRatio { try container.encode(sizing.rawValue, forKey: .sizing) }
        try container.encodeIfPresent(minHeight, forKey: .minHeight)
        try container.encodeIfPresent(maxHeight, forKey: .maxHeight)
        if hidesWhenEmpty { try container.encode(hidesWhenEmpty, forKey: .hidesWhenEmpty) }
    }
}

extension LabelElement: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, name, field, style, maxLines, reserveLines, truncation, hidesWhenEmpty
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            field: try container.decode(CardField.self, forKey: .field),
            style: try container.decode(LabelStyle.self, forKey: .style),
            maxLines: try container.decodeWholeNumber(.maxLines, default: 0),
            reserveLines: try container.decodeWholeNumber(.reserveLines, default: 0),
            truncation: try container.decodeChoice(.truncation, default: .tail),
            hidesWhenEmpty: try container.decode(.hidesWhenEmpty, default: false),
            name: try container.decodeIfPresent(String.self, forKey: .name))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encode(field, forKey: .field)
        try container.encode(style, forKey: .style)
        if maxLines != 0 { try container.encode(maxLines, forKey: .maxLines) }
        if reserveLines != 0 { try container.encode(reserveLines, forKey: .reserveLines) }
        if truncation != .tail { try container.encode(truncation.rawValue, forKey: .truncation) }
        if hidesWhenEmpty { try container.encode(hidesWhenEmpty, forKey: .hidesWhenEmpty) }
    }
}

extension LabelStyle: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case fontSize, language, lineSpacing, lineBreak, profile
        case lineHeight, whiteSpace, wordBreak, overflowWrap, letterSpacing
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            fontSize: try container.decode(Double.self, forKey: .fontSize),
            language: try container.decodeIfPresent(String.self, forKey: .language),
            lineSpacing: try container.decode(.lineSpacing, default: 1),
            lineBreak: try container.decodeChoice(.lineBreak, default: .strict),
            profile: try container.decodeChoice(.profile, default: .uikit),
            css: try container.decodeCSS())
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fontSize, forKey: .fontSize)
        try container.encodeIfPresent(language, forKey: .language)
        if lineSpacing != 1 { try container.encode(lineSpacing, forKey: .lineSpacing) }
        if lineBreak != .strict { try container.encode(lineBreak.rawValue, forKey: .lineBreak) }
        if profile != .uikit { try container.encode(profile.rawValue, forKey: .profile) }
        let initial = CSSText.initial
        if css.lineHeight != initial.lineHeight { try container.encode(css.lineHeight.css, forKey: .lineHeight) }
        if css.whiteSpace != initial.whiteSpace { try container.encode(css.whiteSpace.rawValue, forKey: .whiteSpace) }
        if css.wordBreak != initial.wordBreak { try container.encode(css.wordBreak.rawValue, forKey: .wordBreak) }
        if css.overflowWrap != initial.overflowWrap { try container.encode(css.overflowWrap.rawValue, forKey: .overflowWrap) }
        if css.letterSpacing != initial.letterSpacing { try container.encode("\(css.letterSpacing)px", forKey: .letterSpacing) }
    }
}

extension KeyedDecodingContainer<LabelStyle.CodingKeys> {
    /// The style's CSS properties, each a CSS value as a string (`"lineHeight": "1.5"`), read
    /// as every other door of the engine reads them; an absent key is the initial value.
    fileprivate func decodeCSS() throws -> CSSText {
        let strings = try [LabelStyle.CodingKeys.lineHeight, .whiteSpace, .wordBreak, .overflowWrap, .letterSpacing].map {
            try decodeIfPresent(String.self, forKey: $0)
        }
        do throws(TextEngineError) {
            return try CSSText(
                lineHeight: strings[0], whiteSpace: strings[1], wordBreak: strings[2], overflowWrap: strings[3],
                letterSpacing: strings[4])
        } catch {
            guard case .invalidValue(let field, let reason) = error else { throw error }
            // The engine names the property in snake case; the template's key is camel case.
            let key = LabelStyle.CodingKeys.allCases.first { $0.snakeCase == field } ?? .lineHeight
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: reason)
        }
    }
}

extension LabelStyle.CodingKeys {
    /// The key as the engine's CSS fields spell it (`line_height`).
    fileprivate var snakeCase: String {
        rawValue.reduce(into: "") { name, character in
            if character.isUppercase { name += "_" + character.lowercased() } else { name.append(character) }
        }
    }
}

extension SpacerElement: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, name, height
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            height: try container.decode(Double.self, forKey: .height),
            name: try container.decodeIfPresent(String.self, forKey: .name))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encode(height, forKey: .height)
    }
}

extension RowElement: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, name, spacing, children
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            spacing: try container.decode(.spacing, default: 0),
            children: try container.decode([RowChild].self, forKey: .children),
            name: try container.decodeIfPresent(String.self, forKey: .name))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encode(spacing, forKey: .spacing)
        try container.encode(children, forKey: .children)
    }
}

extension RowChild: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case width, element
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            width: try container.decode(RowChildWidth.self, forKey: .width),
            try container.decode(CardElement.self, forKey: .element))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(width, forKey: .width)
        try container.encode(element, forKey: .element)
    }
}

/// `{"fixed": points}` or `{"fraction": share}`.
extension RowChildWidth: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case fixed, fraction
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch (
            try container.decodeIfPresent(Double.self, forKey: .fixed),
            try container.decodeIfPresent(Double.self, forKey: .fraction)
        ) {
        case (let fixed?, nil): self = .fixed(fixed)
        case (nil, let fraction?): self = .fraction(fraction)
        default:
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected {\"fixed\": points} or {\"fraction\": share}"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .fixed(let width): try container.encode(width, forKey: .fixed)
        case .fraction(let fraction): try container.encode(fraction, forKey: .fraction)
        }
    }
}

/// A ratio is written `"7:10"`.
extension AspectRatio: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let ratio = AspectRatio(parsing: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a ratio \"width:height\" such as \"7:10\", got \"\(text)\"")
        }
        self = ratio
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A field is written by name: `"title"`, `"author"` or any other.
extension CardField: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(name: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
