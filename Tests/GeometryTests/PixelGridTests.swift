// Pixel-grid rounding and rectangle predicates.
import Geometry
import Testing

@Suite struct PixelGridTests {
    @Test(arguments: [(18.625, 1.0, 19.0), (18.625, 2.0, 19.0), (18.625, 3.0, 56.0 / 3), (17.0, 3.0, 17.0), (0.0, 2.0, 0.0)])
    func roundUpReachesTheNextPixel(value: Double, scale: Double, expected: Double) {
        #expect(abs(PixelGrid.roundUp(value, scale: scale) - expected) < 1e-12)
    }

    @Test func valuesAlreadyOnTheGridStayDespiteFloatingPointNoise() {
        #expect(PixelGrid.roundUp(0.1 + 0.2, scale: 10) == 0.3)  // 0.30000000000000004 × 10
        #expect(PixelGrid.roundDown(0.7 * 3, scale: 1) == 2)  // 2.0999999999999996
        #expect(PixelGrid.roundUp(0, scale: 3).sign == .plus)
    }

    @Test func roundDownFloorsToPixels() {
        #expect(PixelGrid.roundDown(93.9, scale: 1) == 93)
        #expect(PixelGrid.roundDown(93.9, scale: 2) == 93.5)
        #expect(abs(PixelGrid.roundDown(93.9, scale: 3) - 93 - 2.0 / 3) < 1e-12)
    }

    @Test func overlapIgnoresSharedEdgesButIntersectionCountsThem() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 10, y: 0, width: 10, height: 10)
        #expect(!a.overlaps(b))
        #expect(a.intersects(b))
        #expect(a.overlaps(Rect(x: 9, y: 9, width: 5, height: 5)))
        #expect(Rect(x: 0, y: 0, width: 100, height: 100).contains(a))
    }
}
