// Blink's line-break decisions: where Chromium's `LazyLineBreakIterator` answers without ICU
// or against it (third_party/blink/renderer/platform/text/text_break_iterator.cc).

/// The break opportunities Blink finds, made from ICU's: Blink asks ICU (with the content
/// language and the `line-break` strictness) only where its own rules have no answer.
///
/// At each position, in Blink's order:
/// 1. never before a breakable space (space, tab, line feed), always after a run of them;
/// 2. between two characters of U+0021–U+00FF, its pair table
///    (`break_iterator_data_generator`): for ASCII pairs its browser-compatible rules (a break
///    before `( < [ {`, after `-` and `?`, none around `/`, `$`, `'`, `@`…), for other Latin-1
///    pairs what ICU's English rules say of the two characters alone; after `-` before a
///    digit, a break only when a letter or digit comes before the `-` (`ABCD-1234`, not `-5`);
///    a character below U+0021 on either side (a control) never breaks;
/// 3. with `word-break: break-all`, its class table's extra breaks (between letters,
///    digits and ideographs); with `keep-all`, none between letters or digits;
/// 4. elsewhere, ICU's answer.
enum BlinkBreakRules {
    /// Rewrites the opportunities in `boundaries`, which hold ICU's, by Blink's rules.
    static func apply(
        to boundaries: inout ScratchBuffer<Boundary>, in analysis: TextAnalysis, wordBreak: CSSText.WordBreak
    ) {
        let scalars = analysis.scalars
        let clusterCount = analysis.clusterCount
        // Read and written through buffers: through the subscripts, each access checked its
        // index, a tenth of preparing a title in this profile.
        // The pair table too: through the global and its array, each lookup checked that
        // the global was made, and the index.
        latin1Pairs.withPairs { pairs in
            analysis.clusterScalarOffsets.withUnsafeBufferPointer { offsets in
                scalars.withUnsafeBufferPointer { text in
                    boundaries.withUnsafeMutableBufferPointer { marks in
                        for cluster in 1..<max(1, clusterCount) where !marks[cluster].contains(.mandatory) {
                            let position = Int(offsets[cluster])
                            let breaks = decision(text, at: position, wordBreak: wordBreak, pairs: pairs)
                                ?? marks[cluster].contains(.lineBreak)
                            if breaks { marks[cluster].insert(.lineBreak) } else { marks[cluster].remove(.lineBreak) }
                        }
                    }
                }
            }
        }
    }

    /// Whether Blink breaks before `text[position]`, or nil where it takes ICU's answer.
    @inline(__always)
    private static func decision(
        _ text: UnsafeBufferPointer<UInt32>, at position: Int, wordBreak: CSSText.WordBreak,
        pairs: Latin1PairTable.Pairs
    ) -> Bool? {
        let last = text[position - 1]
        let current = text[position]
        if isBreakableSpace(current) { return false }
        if isBreakableSpace(last) { return true }
        let beforeLast = position >= 2 ? text[position - 2] : 0
        let fast = fastDecision(beforeLast, last, current, pairs: pairs)
        if fast == true { return true }
        switch wordBreak {
        case .breakAll where breaksAll(after: lastClass(before: position, text), current): return true
        case .keepAll where keepsAll(beforeLast, last, current): return false
        default: return fast
        }
    }

    /// Blink's `IsBreakableSpace`.
    private static func isBreakableSpace(_ scalar: UInt32) -> Bool { scalar == 0x20 || scalar == 0x09 || scalar == 0x0A }

    /// `ShouldBreakFast`: true or false where Blink decides without ICU, nil where it asks ICU.
    private static func fastDecision(
        _ beforeLast: UInt32, _ last: UInt32, _ current: UInt32, pairs: Latin1PairTable.Pairs
    ) -> Bool? {
        if last < 0x21 || current < 0x21 { return false }
        if last == 0x2D, (0x30...0x39).contains(current) { return isASCIIAlphanumeric(beforeLast) }
        guard last <= 0xFF, current <= 0xFF else { return nil }
        return pairs.breaks(last, current)
    }

    private static func isASCIIAlphanumeric(_ scalar: UInt32) -> Bool {
        (0x30...0x39).contains(scalar) || (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar)
    }

    /// The class break-all compares with: that of the character before `position`, or of the
    /// one before it when that is a combining mark (Blink keeps the last class that is not CM).
    private static func lastClass(before position: Int, _ scalars: UnsafeBufferPointer<UInt32>) -> Int32 {
        var index = position - 1
        while index > 0, lineBreakClass(scalars[index]) == combiningMark { index -= 1 }
        return lineBreakClass(scalars[index])
    }

    /// ICU's class, with `+` taken as a letter as Blink's break-all does (as IE did).
    private static func lineBreakClass(_ scalar: UInt32) -> Int32 {
        scalar == 0x2B ? alphabetic : ICULineBreakClass.of(scalar)
    }

    /// `kBreakAllLineBreakClassTable`: the extra opportunities of `word-break: break-all`.
    private static func breaksAll(after lastClass: Int32, _ current: UInt32) -> Bool {
        let currentClass = lineBreakClass(current)
        let letters: Set<Int32> = [ambiguous, alphabetic, breakAfter, ideographic, numeric, hebrewLetter]
        switch lastClass {
        case ambiguous, alphabetic, breakAfter, numeric, complexContext, breakSymbols, hebrewLetter:
            return letters.contains(currentClass) || [openPunctuation, prefixNumeric, complexContext].contains(currentClass)
        case closePunctuation, closeParenthesis:
            return letters.contains(currentClass) || currentClass == prefixNumeric
        case exclamation, postfixNumeric:
            return letters.contains(currentClass) || currentClass == postfixNumeric || currentClass == prefixNumeric
        case infixNumeric: return letters.contains(currentClass)
        case hyphen: return currentClass == numeric
        case prefixNumeric: return currentClass == postfixNumeric
        default: return false
        }
    }

