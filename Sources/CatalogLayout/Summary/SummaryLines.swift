// The summary of a card run: what a person reads on stderr afterwards.
import CatalogIO
import JSON

/// Numbers as the summaries print them: at most three decimals, whole numbers without any,
/// through ``JSONBytes/numberText(_:)``, which never converts a huge value to an integer.
public enum SummaryFormat {
    public static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000 + 0  // + 0 turns −0 into 0
        return rounded.isFinite ? JSONBytes.numberText(rounded) : String(value)
    }
}

extension CardRunStatistics {
    /// Cards, heights, title lines, truncation, errors, speed, memory and caches.
    public var lines: [String] {
        let format = SummaryFormat.number
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Int(Double(records) / seconds) : 0
        let heightText = heights.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
            .prefix(4).map { "\(format($0.key)) pt × \($0.value)" }.joined(separator: ", ")
        let linesText = titleLines.sorted { $0.key < $1.key }.map { "\($0.value) on \($0.key) line\($0.key == 1 ? "" : "s")" }
            .joined(separator: ", ")
        return [
            "\(records) records: \(measured) cards, \(failed) errors; \(rate) cards/s, "
                + "peak memory \(PeakMemory.megabytes()) MB",
            "card heights: \(heightText)\(heights.count > 4 ? " (\(heights.count) heights in all)" : "")",
            "titles: \(linesText); \(truncated) truncated; \(nearTies) near-ties (slack < 0.5 pt)",
        ] + MissingGlyphNote.lines(count: missingGlyphCards, of: "card")
            + MultilineRecordNote.lines(count: multilineRecords, firstLine: firstMultilineRecordLine) + cacheLine
    }

    /// How often a card or label was found already measured, or its text already shaped.
    private var cacheLine: [String] {
        let parts = [("cards", cardCache), ("label measurements", measurementCache), ("prepared texts", preparedTextCache)].compactMap {
            name, statistics in
            statistics.map { "\(name) \(SummaryFormat.number($0.hitRate * 100))% hits (\($0.entries) held)" }
        }
        return parts.isEmpty ? [] : ["caches: " + parts.joined(separator: ", ")]
    }
}
