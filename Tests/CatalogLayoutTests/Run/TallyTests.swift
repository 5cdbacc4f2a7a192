// A run's tallies (card heights, title lines): the counts a dictionary would keep.
import Testing

@testable import CatalogLayout

@Suite struct TallyTests {
    /// Few values (the short list only) and many (the dictionary too), in an order that
    /// brings new values after the list is full: each value's count is the dictionary's.
    @Test(arguments: [5, 16, 17, 40, 1_000])
    func countsAreADictionarysCounts(distinct: Int) {
        var tally = Tally<Double>()
        var expected: [Double: Int] = [:]
        for index in 0..<5_000 {
            // Values in a scrambled order; -0 for 0 at times, which is the same key.
            var value = Double((index &* 7_919) % distinct) * 0.5
            if value == 0, index.isMultiple(of: 3) { value = -0.0 }
            tally.add(value)
            expected[value, default: 0] += 1
        }
        #expect(tally.counts == expected)
        #expect(tally.counts.count == distinct)
        #expect(tally.counts.values.reduce(0, +) == 5_000)
    }
}
