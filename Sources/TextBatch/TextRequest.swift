// The batch request schema, shared with the Pango reference harness.
import JSON

/// One measurement request, one JSON object per line:
/// `{"id", "text", "fonts", "size", "width", "max_lines", "ellipsize", "lang", "line_spacing"}`
/// plus this engine's own optional fields `reserve_lines`, `scale`, `profile` and
/// `line_break`. Sizes are pixels at scale 1.
public struct TextRequest: Codable, Hashable, Sendable {
    public var id: JSONValue?
    public var text: String
    /// Font files, `path.ttc#N` for a face of a collection; absent for the bundled chain.
    public var fonts: [String]?
    public var size: Double
    /// The line width; 0 or absent for no wrapping.
    public var width: Double?
    /// The most lines, 0 or absent for no limit.
    public var maxLines: Int?
    /// Whether a truncated last line ends in "…" (default true).
    public var ellipsize: Bool?
    public var lang: String?
    public var lineSpacing: Double?
    public var reserveLines: Int?
    public var scale: Double?
    /// `uikit` or `pango`; absent for the batch's default.
    public var profile: String?
    /// `strict`, `normal` or `loose`.
    public var lineBreak: String?

    public init(
        id: JSONValue? = nil, text: String, fonts: [String]? = nil, size: Double, width: Double? = nil,
        maxLines: Int? = nil, ellipsize: Bool? = nil, lang: String? = nil, lineSpacing: Double? = nil,
        reserveLines: Int? = nil, scale: Double? = nil, profile: String? = nil, lineBreak: String? = nil
    ) {
        self.id = id
        self.text = text
        self.fonts = fonts
        self.size = size
        self.width = width
        self.maxLines = maxLines
        self.ellipsize = ellipsize
        self.lang = lang
        self.lineSpacing = lineSpacing
        self.reserveLines = reserveLines
        self.scale = scale
        self.profile = profile
        self.lineBreak = lineBreak
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, text, fonts, size, width, ellipsize, lang, scale, profile
        case maxLines = "max_lines"
        case lineSpacing = "line_spacing"
        case reserveLines = "reserve_lines"
        case lineBreak = "line_break"

        /// The keys in the order of their slots.
        static let inOrder = allCases

        /// The key's place in ``inOrder``.
        var slot: Int { Self.inOrder.firstIndex(of: self)! }
    }
}

/// Why a request line could not be read: `message` names the field; `id` is the request's
/// id when the line held one, so the error result can carry it.
public struct TextRequestError: Error, Hashable, Sendable {
    public var id: JSONValue?
    public var message: String

    static let notAnObject = TextRequestError(id: nil, message: "the line is not a JSON object")
}

extension TextRequest {
    /// Reads a request from one line of JSON (without its newline), strictly (see
    /// ``JSONParser``); keys outside the schema are ignored, `null` is an absent optional
    /// field, and the id is kept as written.
    public init(jsonLine line: [UInt8]) throws(TextRequestError) {
        try self.init(jsonLine: line[...])
    }

    /// Reads a request from one line of JSON (see ``init(jsonLine:)-([UInt8])``).
    public init(jsonLine line: ArraySlice<UInt8>) throws(TextRequestError) {
        let values: [JSONValue?]
        do {
            guard let object = try JSONParser.values(ofObject: line, slots: Key.inOrder.count, slot: RequestFields.slot)
            else { throw TextRequestError.notAnObject }
            values = object
        } catch let error as JSONSyntaxError {
            guard String(validating: line, as: UTF8.self) != nil else {
                throw TextRequestError(id: nil, message: "the line is not valid UTF-8")
            }
            throw TextRequestError(id: nil, message: "the line is not valid JSON: \(error)")
        } catch let error as TextRequestError {
            throw error
        } catch {
            throw TextRequestError(id: nil, message: "\(error)")
        }
        try self.init(fields: RequestFields(values: values))
    }

    /// Reads a request from a JSON value already parsed, such as an element of a JSON array
    /// of requests: as ``init(jsonLine:)-([UInt8])`` reads the same object written on a line.
    public init(value: JSONValue) throws(TextRequestError) {
        guard case .object(let object) = value else { throw TextRequestError.notAnObject }
        var values = [JSONValue?](repeating: nil, count: Key.inOrder.count)
        for (key, value) in object {
            var key = key
            if let slot = key.withUTF8(RequestFields.slot) { values[slot] = value }
        }
        try self.init(fields: RequestFields(values: values))
    }

    private typealias Key = CodingKeys

