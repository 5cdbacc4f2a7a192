// The linear line breaker against the straightforward one, over random texts and widths.
import CatalogGenerator
import Testing

@testable import TextEngine

/// A line as a tuple of its fields, to compare two breakers' lines.
private func fields(_ lines: BrokenLines) -> [String] {
    lines.lines.map { "\($0.start) \($0.contentEnd) \($0.end) \($0.width) \($0.slack) \($0.hasEllipsis)" }
        + ["truncated \(lines.isTruncated)"]
}

@Suite("Line breaker against a reference")
struct LineBreakerDifferentialTests {
    /// Pieces random texts are made of: words, long words, white space of several kinds,
    /// separators, CJK, right-to-left scripts, digits, emoji, combining marks, soft hyphens.
    private static let pieces = [
        "the", "Hunger", "Games", "extraordinary", "a", ",", "(", ")", "-", "—", "co-operate", "1,234.5",
        " ", "  ", "   ", "\t", "\u{3000}", "\u{2002}", "\u{00A0}", "\n", "\r\n", "\u{2028}", "\n\n",
        "吾輩は猫である。", "日本語", "「題名」", "ー", "한국어", "שלום", "مرحبا", "123", "👍🏽", "🇯🇵", "e\u{301}",
        "\u{00AD}", "\u{200B}", "x\u{00AD}y",
    ]

    private static func randomText(_ random: inout SplitMix64) -> String {
        var text = ""
        for _ in 0..<random.index(below: 40) {
            switch random.index(below: 12) {
            case 0:  // a word wider than most lines
                let letter = ["a", "m", "W", "あ", "ш"][random.index(below: 5)]
                text += String(repeating: letter, count: 1 + random.index(below: 300))
            case 1:  // a long run of white space
                text += String(repeating: [" ", "\u{3000}", "\u{2002}"][random.index(below: 3)], count: 1 + random.index(below: 200))
            default:
                text += pieces[random.index(below: pieces.count)]
            }
        }
        return text
    }

    private static func randomWidth(_ random: inout SplitMix64) -> Double {
        switch random.index(below: 6) {
        case 0: 0.001
        case 1: [0, 1, 5, 9.75, 17, 100, 1000][random.index(below: 7)]
        case 2: .infinity
        default: random.unitInterval() * 300
        }
    }

    @Test("random texts: the same lines, widths, slack and truncation", arguments: [MetricsProfile.uikit, .pango])
    func randomTexts(profile: MetricsProfile) throws {
        var random = SplitMix64(seed: profile == .uikit ? 11 : 12)
        let measurer = TextMeasurer()
        var compared = 0
        for _ in 0..<400 {
            let text = Self.randomText(&random)
            let style = try TestSupport.style(
                size: [9, 15, 17, 40][random.index(below: 4)], language: random.chance(1, in: 3) ? "ja" : "en",
                lineBreak: random.chance(1, in: 4) ? .phrase : .strict, profile: profile)
            let prepared = try measurer.prepare(text, style: style)
            for _ in 0..<4 {
                let width = Self.randomWidth(&random)
                let available = width >= 0x1p40 ? Int64.max / 4 : prepared.policy.available(width)
                let maxLines = random.chance(1, in: 2) ? 0 : 1 + random.index(below: 4)
                let ellipsize = random.chance(1, in: 2)
                let linear = LineBreaker(text: prepared, available: available).breakLines(maxLines: maxLines, ellipsize: ellipsize)
                let reference = ReferenceLineBreaker(text: prepared, available: available)
                    .breakLines(maxLines: maxLines, ellipsize: ellipsize)
                #expect(
                    fields(linear) == fields(reference),
                    "\(text.debugDescription) at \(width), maxLines \(maxLines), ellipsize \(ellipsize)")
                compared += 1
            }
        }
        #expect(compared == 1600)
    }

    @Test(
        "long words and long white space, at tiny and ordinary widths, with and without a line limit",
        arguments: [MetricsProfile.uikit, .pango], [LineBreakStrictness.strict, .phrase])
    func longWordsAndWhiteSpace(profile: MetricsProfile, lineBreak: LineBreakStrictness) throws {
        let style = try TestSupport.style(
            size: 17, language: lineBreak == .phrase ? "ja" : "en", lineBreak: lineBreak, profile: profile)
        let texts = [
            String(repeating: "a", count: 1500),
            // Phrases wider than the line, with opportunities inside them and without.
            String(repeating: "窓ぎわのトットちゃん", count: 100),
            String(repeating: "東京特許許可局", count: 150) + "の" + String(repeating: "b", count: 700) + "は",
            "a" + String(repeating: " ", count: 1500) + "bbbbbbbbbbbbbbbbbbbb cccccccccccccc",
            String(repeating: "a", count: 800) + String(repeating: " ", count: 800) + "b",
            String(repeating: "co-operate", count: 100),
            String(repeating: "日本語", count: 300),
            String(repeating: "word ", count: 300),
            String(repeating: "\n", count: 500) + String(repeating: "x", count: 500),
        ]
        for text in texts {
            let prepared = try TestSupport.measurer.prepare(text, style: style)
            for width in [0.001, 3, 60, 500, 1e6] {
                for (maxLines, ellipsize) in [(0, true), (1, true), (1, false), (3, true), (3, false)] {
                    let available = prepared.policy.available(width)
                    #expect(
                        fields(LineBreaker(text: prepared, available: available).breakLines(maxLines: maxLines, ellipsize: ellipsize))
                            == fields(ReferenceLineBreaker(text: prepared, available: available).breakLines(maxLines: maxLines, ellipsize: ellipsize)),
                        "\(text.prefix(20).debugDescription)… (\(text.count) characters) at \(width), maxLines \(maxLines)")
                }
            }
        }
    }
}
