// A drawn title agrees with its measurement: each line's ink spans its measured width.
import BundledFonts
import Geometry
import Testing
import TextEngine

@testable import Preview

@Suite struct LabelInkTests {
    /// Each title of `records` as the book card's title (15 pt, 127 pt, two lines), drawn
    /// at @3x one line at a time: the ink stays within the line's measured width widened by
    /// its end glyphs' side bearings, and reaches into the last glyph, so the drawing is
    /// neither wider nor narrower than the measurement.
    @Test(arguments: ["goodbooks-10k.csv", "aozora-bunko.csv"])
    func eachLinesInkIsWithinItsMeasuredWidth(catalog: String) throws {
        let scale = 3.0
        let painter = ScenePainter(textMeasurer: PreviewFixtures.textMeasurer, displayScale: scale)
        let allowance = try InkAllowance()
        let rasterizer = try Rasterizer(displayScale: scale)
        var lines = 0
        for record in try PreviewFixtures.records(catalog, count: 100) {
            let style = TextStyle(fonts: try BundledFonts.chain(), size: 15, displayScale: scale, language: record.language ?? "en")
            let measured = try PreviewFixtures.textMeasurer.measure(record.title, style: style, width: 127, maxLines: 2)
            let frame = Rect(x: 10, y: 10, width: 127, height: measured.height)
            let label = try painter.label(
                record.title, style: style, measurement: measured, frame: frame, name: "title", record: record.id, color: PreviewPalette.title)
            for (line, measuredLine) in zip(label.groups(.line), measured.lines) {
                let area = Rect(x: 0, y: 0, width: 147, height: measured.height + 20)
                let ink = try rasterizer.draw(PreviewScene(viewport: area, nodes: [.group(line)])).inkPixels
                let inkLeft = Double(ink.map(\.x).min() ?? 0) / scale
                let inkRight = Double((ink.map(\.x).max() ?? -1) + 1) / scale
                let span = try allowance.span(of: line)
                let allowed = Rect(x: span.lowerBound, y: 0, width: span.upperBound - span.lowerBound, height: 1).outwardToPixels(scale: scale)
                #expect(inkLeft >= allowed.minX && inkRight <= allowed.maxX, "\(record.id) \(record.title): ink \(inkLeft)...\(inkRight), allowed \(span)")
                // The allowance is the measured width and no more than the end glyphs' bearings.
                #expect(span.upperBound - span.lowerBound - measuredLine.width < 2, "\(record.title)")
                guard case .glyphs(let last) = line.children.last, let lastGlyph = last.run.glyphs.last else {
                    Issue.record("\(record.title): a line without glyphs")
                    continue
                }
                #expect(inkRight > last.origin.x + lastGlyph.x, "\(record.title): the ink stops before the last glyph")
                lines += 1
            }
        }
        #expect(lines > 100)
    }
}
