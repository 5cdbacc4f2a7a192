import Testing

@testable import TextEngine

/// The plain-text break table against ICU's iterator, for the languages and strictnesses
/// the product uses: a table taught by ICU on some texts must answer for every other text
/// it claims to know exactly as ICU does.
@Suite struct PlainTextBreakTableTests {
    static let locales = ["en@lb=strict", "en@lb=normal", "en@lb=loose", "ja@lb=strict", "ja@lb=normal", "ja@lb=loose"]

    /// Enumerates every plain string of up to `length` of `characters`, shortest first; each
    /// the table knows is compared with ICU, each it does not know teaches it. Returns, per
    /// length, the plain strings and those compared, and the strings that differed.
    static func teachAndCompare(
        locale: String, characters: [UInt32], upToLength length: Int
    ) throws -> (plain: [Int], compared: [Int], different: [String]) {
        let breaker = try ICULineBreaker(locale: locale)
        var table = PlainTextBreakTable()
        var compared = [Int](repeating: 0, count: length + 1)
        var plain = compared
        var different: [String] = []
        var strings: [[UInt32]] = [[]]
        for size in 1...length {
            strings = strings.flatMap { prefix in characters.map { prefix + [$0] } }.filter(PlainTextBreakTable.isPlain)
            plain[size] = strings.count
            for string in strings {
                let icu = icuBreaks(string, breaker: breaker)
                var known: [Int] = []
                switch table.forEachBreak(in: string, { known.append($0) }) {
                case .found:
                    compared[size] += 1
                    if known != icu { different.append(String(decoding: string.map { UInt8($0) }, as: UTF8.self)) }
                case .unlearned: table.learn(from: string) { icu.contains($0) }
                case .notPlain: Issue.record("plain string refused: \(string)")
                }
            }
        }
        return (plain, compared, different)
    }

    /// The inner positions ICU breaks at in `text`.
    static func icuBreaks(_ text: [UInt32], breaker: ICULineBreaker) -> [Int] {
        var positions: [Int] = []
        text.map { UInt16($0) }.withUnsafeBufferPointer { utf16 in
            breaker.forEachBreak(in: utf16) { offset, _ in if offset < utf16.count { positions.append(offset) } }
        }
        return positions
    }

    /// Strings of up to four characters teach every window; every string of five is then
    /// answered by the table, and must be ICU's answer.
    @Test(arguments: locales) func everyStringOfUpToFiveClassesBreaksAsICUDoes(locale: String) throws {
        let representatives = PlainTextBreakTable.representatives
        #expect(representatives.count == 12)  // SP EX QU AL OP CP IS HY SY NU BA CL
        let (plain, compared, different) = try Self.teachAndCompare(
            locale: locale, characters: representatives.map(UInt32.init), upToLength: 5)
        let firstDifferent = different.prefix(20)
        #expect(firstDifferent.isEmpty)
        #expect(compared[5] == plain[5])
    }

    /// Characters of one class behave alike: windows taught by some characters answer for
    /// the others.
    @Test(arguments: locales) func everyStringOfUpToThreePlainCharactersBreaksAsICUDoes(locale: String) throws {
        let (plain, compared, different) = try Self.teachAndCompare(
            locale: locale, characters: Array(0x20...0x7E), upToLength: 3)
        let firstDifferent = different.prefix(20)
        #expect(firstDifferent.isEmpty)
        // At most one string of each three classes teaches; all others are compared.
        #expect(compared[3] >= plain[3] - 12 * 12 * 12)
    }

    /// What plain text leaves to ICU: numeric affixes, separator runs, spaces after an
    /// opening bracket or another space, anything outside printable ASCII.
    @Test func textThatNeedsMoreContextIsNotPlain() {
        let table = PlainTextBreakTable()
        for text in ["$5", "50%", "a+b", "a\\b", "1.,2", "a/:b", "( a", "[ a", "{ a", "a  b", "café", "a\tb", ""] {
            #expect(table.forEachBreak(in: text.unicodeScalars.map(\.value), { _ in }) == .notPlain, "\(text)")
        }
    }

    /// A title taught once is answered from the table; a title with a window never seen is not.
    @Test func aTaughtTitleIsAnsweredAndAnUnseenWindowIsNot() throws {
        let breaker = try ICULineBreaker(locale: "en@lb=strict")
        var table = PlainTextBreakTable()
        let title = "The Hunger Games (Book 1)".unicodeScalars.map(\.value)
        #expect(table.forEachBreak(in: title, { _ in }) == .unlearned)
        let icu = Self.icuBreaks(title, breaker: breaker)
        #expect(icu == [4, 11, 17, 23])  // after each space
        table.learn(from: title) { icu.contains($0) }
        var known: [Int] = []
        #expect(table.forEachBreak(in: title, { known.append($0) }) == .found)
        #expect(known == icu)
        #expect(table.forEachBreak(in: "well-known 1,000".unicodeScalars.map(\.value), { _ in }) == .unlearned)
    }
}
