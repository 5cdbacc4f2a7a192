// Where Pango 1.50 inserts a hyphen when it breaks a line: its own UAX #29 word boundaries
// and `break_inserts_hyphen`, ported rule by rule from `pango_default_break` (break.c).

import CICU

/// Pango 1.50's hyphen decision: a break inserts a hyphen unless it is at a word boundary
/// (Pango's UAX #29 word rules, which differ from ICU's: `_` joins words, `'` and `.` join
/// letters only when a letter follows, decided as each character is reached), after or
/// before white space or a hyphen, or after a character of the Common script (except a
/// soft hyphen) or of Han, Hangul, Hiragana or Katakana. Written by hand because no library
/// implements Pango's variant; ICU's word iterator differs exactly where it matters.
enum PangoHyphenation {
    /// Calls `mark` with each cluster boundary `1..<clusterCount` where a break inserts a
    /// hyphen, and whether the hyphen replaces the character before it (a hyphenation point,
    /// U+2027: Pango's `break_removes_preceding`).
    ///
    /// With `plainFastPath`, a text of printable ASCII takes its marks from
    /// ``PlainTextHyphens``, with the same result.
    static func forEachHyphenatingBoundary(
        in analysis: TextAnalysis, plainFastPath: Bool = false, _ mark: (Int, Bool) -> Void
    ) {
        if plainFastPath, analysis.scalars.count == analysis.clusterCount,
            PlainTextHyphens.forEachHyphen(in: analysis.scalars, { mark($0, false) })
        {
            return
        }
        // Only a character of an alphabetic script (or a mark, whose script is Inherited), a
        // soft hyphen or a hyphenation point can start a hyphen: most Japanese titles have none.
        guard analysis.scalarScripts.contains(where: { !HarfBuzzUnicode.isCommonOrCJK(script: $0) })
            || analysis.scalars.contains(where: { $0 == 0xAD || $0 == 0x2027 })
        else { return }
        var state = State()
        let scalars = analysis.scalars
        for (index, scalar) in scalars.enumerated() {
            let cluster = Int(analysis.scalarClusters[index])
            let startsCluster = Int(analysis.clusterScalarOffsets[cluster]) == index
            let script = analysis.scalarScripts[index]
            let afterHyphenationPoint = state.previousScalar == 0x2027
            if state.inserts(before: scalar, script: script, at: index, isGraphemeBoundary: startsCluster), startsCluster,
                cluster > 0
            {
                mark(cluster, afterHyphenationPoint)
            }
        }
    }

    /// UAX #29's Word_Break values as Pango assigns them.
    enum WordBreak {
        case other, newline, extendFormat, katakana, hebrewLetter, aLetter, midNumLet, midLetter, midNum, numeric
        case extendNumLet, regionalIndicatorOdd, regionalIndicatorEven, wSegSpace

        var isAHLetterOrNumeric: Bool { self == .aLetter || self == .hebrewLetter || self == .numeric }
        var isAHLetter: Bool { self == .aLetter || self == .hebrewLetter }
    }

    /// Pango's loop state between characters.
    struct State {
        var previousWordBreak = WordBreak.other
        var beforePreviousWordBreak = WordBreak.other
        var previousWordBreakIndex = -1
        var previousScalar: UInt32 = 0
        var previousScript = HarfBuzzUnicode.common
        var previousIsSpaceOrHyphen = false

        /// Whether a break before `scalar` (the `index`-th, of `script`) inserts a hyphen;
        /// moves past it.
        mutating func inserts(before scalar: UInt32, script: UInt32, at index: Int, isGraphemeBoundary: Bool) -> Bool {
            let ascii = scalar < 0x80
                ? PangoHyphenation.ascii[Int(scalar)]
                : (0x3000..<0x3100).contains(scalar) ? PangoHyphenation.kana[Int(scalar - 0x3000)]
                : (0x4E00...0x9FC3).contains(scalar) ? PangoHyphenation.ideograph : nil
            let category = ascii?.category ?? cardsize_general_category(scalar)
            var isWordBoundary = false
            if isGraphemeBoundary || (0x1F1E6...0x1F1FF).contains(scalar) {
                let wordBreak = ascii?.wordBreak
                    ?? PangoHyphenation.wordBreak(of: scalar, category: category, script: script, after: previousWordBreak)
                isWordBoundary = isBoundary(before: scalar, wordBreak, at: index)
                if wordBreak != .extendFormat {
                    beforePreviousWordBreak = previousWordBreak
                    previousWordBreak = wordBreak
                    previousWordBreakIndex = index
                }
            }
            let insertsHyphens = previousScript == HarfBuzzUnicode.common
                ? previousScalar == 0xAD : !HarfBuzzUnicode.isCommonOrCJK(script: previousScript)
            let isSpaceOrHyphen = ascii?.isSpaceOrHyphen ?? PangoHyphenation.isSpaceOrHyphen(scalar, category: category)
            var inserts = !isWordBoundary && !previousIsSpaceOrHyphen && !isSpaceOrHyphen && insertsHyphens
            if previousScalar == 0x2027 { inserts = true }  // a hyphenation point
            previousIsSpaceOrHyphen = isSpaceOrHyphen
            previousScalar = scalar
            previousScript = script
            return inserts
        }

