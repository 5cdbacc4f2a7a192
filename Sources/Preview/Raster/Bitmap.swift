// The bitmap: opaque RGB pixels that rectangles and glyph coverage are blended into.

/// An opaque picture: 8-bit RGB, row by row from the top, 3 bytes a pixel.
public struct Bitmap: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public private(set) var pixels: [UInt8]

    /// A bitmap filled with `color` (its alpha ignored).
    public init(width: Int, height: Int, color: PreviewColor) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: color.red, count: width * height * 3)
        guard color.green != color.red || color.blue != color.red else { return }  // grey: done
        var index = 0
        while index < pixels.count {
            pixels[index + 1] = color.green
            pixels[index + 2] = color.blue
            index += 3
        }
    }

    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y`.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let index = (y * width + x) * 3
        return (pixels[index], pixels[index + 1], pixels[index + 2])
    }

    /// Blends `color` over the pixel at `x`, `y` with its alpha times `coverage` (0...1);
    /// pixels outside the bitmap are left alone.
    mutating func blend(_ color: PreviewColor, x: Int, y: Int, coverage: Double) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let alpha = color.alpha * coverage
        guard alpha > 0 else { return }
        let index = (y * width + x) * 3
        pixels[index] = Self.mix(pixels[index], color.red, alpha)
        pixels[index + 1] = Self.mix(pixels[index + 1], color.green, alpha)
        pixels[index + 2] = Self.mix(pixels[index + 2], color.blue, alpha)
    }

    /// `old` moved towards `new` by `alpha`, rounded.
    private static func mix(_ old: UInt8, _ new: UInt8, _ alpha: Double) -> UInt8 {
        UInt8((Double(old) + (Double(new) - Double(old)) * min(alpha, 1)).rounded())
    }

    /// Fills the rectangle `x0..<x1` × `y0..<y1` in pixels (fractional), each pixel
    /// covered by the fraction of its area inside.
    mutating func fill(x0: Double, y0: Double, x1: Double, y1: Double, color: PreviewColor) {
        guard x1 > x0, y1 > y0 else { return }
        let (left, right) = (max(0, Int(x0.rounded(.down))), min(width, Int(x1.rounded(.up))))
        let (top, bottom) = (max(0, Int(y0.rounded(.down))), min(height, Int(y1.rounded(.up))))
        guard left < right, top < bottom else { return }  // outside the bitmap
        let columns = left..<right
        for row in top..<bottom {
            let coverY = min(Double(row + 1), y1) - max(Double(row), y0)
            for column in columns {
                let coverX = min(Double(column + 1), x1) - max(Double(column), x0)
                blend(color, x: column, y: row, coverage: coverX * coverY)
            }
        }
    }
}
