// Break opportunities: where UAX #14, as ICU tailors it for the language, allows a line to
// end, and where a break between clusters would need a hyphen.

import CICU

/// What a cluster boundary allows.
struct Boundary: OptionSet, Sendable {
    let rawValue: UInt8
    /// A line may end here (a UAX #14 break opportunity).
    static let lineBreak = Boundary(rawValue: 1)
    /// A line must end here (after a line or paragraph separator).
    static let mandatory = Boundary(rawValue: 2)
    /// Breaking here inserts a hyphen in the Pango profile, as Pango 1.50's
    /// `break_inserts_hyphen` marks it (``PangoHyphenation``).
    static let hyphenates = Boundary(rawValue: 4)
    /// Inside a phrase (``LineBreakStrictness/phrase``): the strict rules allow a break here,
    /// taken only when the phrase is wider than the line.
    static let insidePhrase = Boundary(rawValue: 8)
    /// With ``hyphenates``: the hyphen replaces the character before the break, a
    /// hyphenation point (U+2027), as Pango's `break_removes_preceding` says.
    static let hyphenReplacesPreceding = Boundary(rawValue: 16)
}

/// Finds break opportunities with ICU's line-break iterator.
struct BreakOpportunities {
    /// The flags of each cluster boundary `0...clusterCount`. The end of the text is always a
    /// line break. ICU reports UTF-16 offsets; one that falls inside a grapheme cluster is
    /// dropped.
    ///
    /// With `plainFastPath`, plain text (ASCII, kana, kanji: ``PlainTextBreakTable``) takes its breaks from
    /// what the breaker's ICU iterator answered for the same windows before, with the same
    /// result; a text with a window not seen yet goes to ICU and teaches it.
    ///
    /// With `insidePhrase`, the strict breaker of a style that breaks between phrases, its
    /// opportunities that the phrase breaker does not share are marked ``Boundary/insidePhrase``;
    /// such a text takes no fast path.
    ///
    /// With the `.blink` rules, Blink's own decisions replace ICU's where Blink makes them
    /// (``BlinkBreakRules``). With `everyCluster` (`line-break: anywhere`), a line may
    /// break between any two clusters. Without `wraps` (`white-space: nowrap`), only at
    /// forced breaks.
    ///
    /// With the `.pango` rules, where Pango 1.50's own UAX #14 code allows a break that ICU's
    /// rules do not, the break is added (``markBreaksAfterWordInitialHyphens(in:_:)``).
    static func find(
        in analysis: TextAnalysis, breaker: ICULineBreaker, insidePhrase: ICULineBreaker? = nil,
        rules: ProfilePolicy.BreakRules = .icu, everyCluster: Bool = false, wraps: Bool = true,
        plainFastPath: Bool = false, scratch: inout UTF16Scratch,
        into boundaries: inout ScratchBuffer<Boundary>
    ) {
        boundaries.overwrite(count: analysis.clusterCount + 1, with: [])
        guard !analysis.scalars.isEmpty else { return }
        if case .blink = rules, insidePhrase == nil, analysis.largestScalar <= 0xFF {
            // Blink decides every boundary between two Latin-1 characters by its own table and
            // space rules (``BlinkBreakRules``), so ICU is not asked for such a text; a line
            // ends after each separator, as ICU would have said.
            boundaries.withUnsafeMutableBufferPointer { marks in
                for cluster in 0..<analysis.clusterCount where analysis.clusterFlags[cluster].contains(.separator) {
                    marks[cluster + 1].insert([.lineBreak, .mandatory])
                }
            }
        } else {
            findICUBreaks(
                in: analysis, breaker: breaker, insidePhrase: insidePhrase, plainFastPath: plainFastPath,
                scratch: &scratch, into: &boundaries)
        }
        boundaries[analysis.clusterCount].insert(.lineBreak)
        if case .blink(let wordBreak) = rules {
            BlinkBreakRules.apply(to: &boundaries, in: analysis, wordBreak: wordBreak)
        }
        if everyCluster {
            for cluster in 1..<max(1, analysis.clusterCount) { boundaries[cluster].insert(.lineBreak) }
        }
        if !wraps {
            for cluster in 1..<max(1, analysis.clusterCount) where !boundaries[cluster].contains(.mandatory) {
                boundaries[cluster].remove(.lineBreak)
            }
        }
        if rules == .pango {
            // One look at the text's characters says which of the rules can apply.
            let triggers = RuleTriggers(analysis.scalars)
            if triggers.hyphen { markBreaksAfterWordInitialHyphens(in: analysis, &boundaries) }
            if triggers.digit { markBreaksBeforeNumbersAfterSeparators(in: analysis, &boundaries) }
            if triggers.quotationMark { removeBreaksNextToQuotationMarks(in: analysis, &boundaries) }
            boundaries.withUnsafeMutableBufferPointer { marks in
                PangoHyphenation.forEachHyphenatingBoundary(in: analysis, plainFastPath: plainFastPath) { cluster, replacesPreceding in
                    marks[cluster].insert(replacesPreceding ? [.hyphenates, .hyphenReplacesPreceding] : .hyphenates)
                }
            }
        }
    }

