// The batch request schema, shared with the Pango reference harness.
import JSON

/// One measurement request, one JSON object per line, its members named by ``Field``: `id`,
/// `text`, `fonts`, `size`, `width`, `max_lines`, `ellipsize`, `language`, `line_spacing`,
/// `reserve_lines`, `scale`, `profile`, `line_break`, and the CSS properties the `browser`
/// profile reads, named as the properties in snake case with CSS values as strings
/// (`line_height`, `white_space`, `word_break`, `overflow_wrap`, `letter_spacing`) and
/// `line_clamp`. Any other member is an error naming it. Sizes are pixels at scale 1.
public struct TextRequest: Hashable, Sendable {
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
    /// BCP 47; absent for `en`.
    public var language: String?
    public var lineSpacing: Double?
    public var reserveLines: Int?
    public var scale: Double?
    /// `uikit` or `pango`; absent for the batch's default.
    public var profile: String?
    /// `strict`, `normal`, `loose`, `phrase`, `auto` or `anywhere`; absent for the profile's
    /// default (`auto` in the browser profile, as in CSS; `strict` otherwise).
    public var lineBreak: String?
    /// CSS `line-height`: `normal`, a number such as `1.5`, or px such as `20px`.
    public var lineHeight: String?
    /// CSS `white-space`: `normal`, `pre-wrap`, `pre-line` or `nowrap`.
    public var whiteSpace: String?
    /// CSS `word-break`: `normal`, `break-all` or `keep-all`.
    public var wordBreak: String?
    /// CSS `overflow-wrap`: `normal`, `anywhere` or `break-word`.
    public var overflowWrap: String?
    /// CSS `letter-spacing`: `normal` or px such as `1.5px`.
    public var letterSpacing: String?
    /// CSS `-webkit-line-clamp`: at most this many lines, the last ending in an ellipsis
    /// when text is cut (`max_lines` with `ellipsize`).
    public var lineClamp: Int?

    public init(
        id: JSONValue? = nil, text: String, fonts: [String]? = nil, size: Double, width: Double? = nil,
        maxLines: Int? = nil, ellipsize: Bool? = nil, language: String? = nil, lineSpacing: Double? = nil,
        reserveLines: Int? = nil, scale: Double? = nil, profile: String? = nil, lineBreak: String? = nil,
        lineHeight: String? = nil, whiteSpace: String? = nil, wordBreak: String? = nil, overflowWrap: String? = nil,
        letterSpacing: String? = nil, lineClamp: Int? = nil
    ) {
        self.id = id
        self.text = text
        self.fonts = fonts
        self.size = size
        self.width = width
        self.maxLines = maxLines
        self.ellipsize = ellipsize
        self.language = language
        self.lineSpacing = lineSpacing
        self.reserveLines = reserveLines
        self.scale = scale
        self.profile = profile
        self.lineBreak = lineBreak
        self.lineHeight = lineHeight
        self.whiteSpace = whiteSpace
        self.wordBreak = wordBreak
        self.overflowWrap = overflowWrap
        self.letterSpacing = letterSpacing
        self.lineClamp = lineClamp
    }

    /// The request's members: the one place their names are written. The server, the
    /// command line's errors and the tests name a member through its case; the cases are
    /// in the order of the reader's slots.
    public enum Field: String, CaseIterable, Sendable {
        case id, text, fonts, size, width, ellipsize, language, scale, profile
        case maxLines = "max_lines"
        case lineSpacing = "line_spacing"
        case reserveLines = "reserve_lines"
        case lineBreak = "line_break"
        case lineHeight = "line_height"
        case whiteSpace = "white_space"
        case wordBreak = "word_break"
        case overflowWrap = "overflow_wrap"
        case letterSpacing = "letter_spacing"
        case lineClamp = "line_clamp"

        /// The cases in the order of their slots.
        static let inOrder = allCases

        /// Members by another spelling of the concept (HTML's `lang`): an error for one
        /// names the member to use.
        static let renamed: [String: Field] = ["lang": .language]

        /// The message for a member `name` that is not one of the schema's.
        public static func unknown(_ name: String) -> String {
            guard let field = renamed[name] else { return "\(name): unknown field" }
            return "\(name): unknown field; did you mean \(field.rawValue)?"
        }
    }
}

/// Why a request line could not be read: `message` names the field; `id` is the request's
/// id when the line held one, so the error result can carry it; `field` is the member at
/// fault when it is not one of the schema's.
public struct TextRequestError: Error, Hashable, Sendable {
    public var id: JSONValue?
    public var message: String
    public var field: String?

    public init(id: JSONValue?, message: String, field: String? = nil) {
        self.id = id
        self.message = message
        self.field = field
    }

    static let notAnObject = TextRequestError(id: nil, message: "the line is not a JSON object")
}

