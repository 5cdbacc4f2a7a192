// Cutting real titles into words (English) and script runs (Japanese), the pieces that
// generated titles are recombined from.

/// The pieces of a real title that generated titles reuse, by language.
///
/// Titles are cut by code points and bytes, never by `Character` (whose grapheme rules and
/// Unicode properties follow the toolchain's Unicode version), so the pieces are the same
/// with every toolchain.
enum TitleFragments {
    /// The title's English words fit to be code words: tokens between spaces, stripped of
    /// surrounding punctuation, made of ASCII letters (and inner `'` or `-`) only.
    static func englishWords(of title: String) -> [Substring] {
        title.unicodeScalars.split(separator: " ").compactMap { token in
            var word = token
            while let first = word.first, isPunctuation(first) { word.removeFirst() }
            while let last = word.last, isPunctuation(last) { word.removeLast() }
            guard let first = word.first, isASCIILetter(first),
                word.allSatisfy({ isASCIILetter($0) || $0 == "'" || $0 == "-" })
            else { return nil }
            return Substring(word)
        }
    }

    /// The title's first `count` words as written, stopping before a series suffix `(…`;
    /// fewer when the title has fewer.
    static func leadingEnglishWords(of title: String, count: Int) -> Substring {
        var end = title.utf8.startIndex
        for word in title.utf8.split(separator: UInt8(ascii: " ")).prefix(count) {
            if word.first == UInt8(ascii: "(") { break }
            end = word.endIndex
        }
        return Substring(title.utf8[..<end])
    }

    private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        ",:;()\"#!?.".unicodeScalars.contains(scalar)
    }

    private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}

/// The script of a Japanese character, as far as cutting titles into runs needs it.
enum JapaneseScript: Equatable {
    case kanji, katakana, hiragana, other

    init(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x3005, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: self = .kanji
        case 0x30A1...0x30FA, 0x30FC: self = .katakana  // without ・ (U+30FB), with ー
        case 0x3041...0x3096: self = .hiragana
        default: self = .other
        }
    }

    /// The title's runs of one script, in order (runs of `.other` included).
    static func runs(of title: String) -> [(script: JapaneseScript, text: Substring)] {
        var runs: [(script: JapaneseScript, text: Substring)] = []
        let scalars = title.unicodeScalars
        var start = scalars.startIndex
        while start < scalars.endIndex {
            let script = JapaneseScript(scalars[start])
            let end = scalars[start...].firstIndex { JapaneseScript($0) != script } ?? scalars.endIndex
            runs.append((script, Substring(scalars[start..<end])))
            start = end
        }
        return runs
    }
}
