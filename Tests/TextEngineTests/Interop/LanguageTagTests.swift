// The languages handed to HarfBuzz and ICU: a bounded set, whatever tags callers name.
import Testing

@testable import TextEngine

@Suite struct LanguageTagTests {
    @Test(arguments: [
        ("ja", "ja"), ("ja-JP", "ja"), ("ja_JP", "ja"), ("JA", "ja"), ("en-US-x-private", "en"), ("ru", "ru"),
        ("ar", "ar"), ("fil", "fil"), ("zh", "zh"), ("zh-Hant", "zh-Hant"), ("zh_hant_tw", "zh-Hant-TW"),
        ("zh-TW", "zh-TW"), ("zh-Latn-FR", "zh"), ("", ""), ("x-1f", ""), ("qq", ""), ("e", ""), ("1234", ""),
        ("jaa", ""), ("ja\u{0}", ""),
    ])
    func tagsAreReducedToWhatSelectsAnything(tag: String, bounded: String) {
        #expect(LanguageTag.bounded(tag) == bounded)
    }

    /// The leak of issue 41: HarfBuzz keeps every language it is given, and each new `lang`
    /// of a request grew the server for good. Every two- and three-letter tag, each also
    /// with a region and with private use, and 10,000 private-use tags: HarfBuzz is handed
    /// no more languages than ICU has ISO 639 codes, plus the Chinese forms.
    @Test func harfBuzzIsHandedABoundedSetOfLanguages() {
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        var tags = (0..<10_000).map { "x-\(String($0, radix: 16))" }
        for first in letters {
            for second in letters {
                tags += ["\(first)\(second)", "\(first)\(second)-\(first.uppercased())\(second.uppercased())"]
                tags += letters.map { "\(first)\(second)\($0)-x-\($0)" }
            }
        }
        let languages = Set(tags.map { HarfBuzzUnicode.language($0).map { Int(bitPattern: $0) } ?? 0 })
        #expect(tags.count > 28_000)
        #expect(languages.count <= LanguageTag.knownLanguageCount + 1)
        #expect(languages.count > 100)
    }

    /// Tags that name the same language share HarfBuzz's language: the same shaping plans.
    @Test func spellingsOfOneLanguageShareHarfBuzzsLanguage() {
        #expect(HarfBuzzUnicode.language("ja-JP") == HarfBuzzUnicode.language("ja"))
        #expect(HarfBuzzUnicode.language("zh-Hant") != HarfBuzzUnicode.language("zh-Hans"))
        #expect(HarfBuzzUnicode.language("x-unknown") == nil)
    }

    @Test func lineBreakingLocalesAreOfTheBoundedTag() throws {
        var style = try TestSupport.style(language: "ja-JP-x-anything")
        #expect(style.lineBreakLocale == "ja@lb=strict")
        style.language = "x-1234"
        #expect(style.lineBreakLocale == "en@lb=strict")
        style.language = "zh_Hant_HK"
        style.lineBreak = .auto
        #expect(style.lineBreakLocale == "zh_Hant_HK")
    }
}
