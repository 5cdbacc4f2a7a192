// Engine and Pango timed in turn, round after round: each round's ratios compare figures
// taken within seconds of each other, on a machine whose speed drifts over minutes.
import Foundation

/// µs per title, round by round: the engine on one thread, the engine on all threads, and
/// Pango. A ratio is taken within each round and reported at its median over the rounds
/// (with every round's value); times are reported at their best, as noise only slows a run.
struct SideBySideRounds {
    struct Round {
        var single: Double
        var parallel: Double
        var pango: Double
    }

    private(set) var rounds: [Round] = []

    mutating func append(single: Double, parallel: Double, pango: Double) {
        rounds.append(Round(single: single, parallel: parallel, pango: pango))
    }

    var bestSingle: Double { rounds.map(\.single).min()! }
    var bestParallel: Double { rounds.map(\.parallel).min()! }
    var bestPango: Double { rounds.map(\.pango).min()! }

    /// Pango's time over the engine's on one thread, per round.
    var pangoOverSingle: [Double] { rounds.map { $0.pango / $0.single } }
    /// Pango's time over the engine's wall time on all threads, per round.
    var pangoOverParallel: [Double] { rounds.map { $0.pango / $0.parallel } }
    /// The engine's speed-up on all threads over one, per round.
    var parallelSpeedUp: [Double] { rounds.map { $0.single / $0.parallel } }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// `median 13.1x (rounds 12.4x 13.1x 14.0x)`, with `digits` decimals.
    static func describe(_ ratios: [Double], digits: Int = 1) -> String {
        func format(_ ratio: Double) -> String { String(format: "%.\(digits)fx", ratio) }
        return "median \(format(median(ratios))) (rounds \(ratios.map(format).joined(separator: " ")))"
    }

    /// The three ratios, one line each, with whether the median meets `target` (Pango over
    /// the engine on one thread) and `parallelTarget` (all threads over one).
    func summary(threads: Int, target: Double, parallelTarget: Double) -> String {
        let single = Self.median(pangoOverSingle)
        let speedUp = Self.median(parallelSpeedUp)
        return """
            Pango / engine, one thread: \(Self.describe(pangoOverSingle)); target ≥ \(Self.format(target))x: \
            \(single >= target ? "met" : "missed")
            Pango / engine, \(threads) threads: \(Self.describe(pangoOverParallel))
            \(threads) threads / one: \(Self.describe(parallelSpeedUp, digits: 2)); target ≥ \(Self.format(parallelTarget))x: \
            \(speedUp >= parallelTarget ? "met" : "missed")
            """
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
