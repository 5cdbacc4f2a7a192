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
