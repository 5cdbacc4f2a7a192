// A small seeded random generator, so property tests see the same "random" input every run.

/// SplitMix64 (Steele, Lea and Flood 2014): deterministic, fast, good enough for test data.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `range` on the grid of `1 / scale` (whole points for scale 1).
    mutating func gridValue(in range: ClosedRange<Double>, scale: Double = 1) -> Double {
        let pixels = Int.random(in: Int(range.lowerBound * scale)...Int(range.upperBound * scale), using: &self)
        return Double(pixels) / scale
    }
}
