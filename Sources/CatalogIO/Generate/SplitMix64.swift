// SplitMix64: the seeded random numbers a generated catalog is drawn from.

/// A seeded 64-bit generator (Steele, Lea and Flood's SplitMix64), the same numbers on every
/// machine and toolchain.
///
/// Deliberately not a `RandomNumberGenerator`: the standard library's `random(in:using:)`
/// may change how it maps numbers to ranges between releases, and a generated catalog must
/// stay the same bytes. Every draw goes through the methods here, in integer or plain IEEE
/// arithmetic.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound` (the high half of a 64 × 64-bit product; the bias is below
    /// `bound / 2^64`, far too small to see).
    mutating func index(below bound: Int) -> Int {
        Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A number in `[0, 1)` with 53 random bits.
    mutating func unitInterval() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// `true` with probability `numerator / denominator`.
    mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        index(below: denominator) < numerator
    }
}
