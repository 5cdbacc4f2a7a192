// A metrics profile as one policy: the answer of the reference system it reproduces at each
// decision where text stacks differ. The engine consults these answers and never the profile.

/// What a ``MetricsProfile`` decides, one field per decision point. The engine's stages read
/// the field they need (the line filler asks how white space hangs, the line heights ask
/// which metrics stack), so a profile is a row of answers, not branches spread through the
/// engine. `docs/profiles.md` has the table of every decision for every profile and the
/// source each answer follows.
struct ProfilePolicy: Hashable, Sendable {
    /// Where a line may end.
    enum BreakRules: Hashable, Sendable {
        /// UAX #14 as ICU tailors it for the language and the strictness (`@lb=`).
        case icu
        /// ICU's opportunities with Pango 1.50's own `break.c` differences (a hyphen that
        /// starts a word, a number after a separator, quotation marks next to CJK) and the
        /// hyphens it inserts where it breaks inside a word.
        case pango
        /// Blink's `LazyLineBreakIterator`: its own pair table where both characters are
        /// Latin-1, a break after every run of spaces and never before one, ICU elsewhere;
        /// with `word-break` and `line-break: anywhere` as Blink applies them.
        case blink(CSSText.WordBreak)
    }

    /// How each glyph's advance is found.
    enum GlyphAdvances: Hashable, Sendable {
        /// HarfBuzz's own (hb-ot) advances: the font's units scaled, unhinted.
        case harfBuzz
        /// FreeType's linear advance (`linearHoriAdvance`, 16.16 px from the size in 26.6),
        /// which Skia hands Blink's HarfBuzz fonts with subpixel positioning.
        case freeTypeLinear
    }

    /// How line widths are compared and reported.
    enum LineWidths: Hashable, Sendable {
        /// In font units as they are.
        case exact
        /// In CSS layout units (1/64 px): the available width truncated to them, each line's
        /// width rounded up to them (Blink's `LayoutUnit::FromFloatCeil`), and a line fits
        /// when it is at most one layout unit wider than the width (`AvailableWidthToFit`,
        /// Blink's allowance for rounding).
        case layoutUnits
    }

    /// What the last line of a text cut by a line limit shows before its ellipsis.
    enum ClampedLine: Hashable, Sendable {
        /// As much of its paragraph as fits, past where the line would have broken (UILabel's
        /// and Pango's tail truncation).
        case fillsParagraph
        /// The line as it was broken, cut to make room (Blink's `-webkit-line-clamp`); its
        /// box stays the laid-out line's.
        case truncatesLine
    }

    /// What CSS `white-space` does with spaces, tabs and line feeds before lines are broken.
    struct WhiteSpace: Hashable, Sendable {
        /// A space or tab after another, or at the start of a paragraph, takes no room.
        var collapsesSpaces: Bool
        /// Line feeds (and tabs) are spaces, not forced breaks.
        var newlinesAreSpaces: Bool
        /// Lines break at soft wrap opportunities; without, only at forced breaks.
        var wraps: Bool

        /// Text as it is: every character measured, line feeds forced breaks.
        static let preserved = WhiteSpace(collapsesSpaces: false, newlinesAreSpaces: false, wraps: true)

        init(collapsesSpaces: Bool, newlinesAreSpaces: Bool, wraps: Bool) {
            self.collapsesSpaces = collapsesSpaces
            self.newlinesAreSpaces = newlinesAreSpaces
            self.wraps = wraps
        }

        /// CSS's table of `white-space` values.
        init(_ css: CSSText.WhiteSpace) {
            switch css {
            case .normal: self.init(collapsesSpaces: true, newlinesAreSpaces: true, wraps: true)
            case .nowrap: self.init(collapsesSpaces: true, newlinesAreSpaces: true, wraps: false)
            case .preLine: self.init(collapsesSpaces: true, newlinesAreSpaces: false, wraps: true)
            case .preWrap: self = .preserved
            }
        }
    }

