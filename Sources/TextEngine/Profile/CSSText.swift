// The CSS properties the browser profile lays text out with.

/// The CSS text properties of the block the ``MetricsProfile/browser`` profile reproduces,
/// each at its initial value unless set; the `uikit` and `pango` profiles do not read them.
/// `line-break` is the style's ``TextStyle/lineBreak``; a line clamp is the measurement's
/// line limit with an ellipsis.
public struct CSSText: Sendable, Hashable {
    /// `line-height`.
    public enum LineHeight: Sendable, Hashable {
        /// From each used font's ascent, descent and line gap; fallback fonts grow the line.
        case normal
        /// A multiple of the font size.
        case number(Double)
        /// A length in px.
        case pixels(Double)
    }

    /// `white-space`.
    public enum WhiteSpace: String, Sendable, Hashable, CaseIterable, Codable {
        case normal
        case preWrap = "pre-wrap"
        case preLine = "pre-line"
        case nowrap
    }

    /// `word-break`.
    public enum WordBreak: String, Sendable, Hashable, CaseIterable, Codable {
        case normal
        case breakAll = "break-all"
        case keepAll = "keep-all"
    }

    /// `overflow-wrap`.
    public enum OverflowWrap: String, Sendable, Hashable, CaseIterable, Codable {
        case normal
        case anywhere
        case breakWord = "break-word"
    }

    public var lineHeight: LineHeight
    public var whiteSpace: WhiteSpace
    public var wordBreak: WordBreak
    public var overflowWrap: OverflowWrap
    /// `letter-spacing` in px, added after every grapheme cluster.
    public var letterSpacing: Double

    public init(
        lineHeight: LineHeight = .normal, whiteSpace: WhiteSpace = .normal, wordBreak: WordBreak = .normal,
        overflowWrap: OverflowWrap = .normal, letterSpacing: Double = 0
    ) {
        self.lineHeight = lineHeight
        self.whiteSpace = whiteSpace
        self.wordBreak = wordBreak
        self.overflowWrap = overflowWrap
        self.letterSpacing = letterSpacing
    }

    /// Every property at its initial value.
    public static let initial = CSSText()

    /// The properties mixed into a number for cache keys: 0 for ``initial``, so that styles
    /// without CSS hash as they always did.
    var digest: UInt64 {
        guard self != .initial else { return 0 }
        var hasher = Hasher()
        hash(into: &hasher)
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }
}

extension CSSText.LineHeight {
    /// Reads a CSS `line-height` value: `normal`, a number (`1.5`) or a length in px (`20px`),
    /// the numbers written as digits with an optional fraction.
    public init?(css value: String) {
        if value == "normal" {
            self = .normal
        } else if value.hasSuffix("px"), let pixels = CSSText.decimal(value.dropLast(2)) {
            self = .pixels(pixels)
        } else if let number = CSSText.decimal(value[...]) {
            self = .number(number)
        } else {
            return nil
        }
    }

    /// The value as CSS writes it.
    public var css: String {
        switch self {
        case .normal: "normal"
        case .number(let number): "\(number)"
        case .pixels(let pixels): "\(pixels)px"
        }
    }
}

extension CSSText {
    /// The properties from their CSS values as strings (nil: the initial value), as every
    /// door reads them. Throws naming the field in snake case and the values it takes.
    public init(
        lineHeight: String?, whiteSpace: String?, wordBreak: String?, overflowWrap: String?, letterSpacing: String?
    ) throws(TextEngineError) {
        self.init()
        if let lineHeight {
            guard let value = LineHeight(css: lineHeight) else {
                throw .invalidValue(
                    field: "line_height", reason: "expected normal, a number such as 1.5 or px such as 20px, got '\(lineHeight)'")
            }
            self.lineHeight = value
        }
        self.whiteSpace = try Self.keyword(whiteSpace, field: "white_space", default: .normal)
        self.wordBreak = try Self.keyword(wordBreak, field: "word_break", default: .normal)
        self.overflowWrap = try Self.keyword(overflowWrap, field: "overflow_wrap", default: .normal)
        if let letterSpacing, letterSpacing != "normal" {
            let isPixels = letterSpacing.hasSuffix("px")
            let number = isPixels ? letterSpacing.dropLast(2) : letterSpacing[...]
            let magnitude = number.first == "-" ? CSSText.decimal(number.dropFirst()) : CSSText.decimal(number)
            guard let magnitude, isPixels || letterSpacing == "0" else {
                throw .invalidValue(field: "letter_spacing", reason: "expected normal or px such as 1.5px, got '\(letterSpacing)'")
            }
            self.letterSpacing = number.first == "-" ? -magnitude : magnitude
        }
    }

    /// A number written as the OpenAPI document's patterns say: one to four ASCII digits, and
    /// a fraction of digits after a point (no sign, exponent or spelled-out infinity), so
    /// under ``TextStyle/maximumSize``.
    static func decimal(_ text: Substring) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        guard parts.allSatisfy(isDigits), parts[0].count <= 4, let value = Double(text) else { return nil }
        return value
    }

    private static func keyword<Value: RawRepresentable & CaseIterable>(
        _ value: String?, field: String, default initial: Value
    ) throws(TextEngineError) -> Value where Value.RawValue == String {
        guard let value else { return initial }
        guard let keyword = Value(rawValue: value) else {
            let values = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidValue(field: field, reason: "expected one of \(values), got '\(value)'")
        }
        return keyword
    }
}
