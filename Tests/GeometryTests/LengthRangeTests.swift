// The range every input length must lie in, and the shape a cover may have.
import Geometry
import Testing

@Suite struct LengthRangeTests {
    @Test(arguments: [0.0, 1, 414, LengthRange.maximum])
    func lengthsInRangeHaveNoProblem(value: Double) {
        #expect(LengthRange.problem(with: value) == nil)
    }

    @Test(arguments: [-1.0, -0.001, 1e19, .infinity, -.infinity, .nan, 1e308, LengthRange.maximum.nextUp])
    func lengthsOutOfRangeAreNamedWithTheirValue(value: Double) throws {
        let problem = try #require(LengthRange.problem(with: value))
        #expect(problem == "must be a number from 0 up to 1000000, got \(value)")
    }

    @Test func zeroIsNotAPositiveLengthAndOtherMaximaApply() {
        #expect(LengthRange.problem(with: 0, positive: true) == "must be a number greater than 0 up to 1000000, got 0.0")
        #expect(LengthRange.problem(with: 3, positive: true, maximum: 16) == nil)
        #expect(LengthRange.problem(with: 17, positive: true, maximum: 16) == "must be a number greater than 0 up to 16, got 17.0")
    }

    @Test func aShapeMayNotHaveOneSideAMillionTimesTheOther() {
        #expect(LengthRange.ratioProblem(width: 1, height: 1e6) == nil)
        #expect(LengthRange.ratioProblem(width: 0.5, height: 1e6) == "0.5:1000000.0 has one side more than 1000000 times the other")
        #expect(LengthRange.ratioProblem(width: 1e6, height: 1e-300) != nil)
    }
}
