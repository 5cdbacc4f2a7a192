// ICU line breaking (UAX #14 with ICU's locale tailorings) through the CICU shim.
import CICU

/// One ICU line-break iterator for one locale; used by one thread at a time.
final class ICULineBreaker {
    private let breaker: OpaquePointer
    /// The iterator's decisions on plain text seen so far (used by one thread, as the
    /// breaker is, so not also checked for overlapping accesses at run time).
    @exclusivity(unchecked) var plainTextBreaks = PlainTextBreakTable()

    /// Opens `ubrk_open(UBRK_LINE, locale)`; `locale` is an ICU locale such as
    /// `ja@lb=strict`.
    init(locale: String) throws(TextEngineError) {
        var status: Int32 = 0
        guard let breaker = cardsize_line_breaker_open(locale, &status) else {
            throw .lineBreaker(locale: locale, reason: String(cString: cardsize_icu_error_name(status)))
        }
        self.breaker = breaker
    }

    deinit { cardsize_line_breaker_close(breaker) }

    /// Calls `body` for every break opportunity in `utf16` after offset 0, in order, with
    /// its UTF-16 offset and whether the break is mandatory.
    func forEachBreak(in utf16: UnsafeBufferPointer<UInt16>, _ body: (Int, Bool) -> Void) {
        var status: Int32 = 0
        cardsize_line_breaker_set_text(breaker, utf16.baseAddress, Int32(utf16.count), &status)
        guard status <= 0 else { return }
        while true {
            let offset = cardsize_line_breaker_next(breaker)
            if offset < 0 { break }
            body(Int(offset), cardsize_line_breaker_is_hard(breaker) != 0)
        }
    }

    /// ``forEachBreak(in:_:)`` for a breaker between phrases (`lw=phrase`). ICU 72's phrase
    /// breaking takes time quadratic in the length of a run of kana and ideographs
    /// (`CjkBreakEngine` finds each phrase's offset by counting from the run's start), so a
    /// run longer than ``maximumPhraseRun`` UTF-16 units goes to ICU in pieces (``phraseCuts(in:)``),
    /// and a phrase ends at each cut. A text without such a run (real text has punctuation or
    /// spaces far more often) gets ICU's phrases unchanged.
    func forEachPhraseBreak(in utf16: UnsafeBufferPointer<UInt16>, _ body: (Int, Bool) -> Void) {
        // A text no longer than a run ICU takes whole, nearly every title: no cuts to look for.
        guard utf16.count > Self.maximumPhraseRun else { return forEachBreak(in: utf16, body) }
        var start = 0
        for end in Self.phraseCuts(in: utf16) + [utf16.count] {
            let isCut = end < utf16.count
            forEachBreak(in: UnsafeBufferPointer(rebasing: utf16[start..<end])) { offset, mandatory in
                // The end of a piece before a cut is the cut: a phrase's end, not the text's.
                body(start + offset, mandatory && !(isCut && start + offset == end))
            }
            start = end
        }
    }

    /// The longest run of kana and ideographs handed to ICU's phrase breaker whole.
    static let maximumPhraseRun = 2048

    /// Where ``forEachPhraseBreak(in:_:)`` cuts `utf16`: in each run of kana and ideographs,
    /// once a piece is ``maximumPhraseRun`` units long, before the next ideograph or kana the
    /// strict rules let a line start with (line-break class ID), or, in a run of characters
    /// none of which may start a line, another ``maximumPhraseRun`` units on.
    static func phraseCuts(in utf16: UnsafeBufferPointer<UInt16>) -> [Int] {
        var cuts: [Int] = []
        var pieceStart = 0
        for (index, unit) in utf16.enumerated() {
            guard isKanaOrIdeograph(unit) else {
                pieceStart = index + 1
                continue
            }
            let length = index - pieceStart
            guard length >= maximumPhraseRun else { continue }
            if length >= 2 * maximumPhraseRun || ICULineBreakClass.of(UInt32(unit)) == ideographic {
                cuts.append(index)
                pieceStart = index
            }
        }
        return cuts
    }

    /// Hiragana, katakana and the CJK ideographs of the BMP: characters ICU's Chinese and
    /// Japanese dictionary breaks runs of (a subset of its set, so that a run found here is
    /// never shorter than ICU's).
    private static func isKanaOrIdeograph(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x3041...0x3096, 0x309D...0x309F, 0x30A1...0x30FA, 0x30FC...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF: true
        default: false
        }
    }

    private static let ideographic: Int32 = 14  // U_LB_IDEOGRAPHIC

    /// The Unicode version of the ICU data, such as "15.0".
    static var unicodeVersion: String { versionText(cardsize_icu_unicode_version) }

    /// The version of the ICU library loaded, such as "72.1".
    static var icuVersion: String { versionText(cardsize_icu_version) }

    private static func versionText(_ write: (UnsafeMutablePointer<CChar>, Int32) -> Void) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        write(&buffer, 32)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// ICU's Line_Break property (`u_getIntPropertyValue(…, UCHAR_LINE_BREAK)`, a `ULineBreak`).
enum ICULineBreakClass {
    /// The class of `scalar`; ASCII and Latin-1, most characters the rules ask about, from a
    /// table read from ICU once (a lookup instead of a call into ICU).
    @inline(__always) static func of(_ scalar: UInt32) -> Int32 {
        scalar < 0x100 ? latin1[Int(scalar)] : cardsize_line_break_class(scalar)
    }

    private static let latin1: [Int32] = (0..<0x100).map { cardsize_line_break_class($0) }
}
