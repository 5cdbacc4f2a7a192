// Rasterising a scene: rectangles by area coverage, glyphs by FreeType's anti-aliased renderer.
import Geometry
import TextEngine

/// Draws a scene into a bitmap at a display scale: the viewport's top-left corner is pixel
/// (0, 0) and a point is `displayScale` pixels.
///
/// Glyphs are FreeType's unhinted outlines at the run's size times the scale, rendered
/// anti-aliased with their origin at its exact position (to 1/64 pixel), so the ink
/// matches the engine's unhinted advances.
///
/// A rasteriser keeps the font faces it has opened for the next picture; use one from one
/// thread at a time.
public final class Rasterizer {
    public let displayScale: Double
    private let faces: FreeTypeFaces

    public init(displayScale: Double) throws(PreviewError) {
        if let problem = TextStyle.displayScaleProblem(displayScale) {
            throw .invalidValue(field: "displayScale", reason: problem)
        }
        self.displayScale = displayScale
        faces = try FreeTypeFaces()
    }

    /// The largest picture drawn, in pixels.
    static let maximumPixels = Double(1 << 28)

    /// The bitmap's size for `viewport`: its size in points times the scale, rounded up.
    /// - Throws: ``PreviewError/invalidValue(field:reason:)`` for a viewport of more than
    ///   2^28 pixels (checked before any conversion to an integer, which a huge one traps).
    public func pixelSize(of viewport: Rect) throws(PreviewError) -> (width: Int, height: Int) {
        let width = (viewport.width * displayScale).rounded(.up)
        let height = (viewport.height * displayScale).rounded(.up)
        guard width >= 0, height >= 0, width * height <= Self.maximumPixels, max(width, height) <= Self.maximumPixels else {
            throw .invalidValue(field: "viewport", reason: "\(width)×\(height) pixels is too large a picture")
        }
        return (Int(width), Int(height))
    }

    /// The scene drawn on a background of ``PreviewPalette/background``.
    /// - Throws: ``PreviewError/fontFace(path:reason:)`` when a glyph's face cannot be opened,
    ///   ``PreviewError/invalidValue(field:reason:)`` for a viewport too large to draw.
    public func draw(_ scene: PreviewScene) throws(PreviewError) -> Bitmap {
        let size = try pixelSize(of: scene.viewport)
        var bitmap = Bitmap(width: size.width, height: size.height, color: PreviewPalette.background)
        let origin = scene.viewport.origin
        for node in scene.nodes {
            try node.forEachShape { (shape) throws(PreviewError) in
                switch shape {
                case .rect(let rect): draw(rect, origin: origin, into: &bitmap)
                case .glyphs(let run): try draw(run, origin: origin, into: &bitmap)
                case .group: break
                }
            }
        }
        return bitmap
    }

    /// A point of the layout in pixels.
    private func pixels(_ x: Double, _ y: Double, origin: Point) -> (x: Double, y: Double) {
        ((x - origin.x) * displayScale, (y - origin.y) * displayScale)
    }

    private func draw(_ shape: SceneRect, origin: Point, into bitmap: inout Bitmap) {
        let (x0, y0) = pixels(shape.rect.minX, shape.rect.minY, origin: origin)
        let (x1, y1) = pixels(shape.rect.maxX, shape.rect.maxY, origin: origin)
        if let fill = shape.fill { bitmap.fill(x0: x0, y0: y0, x1: x1, y1: y1, color: fill) }
        guard let stroke = shape.stroke, shape.strokeWidth > 0 else { return }
        // Four bands inside the edges, the sides between the top and bottom bands.
        let band = min(shape.strokeWidth * displayScale, (x1 - x0) / 2, (y1 - y0) / 2)
        bitmap.fill(x0: x0, y0: y0, x1: x1, y1: y0 + band, color: stroke)
        bitmap.fill(x0: x0, y0: y1 - band, x1: x1, y1: y1, color: stroke)
        bitmap.fill(x0: x0, y0: y0 + band, x1: x0 + band, y1: y1 - band, color: stroke)
        bitmap.fill(x0: x1 - band, y0: y0 + band, x1: x1, y1: y1 - band, color: stroke)
    }

    private func draw(_ placed: SceneGlyphRun, origin: Point, into bitmap: inout Bitmap) throws(PreviewError) {
        let pixelsPerEm = placed.run.fontSize * displayScale
        for glyph in placed.run.glyphs {
            let (x, y) = pixels(placed.origin.x + glyph.x, placed.origin.y + glyph.y, origin: origin)
            let (column, row) = (x.rounded(.down), y.rounded(.down))
            guard let coverage = try faces.coverage(
                of: glyph.glyphID, in: placed.run.font.reference, pixelsPerEm: pixelsPerEm, fraction: (x - column, y - row))
            else {
                let box = MissingGlyph.box(at: placed.origin.x + glyph.x, baseline: placed.origin.y, glyph: glyph, run: placed)
                draw(box, origin: origin, into: &bitmap)
                continue
            }
            let left = Int(column) + coverage.left
            let top = Int(row) - coverage.top
            for coverageRow in 0..<coverage.height {
                for coverageColumn in 0..<coverage.width {
                    let value = coverage.values[coverageRow * coverage.width + coverageColumn]
                    guard value > 0 else { continue }
                    bitmap.blend(placed.color, x: left + coverageColumn, y: top + coverageRow, coverage: Double(value) / 255)
                }
            }
        }
    }
}

/// The box drawn for a glyph its face has no outline for (a bitmap-only emoji face).
enum MissingGlyph {
    /// An outline the glyph's advance wide (at least 0.3 em), 0.7 em tall, on the baseline.
    static func box(at x: Double, baseline: Double, glyph: PositionedGlyph, run: SceneGlyphRun) -> SceneRect {
        let size = run.run.fontSize
        let rect = Rect(x: x, y: baseline - 0.7 * size, width: max(glyph.advance, 0.3 * size), height: 0.7 * size)
        return SceneRect(kind: .missingGlyph, rect: rect, stroke: run.color, strokeWidth: size / 20)
    }
}