        /// Pango's word boundary rules, WB3a to WB999, before a character of `wordBreak`.
        private func isBoundary(before scalar: UInt32, _ wordBreak: WordBreak, at index: Int) -> Bool {
            let previous = previousWordBreak
            let beforePrevious = beforePreviousWordBreak
            if previous == .newline && previousWordBreakIndex + 1 == index { return true }  // WB3a
            if wordBreak == .newline { return true }  // WB3b
            if previousScalar == 0x200D && cardsize_is_extended_pictographic(scalar) != 0 { return false }  // WB3c
            if previous == .wSegSpace && wordBreak == .wSegSpace && previousWordBreakIndex + 1 == index { return false }
            if wordBreak == .extendFormat { return false }  // WB4
            if previous.isAHLetterOrNumeric && wordBreak.isAHLetterOrNumeric { return false }  // WB5, WB8-10
            if previous == .katakana && wordBreak == .katakana { return false }  // WB13
            if previous.isAHLetterOrNumeric || previous == .katakana || previous == .extendNumLet,
                wordBreak == .extendNumLet
            {
                return false  // WB13a
            }
            if previous == .extendNumLet && (wordBreak.isAHLetterOrNumeric || wordBreak == .katakana) { return false }
            if beforePrevious.isAHLetter && wordBreak.isAHLetter,
                previous == .midLetter || previous == .midNumLet || previousScalar == 0x27
            {
                return false  // WB6, WB7
            }
            if previous == .hebrewLetter && scalar == 0x27 { return false }  // WB7a
            if beforePrevious == .hebrewLetter && previousScalar == 0x22 && wordBreak == .hebrewLetter { return false }
            if beforePrevious == .numeric && wordBreak == .numeric,
                previous == .midNum || previous == .midNumLet || previousScalar == 0x27
            {
                return false  // WB11, WB12
            }
            if previous == .regionalIndicatorOdd && wordBreak == .regionalIndicatorEven { return false }  // WB15, WB16
            return true  // WB999
        }
    }

    /// What the rules read of a character, for those looked up once: ASCII, the CJK symbols,
    /// kana and punctuation of U+3000–U+30FF, and the unified ideographs (all alike).
    typealias Reading = (category: Int32, wordBreak: WordBreak, isSpaceOrHyphen: Bool)
    private static let ascii: [Reading] = (0..<0x80).map(reading)
    private static let kana: [Reading] = (0x3000..<0x3100).map(reading)
    private static let ideograph = reading(0x4E00)

    static func reading(_ value: UInt32) -> Reading {
        let category = cardsize_general_category(value)
        return (
            category, wordBreak(of: value, category: category, script: HarfBuzzUnicode.script(of: value), after: .other),
            isSpaceOrHyphen(value, category: category)
        )
    }

    // ICU's UCharCategory values (uchar.h; fixed since they were assigned).
    private static let uppercaseLetter: Int32 = 1, lowercaseLetter: Int32 = 2, titlecaseLetter: Int32 = 3
    private static let modifierLetter: Int32 = 4, otherLetter: Int32 = 5, nonSpacingMark: Int32 = 6
    private static let enclosingMark: Int32 = 7, spacingMark: Int32 = 8, letterNumber: Int32 = 10
    private static let spaceSeparator: Int32 = 12, lineSeparator: Int32 = 13, paragraphSeparator: Int32 = 14
    private static let control: Int32 = 15, format: Int32 = 16, connectorPunctuation: Int32 = 22
    private static let otherPunctuation: Int32 = 23, otherSymbol: Int32 = 27, initialPunctuation: Int32 = 28
    private static let finalPunctuation: Int32 = 29
    // ICU's ULineBreak values: GL, IS, NU, SA.
    private static let glue: Int32 = 12, infixSeparator: Int32 = 16, numericClass: Int32 = 19, complexContext: Int32 = 24

