// A scene encoded as a picture file: the format from a file name, and each format's bytes.
import Geometry
import Preview
import Testing

@Suite struct PictureFormatTests {
    @Test func theExtensionNamesTheFormat() {
        #expect(PictureFormat(path: "out/page.svg") == .svg)
        #expect(PictureFormat(path: "PAGE.PNG") == .png)
        #expect(PictureFormat(path: "page.jpg") == nil)
        #expect(PictureFormat(path: "page") == nil)
    }

    @Test func eachFormatWritesItsOwnFile() throws {
        let scene = PreviewScene(viewport: Rect(x: 0, y: 0, width: 20, height: 10), nodes: [])
        let svg = try PictureFormat.svg.encode(scene, displayScale: 2)
        #expect(String(decoding: svg, as: UTF8.self).contains("<svg"))
        let png = try PictureFormat.png.encode(scene, displayScale: 2)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR's width and height: 20 × 10 points at 2 pixels a point.
        #expect(Array(png[16..<24]) == [0, 0, 0, 40, 0, 0, 0, 20])
    }
}
