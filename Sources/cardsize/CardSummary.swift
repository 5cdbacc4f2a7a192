// The summary of a card run: what a person reads on stderr afterwards.
import CardModel
import CatalogIO
import TextEngine

/// What a person reads after a run: cards, heights, title lines, truncation, errors, speed.
struct CardSummary {
    var measured = 0
    var failed = 0
    var heights: [Double: Int] = [:]
    var titleLines: [Int: Int] = [:]
    var truncated = 0
    /// Titles whose break decision was within half a point of going the other way.
    var nearTies = 0
    var elapsed = Duration.zero
    /// The text engine's caches at the end of the run, when it has them.
    var cardCache: TextMeasurer.CacheStatistics?
    var measurementCache: TextMeasurer.CacheStatistics?
    var preparedTextCache: TextMeasurer.CacheStatistics?

    mutating func add(_ card: CardMeasurement) {
        measured += 1
        heights[card.size.height, default: 0] += 1
        titleLines[card.titleLineCount, default: 0] += 1
        if card.isTitleTruncated { truncated += 1 }
        if card.titleMinimumSlack < 0.5 { nearTies += 1 }
    }

    var lines: [String] {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Int(Double(measured + failed) / seconds) : 0
        let heightText = heights.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
            .prefix(4).map { "\(Self.format($0.key)) pt × \($0.value)" }.joined(separator: ", ")
        let linesText = titleLines.keys.sorted().map { "\(titleLines[$0]!) on \($0) line\($0 == 1 ? "" : "s")" }
            .joined(separator: ", ")
        return [
            "\(measured + failed) records: \(measured) cards, \(failed) errors; \(rate) cards/s, "
                + "peak memory \(PeakMemory.megabytes()) MB",
            "card heights: \(heightText)\(heights.count > 4 ? " (\(heights.count) heights in all)" : "")",
            "titles: \(linesText); \(truncated) truncated; \(nearTies) near-ties (slack < 0.5 pt)",
        ] + cacheLine
    }

    /// How often a label was found already measured, or its text already shaped.
    private var cacheLine: [String] {
        let parts = [("cards", cardCache), ("label measurements", measurementCache), ("prepared texts", preparedTextCache)].compactMap {
            name, statistics in
            statistics.map { "\(name) \(Self.format($0.hitRate * 100))% hits (\($0.entries) held)" }
        }
        return parts.isEmpty ? [] : ["caches: " + parts.joined(separator: ", ")]
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
