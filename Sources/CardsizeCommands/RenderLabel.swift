// `cardsize text … --render FILE`: one label as a picture, to see its lines at a glance.
import Geometry
import Preview
import TextEngine

/// A measured label drawn alone: its glyphs on their baselines inside its frame (the
/// line width, or the natural width without wrapping), with the debug overlay (line
/// boxes, baselines, reserved lines, near-ties), on a margin.
struct RenderLabel {
    let text: String
    let style: TextStyle
    let measurement: TextMeasurement
    /// The line width asked for; 0 for no wrapping.
    let width: Double
    let measurer: TextMeasurer

    static let margin = 8.0

    func write(to path: String) throws {
        let frameWidth = width == 0 ? measurement.naturalWidth : width
        let frame = Rect(x: Self.margin, y: Self.margin, width: frameWidth, height: measurement.height)
        let painter = ScenePainter(textMeasurer: measurer, displayScale: style.displayScale, debug: .init())
        let label = try painter.label(
            text, style: style, measurement: measurement, frame: frame, name: "text", record: "", color: PreviewPalette.title)
        let viewport = Rect(x: 0, y: 0, width: frameWidth + 2 * Self.margin, height: measurement.height + 2 * Self.margin)
        _ = try PictureFormat(path: path)!.write(PreviewScene(viewport: viewport, nodes: [label]), displayScale: style.displayScale, to: path)
    }
}
