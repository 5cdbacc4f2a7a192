// Zipf-like popularity: which of a language's books a generated record is drawn from.

/// Draws popularity ranks with a Zipf–Mandelbrot law: rank `r` (0-based) has weight
/// `1 / (r + 1 + rankOffset)`, so the first ranks repeat often and the long tail rarely.
///
/// The offset flattens the very top: with 10, the most popular of 10,000 books is about 1.3%
/// of the draws rather than 10%, and the top 1% of ranks about a third of them.
///
/// - Complexity: O(log *n*) per draw (a binary search of the cumulative weights).
struct PopularityDistribution {
    static let defaultRankOffset = 10

    /// The sum of the weights of ranks `0...r`, at index `r`; built with IEEE additions and
    /// divisions only, so the same on every machine.
    private let cumulativeWeights: [Double]

    init(rankCount: Int, rankOffset: Int = defaultRankOffset) {
        precondition(rankCount > 0, "a popularity distribution needs at least one rank")
        var cumulativeWeights: [Double] = []
        cumulativeWeights.reserveCapacity(rankCount)
        var total = 0.0
        for rank in 0..<rankCount {
            total += 1.0 / Double(rank + 1 + rankOffset)
            cumulativeWeights.append(total)
        }
        self.cumulativeWeights = cumulativeWeights
    }

    /// A rank drawn by popularity.
    func rank(using random: inout SplitMix64) -> Int {
        let target = random.unitInterval() * cumulativeWeights.last!
        return cumulativeWeights.withUnsafeBufferPointer { weights in
            // The first rank whose cumulative weight exceeds the target.
            var low = 0
            var high = weights.count - 1
            while low < high {
                let middle = (low + high) / 2
                if weights[middle] > target { high = middle } else { low = middle + 1 }
            }
            return low
        }
    }
}
