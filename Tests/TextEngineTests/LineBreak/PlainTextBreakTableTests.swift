import CatalogGenerator
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
                    if known != icu { different.append(String(String.UnicodeScalarView(string.compactMap(Unicode.Scalar.init)))) }
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
        text.map { UInt16($0) }.withUnsafeBufferPointer { utf16 in  // plain text is all in the BMP
            breaker.forEachBreak(in: utf16) { offset, _ in if offset < utf16.count { positions.append(offset) } }
        }
        return positions
    }

    /// The plain classes: ASCII's twelve, then those of Japanese titles.
    static let representatives = PlainTextBreakTable.representatives
    static let asciiRepresentatives = representatives.filter { $0 < 0x80 }
    static let japaneseRepresentatives = representatives.filter { $0 >= 0x80 }

    @Test func theClassesAreASCIIsAndJapaneseOnes() {
        #expect(Self.asciiRepresentatives.count == 12)  // SP EX QU AL OP CP IS HY SY NU BA CL
        // BA (U+3000), CL (、), ID (〃, kana, kanji), OP (〈), NS (〼), CJ (ぁ), ・, EX (！):
        // each a class of its own beside ASCII's, as ICU's rule LB30 tells wide brackets apart.
        #expect(Self.japaneseRepresentatives == [0x3000, 0x3001, 0x3003, 0x3008, 0x303C, 0x3041, 0x30FB, 0xFF01])
        #expect(Self.representatives.prefix(12).allSatisfy { $0 < 0x80 })
    }

    /// Strings of up to four characters over all the classes teach every window; 30,000
    /// strings of five to eight drawn at random are then answered by the table, and must be
    /// ICU's answer.
    @Test(arguments: locales) func randomStringsOverAllClassesBreakAsICUDoes(locale: String) throws {
        let breaker = try ICULineBreaker(locale: locale)
        var table = PlainTextBreakTable()
        var strings: [[UInt32]] = [[]]
        for _ in 1...4 {
            strings = strings.flatMap { prefix in Self.representatives.map { prefix + [$0] } }
                .filter(PlainTextBreakTable.isPlain)
            for string in strings where table.forEachBreak(in: string, { _ in }) == .unlearned {
                let icu = Self.icuBreaks(string, breaker: breaker)
                table.learn(from: string) { icu.contains($0) }
            }
        }
        var generator = SplitMix64(seed: 14)
        var compared = 0
        var different: [String] = []
        while compared < 30_000 {
            let length = 5 + Int(generator.next() % 4)
            let string = (0..<length).map { _ in Self.representatives[Int(generator.next() % UInt64(Self.representatives.count))] }
            guard PlainTextBreakTable.isPlain(string) else { continue }
            var known: [Int] = []
            #expect(table.forEachBreak(in: string, { known.append($0) }) == .found)
            compared += 1
            if known != Self.icuBreaks(string, breaker: breaker) {
                different.append(String(String.UnicodeScalarView(string.compactMap(Unicode.Scalar.init))))
            }
        }
        #expect(different.prefix(20).isEmpty)
    }

    /// One character more of context on either side changes nothing: every string of five
    /// over ASCII's classes, and over the Japanese classes with the space and a letter.
    @Test(arguments: locales) func everyStringOfUpToFiveClassesBreaksAsICUDoes(locale: String) throws {
        for characters in [Self.asciiRepresentatives, Self.japaneseRepresentatives + [0x20, 0x61]] {
            let (plain, compared, different) = try Self.teachAndCompare(
                locale: locale, characters: characters, upToLength: 5)
            #expect(different.prefix(20).isEmpty)
            #expect(compared[5] == plain[5])
        }
    }

    /// Every plain character outside ASCII breaks as the representative of its class: in
    /// each place of every string of three with two other classes' representatives. The
    /// ideographs, all of one class by Unicode's data, are checked one in 1,000.
    @Test(arguments: locales) func everyPlainCharacterOutsideASCIIBreaksAsItsClass(locale: String) throws {
        let breaker = try ICULineBreaker(locale: locale)
        let others = Self.representatives
        var checked = 0
        var different: [String] = []  // the characters that break unlike their class
        for scalar in Self.plainCharactersOutsideASCII() {
            let representative = Self.representatives.first { PlainTextBreakTable.sameClass($0, scalar) }!
            guard representative != scalar else { continue }
            for first in others {
                for second in others {
                    for text in [[scalar, first, second], [first, scalar, second], [first, second, scalar]] {
                        let same = text.map { $0 == scalar ? representative : $0 }
                        guard PlainTextBreakTable.isPlain(text) else { continue }
                        checked += 1
                        if Self.icuBreaks(text, breaker: breaker) != Self.icuBreaks(same, breaker: breaker),
                            different.last != String(Unicode.Scalar(scalar)!)
                        {
                            different.append(String(Unicode.Scalar(scalar)!))
                        }
                    }
                }
            }
        }
        #expect(different.isEmpty)
        #expect(checked > 100_000)
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

    /// The plain characters outside ASCII, the ideographs one in 1,000 (and the first and last).
    static func plainCharactersOutsideASCII() -> [UInt32] {
        let ideographs = Array(stride(from: 0x4E00, to: 0xA000, by: 1000)) + [0x9FFF]
        let candidates = Array(0x3000..<0x3100) + Array(0xFF00..<0xFF60) + ideographs
        let plain = candidates.map(UInt32.init).filter { PlainTextBreakTable.isPlain([$0]) }
        #expect(ideographs.allSatisfy { plain.contains(UInt32($0)) })
        return plain
    }

    /// What plain text leaves to ICU: numeric affixes, separator runs, spaces after an
    /// opening bracket or another space, characters outside printable ASCII and the
    /// Japanese classes (and those of them ICU's rules name one by one, digits and affixes).
    @Test func textThatNeedsMoreContextIsNotPlain() {
        let table = PlainTextBreakTable()
        for text in [
            "$5", "50%", "a+b", "a\\b", "1.,2", "a/:b", "( a", "[ a", "{ a", "a  b", "café", "a\tb", "",
            "「 a", "（ あ", "１００％", "￥１", "人々", "ゝ", "“本”", "한국",
        ] {
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
