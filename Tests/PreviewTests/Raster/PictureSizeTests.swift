// A viewport too large to draw is refused before any integer conversion of its size.
import Geometry
import Preview
import Testing

@Suite struct PictureSizeTests {
    @Test(arguments: [1e300, 1e19, 40_000.0, Double.infinity])
    func aHugeViewportIsAnErrorNotATrap(width: Double) throws {
        let rasterizer = try Rasterizer(displayScale: 2)
        let error = #expect(throws: PreviewError.self) {
            try rasterizer.draw(PreviewScene(viewport: Rect(x: 0, y: 0, width: width, height: 40_000), nodes: []))
        }
        #expect(error?.description.contains("too large a picture") == true)
    }

    @Test func anOrdinaryViewportHasItsPixelSize() throws {
        let size = try Rasterizer(displayScale: 3).pixelSize(of: Rect(x: 0, y: 0, width: 390, height: 844.2))
        #expect(size.width == 1170 && size.height == 2533)
    }
}
