// A real catalog page drawn and encoded as PNG: it decodes to the bitmap, the same bytes each time.
import Testing

@testable import Preview

@Suite struct PNGPageTests {
    @Test func thePNGDecodesToTheBitmapAndIsTheSameBytesEachTime() throws {
        let page = try PageCase.aozoraGridThird.page(debug: .init())
        let bitmap = try Rasterizer(displayScale: page.displayScale).draw(page.scene)
        #expect((bitmap.width, bitmap.height) == (828, 1792))
        let png = try PNGEncoder().encode(bitmap)
        #expect(try Bitmap(png: png) == bitmap)
        #expect(png == (try PNGEncoder().encode(try Rasterizer(displayScale: page.displayScale).draw(page.scene))))
        #expect(png.count < bitmap.pixels.count / 10)  // flat colours compress well
    }
}
