// SplitMix64: the seeded random numbers a generated catalog is drawn from.

/// A seeded 64-bit generator (Steele, Lea and Flood's SplitMix64), the same numbers on every
/// machine and toolchain.
///
/// The catalog generator draws only through the methods here, in integer or plain IEEE
/// arithmetic, never through the standard library's `random(in:using:)`, which may change
/// how it maps numbers to ranges between releases while a generated catalog must stay the
/// same bytes. Tests and benchmarks, which need no such promise, may use it as a
/// `RandomNumberGenerator`.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound` (the high half of a 64 × 64-bit product; the bias is below
    /// `bound / 2^64`, far too small to see).
    public mutating func index(below bound: Int) -> Int {
        Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `[0, 1)` with 53 random bits.
    public mutating func unitInterval() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// `true` with probability `numerator / denominator`.
    public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        index(below: denominator) < numerator
    }
}
