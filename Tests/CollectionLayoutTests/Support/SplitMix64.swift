// Test data on a pixel grid, drawn from the project's seeded generator so property tests
// see the same "random" input every run.
import CatalogGenerator

extension SplitMix64 {
    /// A value in `range` on the grid of `1 / scale` (whole points for scale 1).
    mutating func gridValue(in range: ClosedRange<Double>, scale: Double = 1) -> Double {
        let pixels = Int.random(in: Int(range.lowerBound * scale)...Int(range.upperBound * scale), using: &self)
        return Double(pixels) / scale
    }
}