    /// ICU's opportunities (and, for a phrase style, the strict ones inside phrases) in
    /// `boundaries`; with `plainFastPath`, plain text from the breaker's table of ICU's answers.
    private static func findICUBreaks(
        in analysis: TextAnalysis, breaker: ICULineBreaker, insidePhrase: ICULineBreaker?, plainFastPath: Bool,
        scratch: inout UTF16Scratch, into boundaries: inout ScratchBuffer<Boundary>
    ) {
        var plainText = PlainTextBreakTable.Outcome.notPlain
        if plainFastPath, insidePhrase == nil, analysis.scalars.count == analysis.clusterCount {
            // Marked through a pointer: through the subscript, each mark would check that
            // the storage is the buffer's own.
            plainText = boundaries.withUnsafeMutableBufferPointer { marks in
                let outcome = breaker.plainTextBreaks.forEachBreak(in: analysis.scalars) { marks[$0].insert(.lineBreak) }
                if outcome != .found { marks.update(repeating: []) }  // what it marked before it stopped
                return outcome
            }
        }
        if plainText != .found {
            copyToUTF16(analysis, scratch: &scratch)
            // A style with a strict breaker inside phrases breaks between phrases with `breaker`.
            forEachICUBreak(in: analysis, breaker: breaker, betweenPhrases: insidePhrase != nil, scratch: scratch) { cluster, mandatory in
                boundaries[cluster].insert(mandatory ? [.lineBreak, .mandatory] : .lineBreak)
            }
            if let insidePhrase {
                forEachICUBreak(in: analysis, breaker: insidePhrase, betweenPhrases: false, scratch: scratch) { cluster, _ in
                    if !boundaries[cluster].contains(.lineBreak) { boundaries[cluster].insert(.insidePhrase) }
                }
            }
            if plainText == .unlearned {
                breaker.plainTextBreaks.learn(from: analysis.scalars) { boundaries[$0].contains(.lineBreak) }
            }
        }
    }

    /// Whether the text has a character each of Pango's rules below starts from: a hyphen
    /// (`-` or U+2010), a character that may be a digit, one that may be a quotation mark.
    /// A rule whose character is absent changes nothing; one scan decides all three.
    private struct RuleTriggers {
        var hyphen = false, digit = false, quotationMark = false

        init(_ scalars: ScratchBuffer<UInt32>) {
            // The rules a character triggers, as bits: ASCII's (most characters) from a table,
            // so that a character costs a load and an OR rather than a switch.
            var triggers: UInt8 = 0
            scalars.withUnsafeBufferPointer { scalars in
                Self.asciiTriggers.withUnsafeBufferPointer { ascii in
                    for scalar in scalars {
                        triggers |= scalar < 0x80 ? ascii[Int(scalar)] : Self.triggers(ofNonASCII: scalar)
                    }
                }
            }
            hyphen = triggers & Self.hyphenBit != 0
            digit = triggers & Self.digitBit != 0
            quotationMark = triggers & Self.quotationMarkBit != 0
        }

        private static let hyphenBit: UInt8 = 1, digitBit: UInt8 = 2, quotationMarkBit: UInt8 = 4

        /// ASCII's hyphen, digits and quotation marks.
        private static let asciiTriggers: [UInt8] = (0..<0x80).map { scalar in
            switch scalar {
            case 0x2D: hyphenBit
            case 0x30...0x39: digitBit
            case 0x22, 0x27: quotationMarkBit
            default: 0
            }
        }

