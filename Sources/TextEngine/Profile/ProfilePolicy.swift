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
    }

    /// How the text at a line's ends is shaped.
    enum LineEndShaping: Hashable, Sendable {
        /// Lines keep the paragraph's shaping: a line is its clusters' advances.
        case paragraph
        /// A line is shaped on its own: the kerning across a break is dropped and the parts
        /// of a word broken between characters are shaped alone (Pango's `process_item`).
        case lineAlone
    }

    /// Which font a font-neutral cluster (a space) between two fonts takes.
    enum NeutralFontRule: Hashable, Sendable {
        /// The font earlier in the chain.
        case earlierInChain
        /// The font before it unless the next font comes earlier in the chain within one
        /// script run (Pango 1.50's `itemize_state_add_character`).
        case pangoScriptRun
    }

    /// How tall lines are and how a label's height adds them up.
    enum VerticalMetrics: Hashable, Sendable {
        /// Every line is the primary font's ascender − descender times the line spacing;
        /// the label's height is their sum rounded up to the display's pixel grid (UILabel).
        case primaryFontOnPixelGrid
        /// A line is the union of the ascender-to-descender extents of the fonts on it; the
        /// spacing factor moves each baseline after the first (Pango 1.50); fractional.
        case fontsOnTheLine
    }

    var breakRules: BreakRules
    var hangingWhiteSpace: HangingWhiteSpace
    var overlongWord: OverlongWordBreak
    var lineEndShaping: LineEndShaping
    var neutralFont: NeutralFontRule
    var verticalMetrics: VerticalMetrics
    /// Whether an empty text is one empty line (Pango) rather than none (UILabel).
    var emptyTextIsOneLine: Bool

    /// UILabel and TextKit.
    static let uikit = ProfilePolicy(
        breakRules: .icu, hangingWhiteSpace: .all, overlongWord: .betweenClusters, lineEndShaping: .paragraph,
        neutralFont: .earlierInChain, verticalMetrics: .primaryFontOnPixelGrid, emptyTextIsOneLine: false)

    /// Pango 1.50 on HarfBuzz and FreeType.
    static let pango = ProfilePolicy(
        breakRules: .pango, hangingWhiteSpace: .separatorAndOneSpace, overlongWord: .pangoRetry,
        lineEndShaping: .lineAlone, neutralFont: .pangoScriptRun, verticalMetrics: .fontsOnTheLine,
        emptyTextIsOneLine: true)
}

extension MetricsProfile {
    /// The profile's answers at every decision point.
    var policy: ProfilePolicy {
        switch self {
        case .uikit: .uikit
        case .pango: .pango
        }
    }
}