extension TextRequest {
    /// Reads a request from one line of JSON (without its newline), strictly (see
    /// ``JSONParser``): a member outside the schema is an error naming it, `null` is an
    /// absent optional field, and the id is kept as written.
    public init(jsonLine line: [UInt8]) throws(TextRequestError) {
        try self.init(jsonLine: line[...])
    }

    /// Reads a request from one line of JSON (see ``init(jsonLine:)-([UInt8])``).
    public init(jsonLine line: ArraySlice<UInt8>) throws(TextRequestError) {
        var memo = LineMemo()
        try self.init(jsonLine: line, memo: &memo)
    }

    /// What the lines read before had that the next is likely to repeat: the bytes of their
    /// `fonts` and the list read from them, so that a run of lines naming the same fonts
    /// shares one list (and a batch can look its chain up once).
    struct LineMemo {
        var fonts = JSONFieldMemo<[String]>()
    }

    /// Reads a request from one line of JSON as ``init(jsonLine:)-([UInt8])`` does, reusing
    /// what `memo` holds from the lines read before: the same request either way.
    init(jsonLine line: ArraySlice<UInt8>, memo: inout LineMemo) throws(TextRequestError) {
        // Most lines are plain: read in one pass; any other goes through the general reader.
        if let request = line.withUnsafeBufferPointer({ Self.plainLine($0, fontsMemo: memo.fonts) }) {
            self = request
            return
        }
        var fields = RequestFields()
        do {
            let others = try JSONParser.readObject(line, slot: RequestFields.slot) { slot, parser throws(JSONSyntaxError) in
                try fields.read(Field.inOrder[slot], from: &parser, fontsMemo: &memo.fonts)
            }
            guard let others else { throw TextRequestError.notAnObject }
            fields.unknown = others.min()
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
        try self.init(fields: fields)
    }

    /// Reads a request from a JSON value already parsed, such as an element of a JSON array
    /// of requests: as ``init(jsonLine:)-([UInt8])`` reads the same object written on a line.
    public init(value: JSONValue) throws(TextRequestError) {
        guard case .object(let object) = value else { throw TextRequestError.notAnObject }
        var fields = RequestFields()
        var noMemo = JSONFieldMemo<[String]>()  // a parsed value reads itself
        for (key, value) in object {
            var key = key, value = value
            if let slot = key.withUTF8(RequestFields.slot) {
                fields.read(Field.inOrder[slot], from: &value, fontsMemo: &noMemo)
            } else if fields.unknown.map({ key < $0 }) ?? true {
                fields.unknown = key
            }
        }
        try self.init(fields: fields)
    }

    /// The fields are moved out of `fields`, not copied: each payload keeps its one
    /// reference (a copy retained every string and array, and released it again).
    private init(fields: consuming RequestFields) throws(TextRequestError) {
        let id: JSONValue? = if case .null? = fields.id { nil } else { fields.id.take() }
        // A member outside the schema first (the least in name order, as a dictionary of
        // members has no order), whatever the others hold.
        if let unknown = fields.unknown { throw TextRequestError(id: id, message: Field.unknown(unknown), field: unknown) }
        func required<Value>(_ key: Field, _ field: JSONField<Value>?) throws(TextRequestError) -> Value {
            guard let field else { throw TextRequestError(id: id, message: "\(key.rawValue): missing") }
            guard case .value(let value) = field else { throw mismatch(key, Value.self) }
            return value
        }
        func optional<Value>(_ key: Field, _ field: JSONField<Value>?) throws(TextRequestError) -> Value? {
            switch field {
            case nil, .null?: return nil
            case .value(let value)?: return value
            case .mismatch?: throw mismatch(key, Value.self)
            }
        }
        func mismatch<Value>(_ key: Field, _: Value.Type) -> TextRequestError {
            let expected = switch Value.self {
            case is String.Type: "a string"
            case is Double.Type: "a number"
            case is Int.Type: "a whole number"
            case is Bool.Type: "true or false"
            default: "an array of strings"
            }
            return TextRequestError(id: id, message: "\(key.rawValue): expected \(expected)")
        }
        // Checked in the schema's order, so that the first bad field named is the first in it.
        try self.init(
            id: id, text: required(.text, fields.text.take()), fonts: optional(.fonts, fields.fonts.take()),
            size: required(.size, fields.size), width: optional(.width, fields.width),
            maxLines: optional(.maxLines, fields.maxLines), ellipsize: optional(.ellipsize, fields.ellipsize),
            language: optional(.language, fields.language.take()), lineSpacing: optional(.lineSpacing, fields.lineSpacing),
            reserveLines: optional(.reserveLines, fields.reserveLines), scale: optional(.scale, fields.scale),
            profile: optional(.profile, fields.profile.take()), lineBreak: optional(.lineBreak, fields.lineBreak.take()),
            lineHeight: optional(.lineHeight, fields.lineHeight.take()),
            whiteSpace: optional(.whiteSpace, fields.whiteSpace.take()),
            wordBreak: optional(.wordBreak, fields.wordBreak.take()),
            overflowWrap: optional(.overflowWrap, fields.overflowWrap.take()),
            letterSpacing: optional(.letterSpacing, fields.letterSpacing.take()),
            lineClamp: optional(.lineClamp, fields.lineClamp))
    }
}

/// A request object's fields as read, each in its field's type (nil: no such key), before
/// they are checked: read from a line's bytes or from a parsed value by the same code.
struct RequestFields {
    typealias Field = TextRequest.Field
    var id: JSONValue?
    var text, language, profile, lineBreak: JSONField<String>?
    var lineHeight, whiteSpace, wordBreak, overflowWrap, letterSpacing: JSONField<String>?
    var fonts: JSONField<[String]>?
    var size, width, lineSpacing, scale: JSONField<Double>?
    var maxLines, reserveLines, lineClamp: JSONField<Int>?
    var ellipsize: JSONField<Bool>?
    /// The least in name order of the members outside the schema.
    var unknown: String?