    /// Pango's Word_Break value of a character (break.c's classification, which reads the
    /// script, the line-break class and the general category, with its exceptions).
    static func wordBreak(of scalar: UInt32, category: Int32, script: UInt32, after previous: WordBreak) -> WordBreak {
        if script == HarfBuzzUnicode.katakana { return .katakana }
        if script == HarfBuzzUnicode.hebrew && category == otherLetter { return .hebrewLetter }
        switch scalar {
        case 0x3031...0x3035, 0x309B, 0x309C, 0x30A0, 0x30FC, 0xFF70: return .katakana
        case 0xFF9E, 0xFF9F: return .extendFormat
        case 0x058A: return .aLetter
        default: break
        }
        let lineBreak = ICULineBreakClass.of(scalar)
        if lineBreak == numericClass && scalar != 0x066C { return .numeric }
        if lineBreak == infixSeparator && scalar != 0x3A && scalar != 0xFE13 && scalar != 0x2E { return .midNum }
        let alphabetic: WordBreak = lineBreak != complexContext && script != HarfBuzzUnicode.hiragana ? .aLetter : .other
        switch category {
        case control:
            if [0x0D, 0x0A, 0x0B, 0x0C, 0x85].contains(scalar) { return .newline }
        case lineSeparator, paragraphSeparator: return .newline
        case format, spacingMark, enclosingMark, nonSpacingMark: return .extendFormat
        case connectorPunctuation: return .extendNumLet
        case initialPunctuation, finalPunctuation:
            if scalar == 0x2018 || scalar == 0x2019 { return .midNumLet }
        case otherPunctuation:
            switch scalar {
            case 0x055A...0x055C, 0x055E, 0x05F3: return .aLetter
            case 0x27, 0x2E, 0x2024, 0xFE52, 0xFF07, 0xFF0E: return .midNumLet
            case 0xB7, 0x05F4, 0x2027, 0x3A, 0x0387, 0x055F, 0xFE13, 0xFE55, 0xFF1A: return .midLetter
            case 0x066C, 0xFE50, 0xFE54, 0xFF0C, 0xFF1B: return .midNum
            default: break
            }
        case otherSymbol:
            if (0x24B6...0x24E9).contains(scalar) { return alphabetic }
            if (0x1F1E6...0x1F1FF).contains(scalar) {
                return previous == .regionalIndicatorOdd ? .regionalIndicatorEven : .regionalIndicatorOdd
            }
        case otherLetter, letterNumber:
            if isIdeographicException(scalar) { break }
            return alphabetic
        case lowercaseLetter, modifierLetter, titlecaseLetter, uppercaseLetter: return alphabetic
        default: break
        }
        if category == spaceSeparator && lineBreak != glue { return .wSegSpace }
        return .other
    }

    /// The ideographs Pango leaves out of ALetter.
    private static func isIdeographicException(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x3006, 0x3007, 0x3021...0x3029, 0x3038...0x303A, 0x3400...0x4DB5, 0x4E00...0x9FC3, 0xF900...0xFA2D,
            0xFA30...0xFA6A, 0xFA70...0xFAD9, 0x20000...0x2A6D6, 0x2F800...0x2FA1D:
            true
        default: false
        }
    }

    /// White space, a line or paragraph separator, a tab or line-end control, or a hyphen:
    /// no hyphen is inserted next to these.
    private static func isSpaceOrHyphen(_ scalar: UInt32, category: Int32) -> Bool {
        switch category {
        case spaceSeparator, lineSeparator, paragraphSeparator: return true
        case control where [0x09, 0x0A, 0x0D, 0x0C].contains(scalar): return true
        default: break
        }
        switch scalar {
        case 0x2D, 0x058A, 0x1400, 0x1806, 0x2010, 0x2E17, 0x2E40, 0x30A0, 0xFE63, 0xFF0D: return true
        default: return false
        }
    }
}
