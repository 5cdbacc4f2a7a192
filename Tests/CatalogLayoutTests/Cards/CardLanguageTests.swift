// A card's language: Japanese for titles with kana or kanji, or the language given.
import CatalogLayout
import Testing

@Suite struct CardLanguageTests {
    @Test func titlesWithKanaOrKanjiAreJapanese() {
        #expect(CardLanguage.guess("吾輩は猫である") == "ja")
        #expect(CardLanguage.guess("ノルウェイの森") == "ja")
        #expect(CardLanguage.guess("Dune") == "en")
        #expect(CardLanguage.guess("Les Misérables") == "en")
        #expect(CardLanguage(argument: "auto").language(of: "こころ") == "ja")
        #expect(CardLanguage(argument: "ko").language(of: "こころ") == "ko")
    }
}