    /// The schema's keys as UTF-8, in slot order.
    private static let keyBytes = Field.inOrder.map { Array($0.rawValue.utf8) }

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

    mutating func read<Reader: JSONFieldReader>(
        _ key: Field, from reader: inout Reader, fontsMemo: inout JSONFieldMemo<[String]>
    ) throws(Reader.Failure) {
        switch key {
        case .id: id = try reader.readValue()
        case .text: text = try reader.readString()
        case .fonts: fonts = try reader.readStrings(memo: &fontsMemo)
        case .size: size = try reader.readDouble()
        case .width: width = try reader.readDouble()
        case .maxLines: maxLines = try reader.readInteger()
        case .ellipsize: ellipsize = try reader.readBool()
        case .language: language = try reader.readString()
        case .lineSpacing: lineSpacing = try reader.readDouble()
        case .reserveLines: reserveLines = try reader.readInteger()
        case .scale: scale = try reader.readDouble()
        case .profile: profile = try reader.readString()
        case .lineBreak: lineBreak = try reader.readString()
        case .lineHeight: lineHeight = try reader.readString()
        case .whiteSpace: whiteSpace = try reader.readString()
        case .wordBreak: wordBreak = try reader.readString()
        case .overflowWrap: overflowWrap = try reader.readString()
        case .letterSpacing: letterSpacing = try reader.readString()
        case .lineClamp: lineClamp = try reader.readInteger()
        }
    }
}

/// One result line: the measurement, or `error` naming what was wrong with the request.
public struct TextResult: Hashable, Sendable {
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
}

extension TextRequest {
    /// Appends the request as a JSON object: its members in ``Field``'s order, absent fields
    /// left out; ``init(jsonLine:)-([UInt8])`` reads the object back to this request.
    public func appendJSON(to bytes: inout [UInt8]) {
        var object = JSONObjectWriter()
        for field in Field.allCases {
            let key = field.rawValue
            switch field {
            case .id: if let id { object.json(key, id.json) }
            case .text: object.string(key, text)
            case .fonts: if let fonts { object.json(key, JSONValue.array(fonts.map(JSONValue.string)).json) }
            case .size: object.number(key, size)
            case .width: if let width { object.number(key, width) }
            case .maxLines: if let maxLines { object.integer(key, maxLines) }
            case .ellipsize: if let ellipsize { object.bool(key, ellipsize) }
            case .language: if let language { object.string(key, language) }
            case .lineSpacing: if let lineSpacing { object.number(key, lineSpacing) }
            case .reserveLines: if let reserveLines { object.integer(key, reserveLines) }
            case .scale: if let scale { object.number(key, scale) }
            case .profile: if let profile { object.string(key, profile) }
            case .lineBreak: if let lineBreak { object.string(key, lineBreak) }
            case .lineHeight: if let lineHeight { object.string(key, lineHeight) }
            case .whiteSpace: if let whiteSpace { object.string(key, whiteSpace) }
            case .wordBreak: if let wordBreak { object.string(key, wordBreak) }
            case .overflowWrap: if let overflowWrap { object.string(key, overflowWrap) }
            case .letterSpacing: if let letterSpacing { object.string(key, letterSpacing) }
            case .lineClamp: if let lineClamp { object.integer(key, lineClamp) }
            }
        }
        object.append(to: &bytes)
    }

    /// The request as a line of JSON Lines (see ``appendJSON(to:)``), its line feed included.
    public var jsonLine: [UInt8] {
        var bytes: [UInt8] = []
        appendJSON(to: &bytes)
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}

extension JSONValue {
    /// The value as JSON (see ``appendJSON(to:)``).
    fileprivate var json: [UInt8] {
        var bytes: [UInt8] = []
        appendJSON(to: &bytes)
        return bytes
    }
}