        private static func triggers(ofNonASCII scalar: UInt32) -> UInt8 {
            (scalar == 0x2010 ? hyphenBit : 0) | (BreakOpportunities.mayBeDigit(scalar) ? digitBit : 0)
                | (BreakOpportunities.mayBeQuotationMark(scalar) ? quotationMarkBit : 0)
        }
    }

    /// Pango breaks after a hyphen that starts a word, before a letter (`dpkg -|Dhelp`,
    /// `INTEGER1 -|gt`): its `break.c` forbids a break only before a hyphen (LB21) and after
    /// one before a digit (LB25). ICU keeps such a hyphen with its word, the tailoring Unicode
    /// 15.1 adopted as LB20a: after the start, a space, a no-break space, a zero-width space
    /// or a line end, a hyphen (`-` or U+2010) does not break before a letter (AL or HL).
    /// Elsewhere the two agree about hyphens. Added after the plain-text table has learnt,
    /// which holds ICU's answers only.
    private static func markBreaksAfterWordInitialHyphens(in analysis: TextAnalysis, _ boundaries: inout ScratchBuffer<Boundary>) {
        let firstScalar = { (cluster: Int) in analysis.scalars[Int(analysis.clusterScalarOffsets[cluster])] }
        for cluster in 0..<max(0, analysis.clusterCount - 1) {
            let scalar = firstScalar(cluster)
            guard scalar == 0x2D || scalar == 0x2010, !boundaries[cluster + 1].contains(.lineBreak) else { continue }
            let startsWord = cluster == 0 || startsWordAfter(ICULineBreakClass.of(firstScalar(cluster - 1)))
            if startsWord, isLetter(ICULineBreakClass.of(firstScalar(cluster + 1))) {
                boundaries[cluster + 1].insert(.lineBreak)
            }
        }
    }

    /// Pango breaks before a digit after a full stop, colon, comma or slash that does not
    /// follow a number (`No.|2`, `Mrs.|7`, `spec:|32`): its `break.c` applies UAX #14's LB25
    /// as the standard's Example 7 (a number continues through `. , : /` only once it has
    /// begun). ICU keeps every infix separator and symbol with a digit after it. Added after
    /// the plain-text table has learnt, which holds ICU's answers only.
    private static func markBreaksBeforeNumbersAfterSeparators(in analysis: TextAnalysis, _ boundaries: inout ScratchBuffer<Boundary>) {
        let firstScalar = { (cluster: Int) in analysis.scalars[Int(analysis.clusterScalarOffsets[cluster])] }
        var inNumber = false  // Pango's LB_Numeric: a digit, then digits, separators and symbols
        var previousClass: Int32 = -1
        for cluster in 0..<analysis.clusterCount {
            let lineBreakClass = ICULineBreakClass.of(firstScalar(cluster))
            if lineBreakClass == numericClass, previousClass == infixSeparator || previousClass == symbol, !inNumber,
                !boundaries[cluster].contains(.lineBreak)
            {
                boundaries[cluster].insert(.lineBreak)
            }
            let wasInNumber = inNumber
            switch lineBreakClass {
            case numericClass: inNumber = true
            case infixSeparator, symbol: inNumber = wasInNumber
            default: inNumber = false
            }
            previousClass = lineBreakClass
        }
    }

