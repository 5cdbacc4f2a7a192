// The language tags shaping and line breaking are given: a bounded set, whatever callers name.
import CICU

/// The form of a BCP 47 tag that HarfBuzz and ICU are given.
///
/// HarfBuzz keeps every language string it is given for the life of the process, and each
/// face a shaping plan per language; a server client naming a new `lang` in each request grew
/// the process by about 2 KB a request, without end. So a tag is reduced to what selects
/// anything in them: its language subtag, lowercased, when ICU knows it as an ISO 639 code
/// (a fixed list of about 600); for Chinese, also a script (`Hans`, `Hant`) and a region
/// (`CN`, `HK`, `MO`, `SG`, `TW`), which choose simplified or traditional forms. A tag whose
/// language is not on the list becomes the empty tag: OpenType's default language system and
/// ICU's default rules, as such a tag got before. `ja`, `ja-JP`, `ja_JP` and `JA` are all `ja`.
enum LanguageTag {
    /// `tag` reduced to the bounded form; empty when its language subtag is unknown.
    static func bounded(_ tag: String) -> String {
        var subtags = tag.utf8.split(omittingEmptySubsequences: false) { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
            .makeIterator()
        guard let first = subtags.next(), (2...3).contains(first.count), first.allSatisfy(isLetter) else { return "" }
        let language = String(decoding: first.map(lowercased), as: UTF8.self)
        guard knownLanguages.contains(language) else { return "" }
        guard language == "zh" else { return language }
        var result = language
        var next = subtags.next()
        if let script = next, script.count == 4, case let name = titlecased(script), chineseScripts.contains(name) {
            result += "-" + name
            next = subtags.next()
        }
        if let region = next, region.count == 2, case let name = String(decoding: region.map(uppercased), as: UTF8.self),
            chineseRegions.contains(name)
        {
            result += "-" + name
        }
        return result
    }

    /// How many language subtags the bounded form knows.
    static var knownLanguageCount: Int { knownLanguages.count }

    /// ICU's ISO 639 codes (`uloc_getISOLanguages`), read once.
    private static let knownLanguages: Set<String> = {
        var codes: Set<String> = []
        guard let list = cardsize_iso_languages() else { return codes }
        var index = 0
        while let code = list[index] {
            codes.insert(String(cString: code))
            index += 1
        }
        return codes
    }()

    private static let chineseScripts: Set<String> = ["Hans", "Hant"]
    private static let chineseRegions: Set<String> = ["CN", "HK", "MO", "SG", "TW"]

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func lowercased(_ byte: UInt8) -> UInt8 { isLetter(byte) ? byte | 0x20 : byte }
    private static func uppercased(_ byte: UInt8) -> UInt8 { isLetter(byte) ? byte & ~0x20 : byte }

    private static func titlecased(_ subtag: Substring.UTF8View.SubSequence) -> String {
        String(decoding: subtag.enumerated().map { $0.offset == 0 ? uppercased($0.element) : lowercased($0.element) }, as: UTF8.self)
    }
}