    /// `ShouldKeepAfterKeepAll`: no break between two letters or digits (general categories
    /// L and N), a mark standing for the character before it, except in scripts broken by
    /// dictionary (class SA).
    private static func keepsAll(_ beforeLast: UInt32, _ last: UInt32, _ current: UInt32) -> Bool {
        let previous = isMark(last) ? beforeLast : last
        return isLetterOrNumber(previous) && isLetterOrNumber(current)
    }

    private static func isMark(_ scalar: UInt32) -> Bool {
        switch Unicode.Scalar(scalar)?.properties.generalCategory {
        case .nonspacingMark?, .spacingMark?, .enclosingMark?: true
        default: false
        }
    }

    private static func isLetterOrNumber(_ scalar: UInt32) -> Bool {
        guard let properties = Unicode.Scalar(scalar)?.properties, ICULineBreakClass.of(scalar) != complexContext
        else { return false }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber:
            return true
        default: return false
        }
    }

    // ICU's ULineBreak values (uchar.h).
    private static let ambiguous: Int32 = 1, alphabetic: Int32 = 2, breakAfter: Int32 = 4, closePunctuation: Int32 = 8
    private static let combiningMark: Int32 = 9, exclamation: Int32 = 11, hyphen: Int32 = 13, ideographic: Int32 = 14
    private static let infixNumeric: Int32 = 16, numeric: Int32 = 19, openPunctuation: Int32 = 20
    private static let postfixNumeric: Int32 = 21, prefixNumeric: Int32 = 22, complexContext: Int32 = 24
    private static let breakSymbols: Int32 = 27, closeParenthesis: Int32 = 36, hebrewLetter: Int32 = 38

    /// Blink's pair table over U+0021–U+00FF, built once.
    private static let latin1Pairs = Latin1PairTable()
}

/// Whether Blink breaks between two characters of U+0021–U+00FF.
private struct Latin1PairTable: Sendable {
    private static let first: UInt32 = 0x21, last: UInt32 = 0xFF
    private static let side = Int(last - first + 1)
    private let pairs: [Bool]

    init() {
        var pairs = [Bool](repeating: false, count: Self.side * Self.side)
        // Pairs with a character past ASCII: ICU's English rules on the two characters alone.
        let breaker = try! ICULineBreaker(locale: "en")  // the root rules, always in ICU's data
        for first in Self.first...Self.last {
            for second in Self.first...Self.last where first >= 0x80 || second >= 0x80 {
                var breaks = false
                [UInt16(first), UInt16(second)].withUnsafeBufferPointer { text in
                    breaker.forEachBreak(in: text) { offset, _ in if offset == 1 { breaks = true } }
                }
                pairs[Self.index(first, second)] = breaks
            }
        }
        // ASCII pairs: the generator's `FillAscii`, its rules applied in order.
        let all: ClosedRange<UInt32> = 0x21...0x7F
        func set(_ firsts: ClosedRange<UInt32>, _ seconds: ClosedRange<UInt32>, _ value: Bool) {
            for first in firsts { for second in seconds { pairs[Self.index(first, second)] = value } }
        }
        func scalar(_ character: Unicode.Scalar) -> ClosedRange<UInt32> { character.value...character.value }
        set(all, all, false)
        for opening in ["(", "<", "[", "{"] as [Unicode.Scalar] { set(all, scalar(opening), true) }
        set(scalar("-"), all, true)
        set(scalar("?"), all, true)
        set(scalar("-"), scalar("$"), false)
        set(all, scalar("!"), false)
        set(scalar("?"), scalar("\""), false)
        set(scalar("?"), scalar("'"), false)
        for closing in [")", ",", ".", "/"] as [Unicode.Scalar] { set(all, scalar(closing), false) }
        set(scalar("-"), 0x30...0x39, false)
        for closing in [":", ";", "?", "]", "}"] as [Unicode.Scalar] { set(all, scalar(closing), false) }
        for opening in ["$", "'", "(", "/"] as [Unicode.Scalar] { set(scalar(opening), all, false) }
        set(0x30...0x39, all, false)
        set(scalar("<"), all, false)
        set(scalar("@"), all, false)
        set(0x41...0x5A, all, false)
        set(scalar("["), all, false)
        set(0x5E...0x60, all, false)
        set(0x61...0x7A, all, false)
        set(scalar("{"), all, false)
        set(0x7F...0x7F, all, false)
        self.pairs = pairs
    }

    private static func index(_ first: UInt32, _ second: UInt32) -> Int {
        Int(first - Self.first) * side + Int(second - Self.first)
    }

    /// The table as ``BlinkBreakRules/apply(to:in:wordBreak:)`` reads it, pair after pair.
    struct Pairs {
        fileprivate let pairs: UnsafeBufferPointer<Bool>

        /// Whether Blink breaks between `first` and `second`, both in U+0021–U+00FF.
        func breaks(_ first: UInt32, _ second: UInt32) -> Bool { pairs[Latin1PairTable.index(first, second)] }
    }

    func withPairs<Result>(_ body: (Pairs) -> Result) -> Result {
        pairs.withUnsafeBufferPointer { body(Pairs(pairs: $0)) }
    }
}