    /// Which white space at a line's end hangs past the width (is not measured).
    enum HangingWhiteSpace: Hashable, Sendable {
        /// Every white-space cluster before the break (TextKit).
        case all
        /// At most a separator and the one white-space cluster before it (Pango's
        /// `zero_line_final_space`).
        case separatorAndOneSpace
    }

    /// How a word wider than the line is broken.
    enum OverlongWordBreak: Hashable, Sendable {
        /// Between grapheme clusters, as many as fit, at least one; the white space after
        /// the break hangs on the line (UILabel's character wrapping).
        case betweenClusters
        /// Pango 1.50's retry with character breaks: room for the hyphen it inserts, one
        /// white-space cluster hangs, a later break without a hyphen over an earlier one with.
        case pangoRetry
        /// Not broken: the word overflows the line (CSS `overflow-wrap: normal`).
        case overflow
    }

    /// How the text at a line's ends is shaped.
    enum LineEndShaping: Hashable, Sendable {
        /// Lines keep the paragraph's shaping: a line is its clusters' advances.
        case paragraph
        /// A line is shaped on its own: the kerning across a break is dropped, and a line
        /// broken inside a word is its whole text shaped alone (Pango's `process_item`
        /// shapes the split item).
        case lineAlone
        /// As ``lineAlone`` at a break, but of a word broken between characters only its
        /// parts are shaped again, up to where the text is safe to break (Blink's
        /// `ShapingLineBreaker`); the rest of the line keeps the paragraph's shaping.
        case brokenWordAlone
    }

    /// Which font a font-neutral cluster (a space) between two fonts takes.
    enum NeutralFontRule: Hashable, Sendable {
        /// The font earlier in the chain.
        case earlierInChain
        /// The font before it unless the next font comes earlier in the chain within one
        /// script run (Pango 1.50's `itemize_state_add_character`).
        case pangoScriptRun
        /// The first font of the chain that has it, as for any character (Blink's fallback
        /// shapes a run with the primary font and only its missing glyphs with the next).
        case firstFontWithGlyph
    }

    /// How tall lines are and how a label's height adds them up.
    enum VerticalMetrics: Hashable, Sendable {
        /// Every line is the primary font's ascender − descender times the line spacing;
        /// the label's height is their sum rounded up to the display's pixel grid (UILabel).
        case primaryFontOnPixelGrid
        /// A line is the union of the ascender-to-descender extents of the fonts on it; the
        /// spacing factor moves each baseline after the first (Pango 1.50); fractional.
        case fontsOnTheLine
        /// CSS line boxes as Blink builds them: each font's ascent, descent and line gap
        /// rounded to whole pixels, half the leading above and half below; with `line-height:
        /// normal` every font on the line grows it, otherwise each line is the line height.
        case cssLineBox(CSSText.LineHeight)
    }

    var units: FontUnits
    var glyphAdvances: GlyphAdvances
    var whiteSpace: WhiteSpace
    var breakRules: BreakRules
    var hangingWhiteSpace: HangingWhiteSpace
    var overlongWord: OverlongWordBreak
    var lineEndShaping: LineEndShaping
    var neutralFont: NeutralFontRule
    /// Whether Katakana runs as Hiragana (Blink's `GetScriptForOpenType`: both are OpenType's
    /// `kana`), so that kana of the two kinds shape as one run, kerning across the change.
    var kanaIsOneScript: Bool
    /// Whether adjacent fullwidth brackets collapse to half width, and one at a line's edge
    /// may (CSS `text-spacing-trim: normal`, Blink's `HanKerning`, for fonts with `halt`).
    var collapsesFullwidthPunctuation: Bool
    var verticalMetrics: VerticalMetrics
    var lineWidths: LineWidths
    /// Added after every grapheme cluster, in font units (CSS `letter-spacing`).
    var letterSpacing: Int64
    var clampedLine: ClampedLine
    /// Whether an empty text is one empty line (Pango) rather than none (UILabel, a `<div>`).
    var emptyTextIsOneLine: Bool

