// The text style: what a label's text is measured with.

/// How strictly Japanese (and other CJK) line-breaking rules apply, as in CSS `line-break`
/// and ICU's `@lb=` keyword.
public enum LineBreakStrictness: String, Sendable, Hashable, CaseIterable, Codable {
    /// Kinsoku: no line starts with 、。」ー or small kana; none ends with 「.
    case strict
    /// Small kana and ー may start a line.
    case normal
    /// Also allows breaks before some iteration marks and hyphens.
    case loose
    /// Japanese broken only between phrases (`窓ぎわの|トット|ちゃんは`), as ICU's `lw=phrase`
    /// and CSS `word-break: auto-phrase` do, with the strict rules; a phrase wider than the
    /// line breaks where the strict rules allow inside it. Other languages break as `strict`.
    case phrase
    /// ICU's default rules for the language, with no strictness asked for (CSS `auto`).
    case auto
    /// A line may break between any two grapheme clusters (CSS `anywhere`).
    case anywhere
}

/// Which reference system's line metrics to reproduce.
public enum MetricsProfile: String, Sendable, Hashable, CaseIterable, Codable {
    /// UILabel: every line is the primary font's ascender − descender tall (no line gap;
    /// fallback fonts never change it); the height is rounded up to the pixel grid.
    case uikit
    /// Pango 1.50: a line is as tall as the union of its runs' ascender-to-descender
    /// extents, so a fallback font with a taller ascent makes the line taller; fractional.
    case pango
    /// Headless Chromium laying the text out in a block `<div>` of the width, with the
    /// style's ``CSSText`` properties: Blink's break rules, glyph advances as its FreeType
    /// and HarfBuzz setup gives them, widths in CSS layout units (1/64 px), CSS line boxes.
    case browser
}

/// The font chain, size and language a text is measured with.
///
/// ```swift
/// var style = TextStyle(fonts: try BundledFonts.chain(), size: TextStyle.standardSize)
/// style.language = "ja"
/// ```
public struct TextStyle: Sendable, Hashable {
    /// Primary font and fallbacks.
    public var fonts: FontChain
    /// Font size in points (pixels at scale 1).
    public var size: Double
    /// The display scale (1, 2, 3): heights round up to its pixel grid in the UIKit profile.
    public var displayScale: Double
    /// BCP 47 language tag (`en`, `ja`, …): selects line-breaking tailoring and shaping.
    public var language: String
    /// Line height multiplier (UIKit's `lineHeightMultiple`; Pango's line spacing factor).
    public var lineSpacing: Double
    public var lineBreak: LineBreakStrictness
    public var profile: MetricsProfile
    /// The CSS properties the browser profile reads.
    public var css: CSSText

    public init(
        fonts: FontChain, size: Double, displayScale: Double = 1, language: String = "en",
        lineSpacing: Double = 1, lineBreak: LineBreakStrictness = .strict, profile: MetricsProfile = .uikit,
        css: CSSText = .initial
    ) {
        self.fonts = fonts
        self.size = size
        self.displayScale = displayScale
        self.language = language
        self.lineSpacing = lineSpacing
        self.lineBreak = lineBreak
        self.profile = profile
        self.css = css
    }

    /// The largest ``size``, ``displayScale`` and ``lineSpacing`` a style may have (each
    /// must also be more than 0): callers check their own inputs against them, so that a bad
    /// value is named where it was given.
    public static let maximumSize = 10_000.0
    /// The size every door sets text in when none is given: UIKit's body text, 17 pt.
    public static let standardSize = 17.0
    public static let maximumDisplayScale = 16.0
    /// The smallest ``displayScale``: a pixel of ten points. Below it the pixel grid stops
    /// meaning anything (at `1e-300`, every height rounded to 0).
    public static let minimumDisplayScale = 0.1
    public static let maximumLineSpacing = 100.0

    /// Checks every numeric field; the error names the field.
    func validate() throws(TextEngineError) {
        guard size.isFinite, size > 0, size <= Self.maximumSize else {
            throw .invalidValue(field: "size", reason: "must be a finite number in (0, 10000], got \(size)")
        }
        if let problem = Self.displayScaleProblem(displayScale) { throw .invalidValue(field: "displayScale", reason: problem) }
        guard lineSpacing.isFinite, lineSpacing > 0, lineSpacing <= Self.maximumLineSpacing else {
            throw .invalidValue(field: "lineSpacing", reason: "must be in (0, 100], got \(lineSpacing)")
        }
    }

    /// Why `scale` is not a display scale, in words that follow its name ("must be …, got
    /// …"); nil when it is one, from ``minimumDisplayScale`` up to ``maximumDisplayScale``.
    public static func displayScaleProblem(_ scale: Double) -> String? {
        scale >= minimumDisplayScale && scale <= maximumDisplayScale ? nil : "must be in [0.1, 16], got \(scale)"
    }

    /// The profile's answers at every decision point, for this style's CSS properties.
    var policy: ProfilePolicy { ProfilePolicy(profile: profile, css: css) }

    /// The ICU locale for line breaking, such as `ja@lb=strict` or `ja@lb=strict;lw=phrase`;
    /// `ja` for the language's default rules (`auto`, and `anywhere`, which ICU only
    /// supplements). Of the language's bounded form (``LanguageTag/bounded(_:)``), `en` for none.
    var lineBreakLocale: String {
        let bounded = LanguageTag.bounded(language)
        let locale = bounded.isEmpty ? "en" : String(bounded.map { $0 == "-" ? "_" : $0 })
        switch lineBreak {
        case .phrase: return "\(locale)@lb=strict;lw=phrase"
        case .auto, .anywhere: return locale
        case .strict, .normal, .loose: return "\(locale)@lb=\(lineBreak.rawValue)"
        }
    }
}
