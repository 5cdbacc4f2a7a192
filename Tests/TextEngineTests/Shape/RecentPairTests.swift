// The memo of the last two languages and line breakers a thread asked for.
import CatalogGenerator
import Testing

@testable import TextEngine

@Suite struct RecentPairTests {
    /// Against a list of every key noted, latest first: a key among the last two gives the
    /// value noted with it, any other none, over a random run of five keys.
    @Test func givesTheValuesOfTheLastTwoKeysAndNoOthers() {
        var pair = RecentPair<Int, String>()
        var noted: [Int] = []  // latest first, as the pair orders them
        var generator = SplitMix64(seed: 5)
        for step in 0..<2_000 {
            let key = Int.random(in: 0..<5, using: &generator)
            let expected = noted.prefix(2).contains(key) ? "value \(key)" : nil
            #expect(pair.value(for: key) == expected, "step \(step)")
            if expected == nil {
                pair.note("value \(key)", for: key)
            }
            noted.removeAll { $0 == key }
            noted.insert(key, at: 0)
        }
    }

    /// Texts measured by turns in three styles (English; Japanese breaking strictly and
    /// loosely, which break small kana and prolonged sounds apart differently) by one
    /// measurer, going back to the style before last and on to one not among the last two,
    /// break as each does measured alone: each text gets its own style's breaker and
    /// HarfBuzz language.
    @Test func stylesInTurnMeasureAsEachAlone() throws {
        let styles = [
            try TestSupport.style(size: 15, language: "en", profile: .pango),
            try TestSupport.style(size: 15, language: "ja", lineBreak: .strict, profile: .pango),
            try TestSupport.style(size: 15, language: "ja", lineBreak: .loose, profile: .pango),
        ]
        let titles = Array(try CatalogTitles.goodbooks.get().prefix(100)) + Array(try CatalogTitles.aozora.get().prefix(300))
        let inTurn = TextMeasurer()
        var differing = 0  // titles whose strict and loose breaks differ: the styles can be told apart
        for (index, title) in titles.enumerated() {
            var alone: [TextMeasurement] = []
            for turn in [0, 1, 0, 2, 1, 2, 0] {
                let style = styles[(index + turn) % styles.count]
                let expected = try TextMeasurer().measure(title, style: style, width: 90, maxLines: 0)
                #expect(try inTurn.measure(title, style: style, width: 90, maxLines: 0) == expected, "\(title)")
                alone.append(expected)
            }
            if alone[2].lines.map(\.scalarOffset) != alone[3].lines.map(\.scalarOffset) { differing += 1 }
        }
        #expect(differing > 0)
    }
}