    /// UILabel and TextKit.
    static let uikit = ProfilePolicy(
        units: .pango, glyphAdvances: .harfBuzz, whiteSpace: .preserved, breakRules: .icu,
        hangingWhiteSpace: .all, overlongWord: .betweenClusters, lineEndShaping: .paragraph,
        neutralFont: .earlierInChain, kanaIsOneScript: false, collapsesFullwidthPunctuation: false,
        verticalMetrics: .primaryFontOnPixelGrid, lineWidths: .exact, letterSpacing: 0,
        clampedLine: .fillsParagraph, emptyTextIsOneLine: false)

    /// Pango 1.50 on HarfBuzz and FreeType.
    static let pango = ProfilePolicy(
        units: .pango, glyphAdvances: .harfBuzz, whiteSpace: .preserved, breakRules: .pango,
        hangingWhiteSpace: .separatorAndOneSpace, overlongWord: .pangoRetry, lineEndShaping: .lineAlone,
        neutralFont: .pangoScriptRun, kanaIsOneScript: false, collapsesFullwidthPunctuation: false,
        verticalMetrics: .fontsOnTheLine, lineWidths: .exact, letterSpacing: 0,
        clampedLine: .fillsParagraph, emptyTextIsOneLine: true)

    /// Headless Chromium (Blink's LayoutNG inline layout) with the CSS properties `css`.
    static func browser(_ css: CSSText) -> ProfilePolicy {
        ProfilePolicy(
            units: .sixteenDotSixteen, glyphAdvances: .freeTypeLinear, whiteSpace: WhiteSpace(css.whiteSpace),
            breakRules: .blink(css.wordBreak), hangingWhiteSpace: .all,
            overlongWord: css.overflowWrap == .normal ? .overflow : .betweenClusters, lineEndShaping: .brokenWordAlone,
            neutralFont: .firstFontWithGlyph, kanaIsOneScript: true, collapsesFullwidthPunctuation: true,
            verticalMetrics: .cssLineBox(css.lineHeight), lineWidths: .layoutUnits,
            letterSpacing: FontUnits.sixteenDotSixteen.units(css.letterSpacing),
            clampedLine: .truncatesLine, emptyTextIsOneLine: false)
    }
}

extension ProfilePolicy {
    /// The line width `width` px in font units, as the profile compares lines with it: a
    /// line fits when it is no wider.
    func available(_ width: Double) -> Int64 {
        switch lineWidths {
        case .exact: units.units(width)
        case .layoutUnits: Int64((width * 64).rounded(.down)) * (units.perPixel / 64) + lineWidthAllowance
        }
    }

    /// How much wider than the width a line may be and still fit, in font units: one layout
    /// unit in CSS (Blink's `AvailableWidthToFit`), none otherwise.
    var lineWidthAllowance: Int64 {
        switch lineWidths {
        case .exact: 0
        case .layoutUnits: units.perPixel / 64
        }
    }

    /// A width in font units as the profile reports it, in px.
    func reportedWidth(_ width: Int64) -> Double {
        switch lineWidths {
        case .exact: return units.pixels(width)
        case .layoutUnits:
            let perLayoutUnit = units.perPixel / 64
            let layoutUnits = (width + perLayoutUnit - 1) / perLayoutUnit
            return Double(layoutUnits) / 64
        }
    }

    /// `profile`'s answers; the CSS properties matter to the browser profile alone.
    init(profile: MetricsProfile, css: CSSText) {
        switch profile {
        case .uikit: self = .uikit
        case .pango: self = .pango
        case .browser: self = .browser(css)
        }
    }
}

extension MetricsProfile {
    /// The line breaking a style of this profile has when none is asked for: CSS's initial
    /// `line-break: auto` in the browser, the strict rules otherwise.
    public var defaultLineBreak: LineBreakStrictness {
        switch self {
        case .uikit, .pango: .strict
        case .browser: .auto
        }
    }
}