    private init(fields: RequestFields) throws(TextRequestError) {
        try self.init(
            id: fields.id, text: fields.required(.text, RequestFields.string),
            fonts: fields.optional(.fonts, RequestFields.strings), size: fields.required(.size, RequestFields.number),
            width: fields.optional(.width, RequestFields.number), maxLines: fields.optional(.maxLines, RequestFields.integer),
            ellipsize: fields.optional(.ellipsize, RequestFields.bool), lang: fields.optional(.lang, RequestFields.string),
            lineSpacing: fields.optional(.lineSpacing, RequestFields.number),
            reserveLines: fields.optional(.reserveLines, RequestFields.integer),
            scale: fields.optional(.scale, RequestFields.number), profile: fields.optional(.profile, RequestFields.string),
            lineBreak: fields.optional(.lineBreak, RequestFields.string))
    }
}

/// A request object's values by key, read field by field in the schema's order so that the
/// first bad field named is the first in the schema.
private struct RequestFields {
    typealias Key = TextRequest.CodingKeys
    /// In ``Key``'s order: each key's value, nil when the object has no such key.
    let values: [JSONValue?]
    let id: JSONValue?

    /// The schema's keys as UTF-8, in slot order.
    private static let keyBytes = Key.inOrder.map { Array($0.rawValue.utf8) }

    /// The place of the key spelled by `utf8` among the schema's keys; nil for another key.
    /// Comparing bytes is comparing strings here: the keys are ASCII letters and `_`, which
    /// no other sequence of characters is canonically equivalent to.
    static func slot(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        search: for (slot, key) in keyBytes.enumerated() where key.count == utf8.count {
            for index in key.indices where key[index] != utf8[index] { continue search }
            return slot
        }
        return nil
    }

    init(values: [JSONValue?]) {
        self.values = values
        let id = values[Key.id.slot]
        if case .null? = id { self.id = nil } else { self.id = id }
    }

    private func value(of key: Key) -> JSONValue? { values[key.slot] }

    func required<Value>(_ key: Key, _ read: (JSONValue) -> Value?) throws(TextRequestError) -> Value {
        guard let value = value(of: key) else { throw failure(key.rawValue, "missing") }
        return try convert(key.rawValue, value, read)
    }

    func optional<Value>(_ key: Key, _ read: (JSONValue) -> Value?) throws(TextRequestError) -> Value? {
        guard let value = value(of: key) else { return nil }
        if case .null = value { return nil }
        return try convert(key.rawValue, value, read)
    }

    private func convert<Value>(_ key: String, _ value: JSONValue, _ read: (JSONValue) -> Value?) throws(TextRequestError) -> Value {
        guard let converted = read(value) else { throw failure(key, "expected \(Self.expected(Value.self))") }
        return converted
    }

    private func failure(_ key: String, _ message: String) -> TextRequestError {
        TextRequestError(id: id, message: "\(key): \(message)")
    }

    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type: "a number"
        case is Int.Type: "a whole number"
        case is Bool.Type: "true or false"
        default: "an array of strings"
        }
    }

    static func string(_ value: JSONValue) -> String? {
        if case .string(let text) = value { text } else { nil }
    }

    static func number(_ value: JSONValue) -> Double? {
        if case .number(let number) = value { number.doubleValue } else { nil }
    }

    static func integer(_ value: JSONValue) -> Int? {
        if case .number(let number) = value { number.integerValue } else { nil }
    }

    static func bool(_ value: JSONValue) -> Bool? {
        if case .bool(let flag) = value { flag } else { nil }
    }

    static func strings(_ value: JSONValue) -> [String]? {
        guard case .array(let elements) = value else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for element in elements {
            guard case .string(let text) = element else { return nil }
            strings.append(text)
        }
        return strings
    }
}

/// One result line: the measurement, or `error` naming what was wrong with the request.
public struct TextResult: Codable, Hashable, Sendable {
    public var id: JSONValue?
    public var lines: Int?
    /// Each line's start, in Unicode scalars (code points) from the start of the text.
    public var starts: [Int]?
    public var widths: [Double]?
    public var heights: [Double]?
    public var height: Double?
    public var truncated: Bool?
    public var naturalWidth: Double?
    /// Each line's slack in px; null where no other break was possible (no width limit).
    public var slack: [Double?]?
    /// How many characters no font of the chain has (measured as `.notdef` boxes), and the
    /// first as `U+XXXX`; both absent when there is none, so other results keep their bytes.
    public var missingGlyphs: Int?
    public var firstMissingGlyph: String?
    public var error: String?
    /// For a catalog record that could not be read: its line in the file and the field.
    public var line: Int?
    public var field: String?

    public init(id: JSONValue?, error: String, line: Int? = nil, field: String? = nil) {
        self.id = id
        self.error = error
        self.line = line
        self.field = field
    }

    enum CodingKeys: String, CodingKey {
        case id, lines, starts, widths, heights, height, truncated, slack, error, line, field
        case naturalWidth = "natural_width"
        case missingGlyphs = "missing_glyphs"
        case firstMissingGlyph = "first_missing_glyph"
    }
}
