// A scene as the bytes of a picture file: SVG (outlines, no fonts needed) or PNG (rasterized).
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The picture file formats a ``PreviewScene`` is written in.
public enum PictureFormat: String, Sendable, CaseIterable {
    case svg, png

    /// The format a file name's extension names, if any.
    public init?(path: String) {
        self.init(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// The file's bytes: an SVG holding each glyph's outline once, or a PNG drawn at
    /// `displayScale` pixels per point.
    public func encode(_ scene: PreviewScene, displayScale: Double) throws -> [UInt8] {
        switch self {
        case .svg: Array(try SVGWriter().write(scene).utf8)
        case .png: try PNGEncoder().encode(Rasterizer(displayScale: displayScale).draw(scene))
        }
    }
}