    /// Whether a character may be a digit (class NU): ASCII and full-width digits, and any
    /// decimal digit outside kana and CJK, without a property lookup for Japanese text.
    private static func mayBeDigit(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x30...0x39, 0xFF10...0xFF19: return true
        case 0..<0x660, 0x3000..<0xA000: return false
        default: return Unicode.Scalar(scalar)?.properties.numericType == .decimal
        }
    }

    /// ICU's ULineBreak values for IS, NU and SY.
    private static let infixSeparator: Int32 = 16, numericClass: Int32 = 19, symbol: Int32 = 27

    /// Pango keeps a quotation mark with what is on both sides of it (UAX #14's LB19, in its
    /// own `break.c`) unless white space comes before the break (LB18): `は“remount”`,
    /// `、“type”`, `“健全性”の`. ICU's Japanese rules treat `“ ‘` as opening and `” ’` as
    /// closing punctuation and break before and after them next to kana and kanji. Removed
    /// after the plain-text table has learnt, which holds ICU's answers only.
    private static func removeBreaksNextToQuotationMarks(in analysis: TextAnalysis, _ boundaries: inout ScratchBuffer<Boundary>) {
        let lineBreakClass = { (cluster: Int) in
            ICULineBreakClass.of(analysis.scalars[Int(analysis.clusterScalarOffsets[cluster])])
        }
        for cluster in 1..<max(1, analysis.clusterCount)
        where boundaries[cluster].contains(.lineBreak) && !boundaries[cluster].contains(.mandatory) {
            let before = lineBreakClass(cluster - 1)
            guard before == quotation || lineBreakClass(cluster) == quotation, before != space, before != zeroWidthSpace
            else { continue }
            boundaries[cluster].remove(.lineBreak)
        }
    }

    /// The blocks that hold every quotation mark (class QU) of Unicode 15: ASCII, Latin-1,
    /// General Punctuation, Dingbats, Supplemental Punctuation and the ornamental marks after
    /// U+1F676; a text with no character there (most titles) skips the rule.
    private static func mayBeQuotationMark(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x22, 0x27, 0xAB, 0xBB, 0x2018...0x203A, 0x275B...0x2760, 0x2E00...0x2E7F, 0x1F676...0x1F678: true
        default: false
        }
    }

    /// ICU's ULineBreak values for QU, SP and ZW.
    private static let quotation: Int32 = 23, space: Int32 = 26, zeroWidthSpace: Int32 = 28

    /// ICU's ULineBreak values (uchar.h; fixed since they were assigned) after which a hyphen
    /// starts a word: SP, GL, ZW, BK, CR, LF, NL. A switch, not a set: the rule is looked at
    /// for every text of the Pango profile.
    private static func startsWordAfter(_ lineBreakClass: Int32) -> Bool {
        switch lineBreakClass {
        case 26, 12, 28, 6, 10, 17, 29: true
        default: false
        }
    }

    /// AL and HL.
    private static func isLetter(_ lineBreakClass: Int32) -> Bool { lineBreakClass == 2 || lineBreakClass == 38 }

    /// The text in UTF-16 for ICU's iterator, with each unit's scalar index, in `scratch`.
    private static func copyToUTF16(_ analysis: TextAnalysis, scratch: inout UTF16Scratch) {
        let scalars = analysis.scalars
        let utf16Count = scalars.count + scalars.reduce(0) { $0 + ($1 >= 0x1_0000 ? 1 : 0) }
        scratch.utf16.overwrite(count: utf16Count, with: 0) { utf16 in
            scratch.utf16ToScalar.overwrite(count: utf16Count + 1, with: 0) { utf16ToScalar in
                var unit = 0
                for (index, value) in scalars.enumerated() {
                    if value < 0x1_0000 {
                        utf16[unit] = UInt16(value)
                    } else {
                        utf16[unit] = UInt16(0xD800 + ((value - 0x1_0000) >> 10))
                        utf16ToScalar[unit] = Int32(index)
                        unit += 1
                        utf16[unit] = UInt16(0xDC00 + (value & 0x3FF))
                    }
                    utf16ToScalar[unit] = Int32(index)
                    unit += 1
                }
                utf16ToScalar[unit] = Int32(scalars.count)
            }
        }
    }

    /// Calls `body` with the cluster and mandatoriness of each of ICU's break opportunities
    /// in the text `scratch` holds; an offset inside a grapheme cluster is dropped.
    private static func forEachICUBreak(
        in analysis: TextAnalysis, breaker: ICULineBreaker, betweenPhrases: Bool, scratch: UTF16Scratch,
        _ body: (Int, Bool) -> Void
    ) {
        let utf16ToScalar = scratch.utf16ToScalar
        scratch.utf16.withUnsafeBufferPointer { text in
            let report = { (offset: Int, mandatory: Bool) in
                let scalar = Int(utf16ToScalar[offset])
                let cluster = scalar == analysis.scalars.count
                    ? analysis.clusterCount : Int(analysis.scalarClusters[scalar])
                guard Int(analysis.clusterScalarOffsets[cluster]) == scalar else { return }
                body(cluster, mandatory)
            }
            if betweenPhrases { breaker.forEachPhraseBreak(in: text, report) } else { breaker.forEachBreak(in: text, report) }
        }
    }

    /// The text in UTF-16 for ICU, and each UTF-16 unit's scalar index; reused storage.
    struct UTF16Scratch {
        var utf16 = ScratchBuffer<UInt16>()
        var utf16ToScalar = ScratchBuffer<Int32>()
    }
}
