// One profile's cost against another's on the same unseen titles, timed in turn.
import BundledFonts
import CatalogGenerator
import Foundation
import TextEngine

/// A generated catalog's titles measured in each of two metrics profiles by a catalog run's
/// measurer (new caches every pass, so every distinct title is unseen), on one thread, the
/// profiles taking turns round after round (which goes first alternates, so a drift of the
/// machine's speed favours neither); the ratio is taken within each round. Times are the
/// thread's CPU time, not the wall clock: on a machine shared with other work, a pass the
/// scheduler pauses would otherwise look slower.
struct ProfileComparison {
    let mode: CatalogGenerator.Mode
    let records: Int
    let seed: UInt64
    /// The profile measured against, and the one whose cost is asked.
    let baseline: MetricsProfile
    let compared: MetricsProfile
    let size: Double
    let width: Double
    let maxLines: Int
    let passes: Int
    let makeMeasurer: () -> TextMeasurer
    private static func threadCPUMicroseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
    }

    /// The issue's bound for the compared profile's time over the baseline's.
    static let target = 1.2

    func run() throws {
        let chain = try BundledFonts.chain()
        let generator = try CatalogGenerator(sources: SourceCatalogs(), mode: mode, seed: seed)
        let titles = try generator.records(count: records).map { (text: $0.title, language: $0.language.rawValue) }
        func workload(_ profile: MetricsProfile) -> Workload {
            let styles = Dictionary(uniqueKeysWithValues: ["en", "ja"].map {
                ($0, TextStyle(fonts: chain, size: size, language: $0, profile: profile))
            })
            return Workload(titles: titles, styles: styles, width: width, maxLines: maxLines)
        }
        let (base, other) = (workload(baseline), workload(compared))
        print("""

            profiles: \(compared.rawValue) against \(baseline.rawValue), \(mode.rawValue) titles, \(records) records \
            (seed \(seed)), \(Set(titles.map(\.text)).count) distinct; \(size) px, width \(width) px, \
            max \(maxLines) lines, bundled fonts, every CSS property at its initial value
            """)
        // What a process does once per profile (fonts sized, tables built: the browser's
        // Latin-1 pair table asks ICU about 41,000 pairs) is not a title's cost.
        for workload in [base, other] {
            let warmUp = Workload(
                titles: Array(workload.titles.prefix(1_000)), styles: workload.styles, width: width, maxLines: maxLines)
            _ = try warmUp.timeMeasuring(with: makeMeasurer(), keepingStarts: false)
        }
        var times: [(base: Double, other: Double)] = []
        for round in 0..<passes {
            func time(_ workload: Workload) throws -> Double {
                let measurer = makeMeasurer()
                let start = Self.threadCPUMicroseconds()
                _ = try workload.timeMeasuring(with: measurer, keepingStarts: false)
                return (Self.threadCPUMicroseconds() - start) / Double(workload.titles.count)
            }
            if round % 2 == 0 {
                let first = try time(base)
                times.append((first, try time(other)))
            } else {
                let first = try time(other)
                times.append((try time(base), first))
            }
        }
        let ratios = times.map { $0.other / $0.base }
        let median = SideBySideRounds.median(ratios)
        print("""
            | profile | CPU µs per title, 1 thread (best of \(passes)) |
            |---|---|
            | \(baseline.rawValue) | \(String(format: "%.2f", times.map(\.base).min()!)) |
            | \(compared.rawValue) | \(String(format: "%.2f", times.map(\.other).min()!)) |

            \(compared.rawValue) / \(baseline.rawValue): \(SideBySideRounds.describe(ratios, digits: 2)); \
            target ≤ \(Self.target)x: \(median <= Self.target ? "met" : "missed")
            """)
    }
}
