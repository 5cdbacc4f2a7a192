// The long differential run (scripts/differential.sh): the fast paths against the full path
// on millions of generated titles and random mixed-script strings. Too long for CI.
import BundledFonts
import CatalogGenerator
import TextEngine

/// Measures every text with fast paths and without (every run shaped whole) at several
/// sizes, widths and every profile, and counts the texts whose measurements differ in
/// anything: line starts, widths, heights, slack, truncation, natural width.
struct FastPathDifferential {
    let titles: Int
    let randomStrings: Int
    let seed: UInt64

    /// Characters a quarter of the random strings are made of: ASCII, Latin-1, kana, kanji, full-width forms,
    /// Hebrew, Arabic, Cyrillic, Greek, emoji, marks, joiners, spaces of several kinds.
    private static let alphabet: [Unicode.Scalar] = {
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0xA0...0xFF, 0x3041...0x3096, 0x30A1...0x30FC, 0x4E00...0x4E40, 0xFF01...0xFF20,
            0x05D0...0x05EA, 0x0627...0x063A, 0x0410...0x044F, 0x0391...0x03A9, 0x1F600...0x1F610,
            0x0300...0x0306, 0x3000...0x3003, 0x2010...0x2027,
        ]
        let extra: [UInt32] = [0x200D, 0xFE0F, 0x0020, 0x0020, 0x0020, 0x0020, 0x000A, 0x3099, 0x1F1EF, 0x1F1F5]
        return (ranges.flatMap { $0 } + extra).compactMap(Unicode.Scalar.init)
    }()

    /// Characters another quarter are made of: those of Japanese titles the plain-text break
    /// table knows or refuses (kana, kanji, CJK punctuation and iteration marks, full-width
    /// forms) with ASCII's letters, digits, spaces and punctuation.
    private static let japanese: [Unicode.Scalar] = {
        let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0x3000...0x30FF, 0x4E00...0x4E40, 0xFF01...0xFF5E]
        return (ranges.flatMap { $0 } + Array(repeating: 0x20, count: 8)).compactMap(Unicode.Scalar.init)
    }()

    /// Printable ASCII, letters and spaces weighted as in titles.
    private static let printableASCII: [Unicode.Scalar] =
        (0x20...0x7E).compactMap(Unicode.Scalar.init) + Array(repeating: " ", count: 12)
        + Array(repeating: "e", count: 8) + Array(repeating: "a", count: 6)

    func run() throws -> Int {
        let chain = try BundledFonts.chain()
        let fast = TextMeasurer()
        let full = TextMeasurer(fastPaths: false)
        let generator = try CatalogGenerator(sources: SourceCatalogs(), mode: .unique, seed: seed)
        var texts: [(text: String, language: String)] = try generator.records(count: titles).map {
            ($0.title, $0.language == .japanese ? "ja" : "en")
        }
        var random = SplitMix64(seed: seed)
        for index in 0..<randomStrings {
            let length = 1 + Int(random.next() % 40)
            var scalars = String.UnicodeScalarView()
            // Half of them printable ASCII only, the plain-text fast paths' domain.
            let alphabet = [Self.alphabet, Self.japanese, Self.printableASCII, Self.printableASCII][index % 4]
            for _ in 0..<length { scalars.append(alphabet[Int(random.next() % UInt64(alphabet.count))]) }
            texts.append((String(scalars), index % 2 == 0 ? "en" : "ja"))
        }
        // The random strings are broken at each strictness in turn (each has its own table).
        let strictness = [LineBreakStrictness.strict, .normal, .loose]
        var differing = 0
        var compared = 0
        for (index, text) in texts.enumerated() {
            let size = [11.0, 15, 24][index % 3]
            for profile in MetricsProfile.allCases {
                var style = TextStyle(fonts: chain, size: size, language: text.language, profile: profile)
                if index >= titles { style.lineBreak = strictness[(index / 4) % 3] }
                for width in [40.0, 127, 300] {
                    compared += 1
                    let expected = try full.measure(text.text, style: style, width: width, maxLines: index % 2 == 0 ? 2 : 0)
                    let actual = try fast.measure(text.text, style: style, width: width, maxLines: index % 2 == 0 ? 2 : 0)
                    if actual != expected {
                        differing += 1
                        if differing <= 10 { print("differs: \(size) px, \(profile), width \(width): \(text.text.debugDescription)") }
                    }
                }
            }
            if (index + 1) % 1_000_000 == 0 { print("\(index + 1) texts, \(differing) differences so far") }
        }
        print("""
            fast paths against whole-run shaping: \(texts.count) texts (\(titles) generated titles, \
            \(randomStrings) random strings: a quarter mixed-script, a quarter Japanese and ASCII, half printable ASCII; \
            the random ones at each strictness in turn), \(compared) measurements, \(differing) differences
            """)
        return differing
    }
}
