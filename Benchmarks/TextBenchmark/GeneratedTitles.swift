// The engine as a catalog run uses it, on a generated catalog's titles, against Pango.
import CatalogGenerator
import CatalogIO
import Foundation
import TextEngine

/// A generated catalog's titles (`cardsize generate`'s records, made in memory) measured in
/// catalog order by one shared `TextMeasurer` with the card commands' caches, as `cardsize
/// measure` shares one between its threads, against Pango on the same titles and fonts.
/// Pango has no cache, so its time per title depends only on the titles' mix; it may
/// measure every n-th title only (a systematic sample keeps the mix and the order).
struct GeneratedTitles {
    let mode: CatalogGenerator.Mode
    let records: Int
    let seed: UInt64
    let styles: [String: TextStyle]
    let width: Double
    let maxLines: Int
    /// The caches' capacities: prepared texts, and measurements in front of them.
    let cacheCapacity: Int
    let measurementCacheCapacity: Int
    let passes: Int
    /// Pango measures every `pangoStride`-th title (1: all).
    let pangoStride: Int
    let harness: String
    /// Only the titles of this language, or all.
    let language: String?

    /// A measurer as the card commands make one (`cardsize`'s CardOptions.swift).
    private func catalogRunMeasurer() -> TextMeasurer {
        TextMeasurer(cacheCapacity: cacheCapacity, measurementCacheCapacity: measurementCacheCapacity)
    }

    private static func describe(_ cache: TextMeasurer.CacheStatistics?) -> String {
        guard let cache else { return "none" }
        return "hit rate \(String(format: "%.1f", cache.hitRate * 100))% (\(cache.hits) hits, \(cache.misses) misses, "
            + "\(cache.entries) entries at the end)"
    }

    /// The issues' targets for Pango's time over the engine's on one thread (issue 10's for
    /// unique titles), and for all threads over one.
    var targetRatio: Double { mode == .realistic ? 30 : 15 }
    static let parallelTarget = 1.8

    func run() throws {
        let generator = try CatalogGenerator(sources: SourceCatalogs(), mode: mode, seed: seed)
        let titles = try generator.records(count: records).map { (text: $0.title, language: $0.language.rawValue) }
            .filter { language == nil || $0.language == language }
        let workload = Workload(titles: titles, styles: styles, width: width, maxLines: maxLines)
        let distinct = Set(titles.map(\.text)).count
        print("""

            generated titles: \(mode.rawValue), \(records) records (seed \(seed)), \(titles.count) titles\
            \(language.map { " in \($0)" } ?? ""), \(distinct) distinct; \
            \(styles["en"]!.size) px, width \(width) px, max \(maxLines) lines, bundled fonts, pango profile
            """)

        let sample = Workload(
            titles: stride(from: 0, to: titles.count, by: pangoStride).map { titles[$0] }, styles: styles, width: width,
            maxLines: maxLines)
        let threads = ProcessInfo.processInfo.activeProcessorCount
        // Every engine pass starts from empty caches, as a catalog run does; the engine on one
        // thread, on all, and Pango take turns (``SideBySideRounds``).
        var rounds = SideBySideRounds()
        var firstMeasurer: TextMeasurer?
        var pangoStarts: [[Int]] = []
        for _ in 0..<passes {
            let measurer = catalogRunMeasurer()
            let single = try workload.timeMeasuring(with: measurer, keepingStarts: false).microsecondsPerTitle
            let parallel = try workload.timeInParallel(threads: threads, measurer: catalogRunMeasurer())
            let pango = try PangoRun(harness: harness, workload: sample).run()
            rounds.append(single: single, parallel: parallel, pango: pango.microsecondsPerTitle)
            firstMeasurer = firstMeasurer ?? measurer
            pangoStarts = pango.starts
        }
        let engineStarts = try sample.timeMeasuring(with: TextMeasurer(), keepingStarts: true).starts
        let agreement = Double(zip(pangoStarts, engineStarts).filter { $0 == $1 }.count) / Double(sample.titles.count)

        let pangoTitles = pangoStride == 1
            ? "every title, best of \(passes) runs"
            : "1 title in \(pangoStride), \(sample.titles.count) in all, best of \(passes) runs"
        print("""

            | measurement | µs per title |
            |---|---|
            | engine, catalog run: one shared TextMeasurer, caches of \(measurementCacheCapacity) measurements and \(cacheCapacity) prepared texts, 1 thread (best of \(passes)) | \(String(format: "%.2f", rounds.bestSingle)) |
            | engine, the same on \(threads) threads, wall per title (best of \(passes)) | \(String(format: "%.2f", rounds.bestParallel)) |
            | Pango 1.50 (\(pangoTitles)) | \(String(format: "%.2f", rounds.bestPango)) |

            \(rounds.summary(threads: threads, target: targetRatio, parallelTarget: Self.parallelTarget))
            measurement cache: \(Self.describe(firstMeasurer!.measurementCacheStatistics))
            prepared-text cache (asked on the measurement cache's misses): \(Self.describe(firstMeasurer!.cacheStatistics))
            identical line starts: \(String(format: "%.2f", agreement * 100))% of the titles Pango measured
            """)
    }
}
