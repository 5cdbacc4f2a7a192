// The batch request schema, shared with the Pango reference harness.

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

    enum CodingKeys: String, CodingKey {
        case id, text, fonts, size, width, ellipsize, lang, scale, profile
        case maxLines = "max_lines"
        case lineSpacing = "line_spacing"
        case reserveLines = "reserve_lines"
        case lineBreak = "line_break"
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
