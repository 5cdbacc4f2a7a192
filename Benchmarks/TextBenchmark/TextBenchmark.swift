// text-benchmark: µs per title for the engine and for Pango, on the same titles and fonts.
import BundledFonts
import ArgumentParser
import CatalogGenerator
import CatalogIO
import Foundation
import TextEngine

/// Measures every distinct title of the bundled catalogs with the engine (cold, warm,
/// re-broken at other widths, on all cores) and with Pango 1.50 through the reference
/// harness, in the same run, and prints the ratio and how often the line breaks agree; then
/// the titles of generated catalogs as a catalog run measures them (``GeneratedTitles``).
@main
struct TextBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text-benchmark",
        abstract: "Time the text engine against Pango on the bundled catalogs' titles.")

    @Option(help: "The Pango reference harness (built by make -C Tools/pango-reference).")
    var harness = "Tools/pango-reference/pango-reference"

    @Option(help: "Font size in px.") var size: Double = 15
    @Option(help: "Label width in px.") var width: Double = 127
    @Option(help: "Line limit (0 for none).") var maxLines = 2
    @Option(help: "Rounds (engine and Pango in turn) and warm passes; the fastest time and the median ratio are reported (the machine's noise only slows runs down).")
    var passes = 5
    @Option(help: "Use only the first N distinct titles (for profiling).") var limit: Int?
    @Option(help: "Title sources, comma-separated: bundled (the catalogs' distinct titles), realistic, unique (generated).")
    var source = "bundled,realistic,unique"
    @Option(help: "Records of each generated catalog.") var records = 200_000
    @Option(help: "The generator's seed.") var seed: UInt64 = 1
    @Option(help: "Of generated catalogs, only the titles of this language (en or ja; default both), to see what each costs.")
    var language: String?
    @Option(help: "On generated titles, Pango measures every N-th title (1: all).") var pangoStride = 1
    // A catalog run's caches: the card commands' (cardsize's CardOptions.swift).
    @Option(help: "Prepared texts a catalog run keeps (the card commands keep none).") var cacheCapacity = 0
    @Option(help: "Measurements a catalog run keeps.") var measurementCacheCapacity = 1 << 17
    @Option(help: "Instead of timing: compare the fast paths with whole-run shaping on this many generated titles (and as many random strings, half mixed-script, half printable ASCII), and fail on any difference.")
    var differential: Int?
    @Option(help: "Instead of the sources: time the titles of this file (one per line) as one batch call of the C interface measures them, on 1 and 2 threads (bindings/python/benchmarks/batch.py compares).")
    var titles: String?
    @Option(help: "Instead of the sources: time the engine in two metrics profiles, BASELINE,OTHER (e.g. uikit,browser), on the same unseen titles of each generated source, in turn; Pango is not run.")
    var profiles: String?

    func validate() throws {
        let known = ["bundled"] + CatalogGenerator.Mode.allCases.map(\.rawValue)
        guard !sources.isEmpty, sources.allSatisfy(known.contains) else {
            throw ValidationError("--source takes \(known.joined(separator: ", "))")
        }
        guard language == nil || ["en", "ja"].contains(language!) else {
            throw ValidationError("--language takes en or ja")
        }
        if let profiles {
            let names = profiles.split(separator: ",").map(String.init)
            guard names.count == 2, names.allSatisfy({ MetricsProfile(rawValue: $0) != nil }) else {
                throw ValidationError("--profiles takes two of \(MetricsProfile.allCases.map(\.rawValue).joined(separator: ", ")), comma-separated")
            }
        }
        guard records > 0, pangoStride > 0, passes > 0 else {
            throw ValidationError("--records, --pango-stride and --passes must be positive")
        }
    }

    private var sources: [String] { source.split(separator: ",").map(String.init) }

    func run() throws {
        if let titles {
            return try TitleFileRun(path: titles, size: size, width: width, maxLines: maxLines, passes: passes).run()
        }
        if let differential {
            let differences = try FastPathDifferential(titles: differential, randomStrings: differential, seed: seed).run()
            if differences > 0 { throw ExitCode.failure }
            return
        }
        if let profiles {
            let names = profiles.split(separator: ",").compactMap { MetricsProfile(rawValue: String($0)) }
            for mode in sources.compactMap(CatalogGenerator.Mode.init(rawValue:)) {
                try ProfileComparison(
                    mode: mode, records: records, seed: seed, baseline: names[0], compared: names[1], size: size,
                    width: width, maxLines: maxLines, passes: passes,
                    makeMeasurer: { TextMeasurer(cacheCapacity: cacheCapacity, measurementCacheCapacity: measurementCacheCapacity) }
                ).run()
            }
            return
        }
        let chain = try BundledFonts.chain()
        let styles = Dictionary(uniqueKeysWithValues: ["en", "ja"].map {
            ($0, TextStyle(fonts: chain, size: size, language: $0, profile: .pango))
        })
        for source in sources {
            if let mode = CatalogGenerator.Mode(rawValue: source) {
                try GeneratedTitles(
                    mode: mode, records: records, seed: seed, styles: styles, width: width, maxLines: maxLines,
                    cacheCapacity: cacheCapacity, measurementCacheCapacity: measurementCacheCapacity, passes: passes,
                    pangoStride: pangoStride, harness: harness, language: language
                ).run()
            } else {
                try runBundled(styles: styles)
            }
        }
    }

    /// Every distinct title of the bundled catalogs: cold (on one thread and on all, side by
    /// side with Pango, ``SideBySideRounds``), warm, cached, re-broken.
    private func runBundled(styles: [String: TextStyle]) throws {
        let titles = Array(try Self.distinctTitles().prefix(limit ?? .max))
        let workload = Workload(titles: titles, styles: styles, width: width, maxLines: maxLines)
        print("titles: \(titles.count) distinct (goodbooks-10k + aozora-bunko), \(size) px, width \(width) px, max \(maxLines) lines, bundled fonts, pango profile")

        // Cold: each round's measurers are new, so every title is a first sight for them (the
        // fonts stay loaded, as in any process after its first title).
        let threads = ProcessInfo.processInfo.activeProcessorCount
        var rounds = SideBySideRounds()
        var coldStarts: [[Int]] = []
        var pangoStarts: [[Int]] = []
        for round in 0..<passes {
            let cold = try workload.timeMeasuring(with: TextMeasurer(), keepingStarts: round == 0)
            let parallel = try workload.timeInParallel(threads: threads)
            let pango = try PangoRun(harness: harness, workload: workload).run()
            rounds.append(single: cold.microsecondsPerTitle, parallel: parallel, pango: pango.microsecondsPerTitle)
            if round == 0 { (coldStarts, pangoStarts) = (cold.starts, pango.starts) }
        }
        let warmMeasurer = TextMeasurer()
        let warm = try (0..<passes).map { _ in try workload.timeMeasuring(with: warmMeasurer) }.min { $0.microsecondsPerTitle < $1.microsecondsPerTitle }!
        let cachingMeasurer = TextMeasurer(cacheCapacity: 2 * titles.count)
        _ = try workload.timeMeasuring(with: cachingMeasurer)
        let cached = try (0..<passes).map { _ in try workload.timeMeasuring(with: cachingMeasurer) }
            .min { $0.microsecondsPerTitle < $1.microsecondsPerTitle }!
        let cacheStatistics = cachingMeasurer.cacheStatistics!
        let rebreak = try workload.timeRebreaking(widths: [80, 120, 160, 200, 320])
        let agreement = Double(zip(pangoStarts, coldStarts).filter { $0 == $1 }.count) / Double(titles.count)

        let rows: [(String, Double)] = [
            ("engine, cold (prepare + break, first sight of each title; best of \(passes) rounds, the first \(String(format: "%.2f", rounds.rounds[0].single)))", rounds.bestSingle),
            ("engine, cold, \(threads) threads, wall per title (best of \(passes) rounds)", rounds.bestParallel),
            ("engine, warm, no cache (best of \(passes) passes)", warm.microsecondsPerTitle),
            ("engine, warm, prepared-text cache (catalog seen before)", cached.microsecondsPerTitle),
            ("engine, re-break a prepared title at another width", rebreak),
            ("Pango 1.50 (pango_layout_set_text + lines + extents; best of \(passes) runs)", rounds.bestPango),
        ]
        print("\n| measurement | µs per title |\n|---|---|")
        for (name, value) in rows { print("| \(name) | \(String(format: "%.2f", value)) |") }
        print("""

            \(rounds.summary(threads: threads, target: 10, parallelTarget: GeneratedTitles.parallelTarget))
            Pango / engine at their best: \(String(format: "%.1f", rounds.bestPango / rounds.bestSingle))x cold, \
            \(String(format: "%.1f", rounds.bestPango / warm.microsecondsPerTitle))x warm without cache, \
            \(String(format: "%.1f", rounds.bestPango / cached.microsecondsPerTitle))x warm with cache, \
            \(String(format: "%.0f", rounds.bestPango / rebreak))x re-break
            cache: \(cacheStatistics.hits) hits, \(cacheStatistics.misses) misses, \(cacheStatistics.entries) entries; \
            cached results identical to uncached: \(cached.starts == coldStarts)
            identical line starts: \(String(format: "%.2f", agreement * 100))% of titles
            peak memory: \(PeakMemory.megabytes()) MB
            """)
    }

    /// Every distinct title of both catalogs, tagged with its language.
    static func distinctTitles() throws -> [(text: String, language: String)] {
        var seen = Set<String>()
        var titles: [(text: String, language: String)] = []
        for (file, language) in [("goodbooks-10k.csv", "en"), ("aozora-bunko.csv", "ja")] {
            for record in try CatalogReader(path: "Catalogs/\(file)") {
                if case .success(let record) = record, seen.insert(record.title).inserted {
                    titles.append((record.title, language))
                }
            }
        }
        return titles
    }

}
