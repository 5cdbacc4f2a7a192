// SVG writing: a scene as a self-contained SVG, each glyph an outline path defined once.
import Geometry
import TextEngine

/// Writes a scene as SVG 1.1 that needs no fonts: each glyph's FreeType outline is one
/// `<path>` in `<defs>` (in font units), placed with `<use>` at the run's size, so the
/// file looks the same in every viewer.
///
/// Groups keep the scene's structure: `<g class="card" data-id="…">` per card (tags and
/// tiles likewise), `<g class="label" data-name="title" data-text="…">` per label,
/// `<g class="line">` per line and `<g class="debug">` for the overlay. The same scene
/// gives the same bytes.
///
/// Coordinates are written from the viewport's origin (the view box starts at 0, 0): a
/// viewport millions of points down a catalog would otherwise be drawn by browsers, which
/// place SVG in single precision, with its glyphs rounded to whole points or worse, or not
/// at all.
public struct SVGWriter: Sendable {
    public init() {}

    /// The SVG document.
    /// - Throws: ``PreviewError/fontFace(path:reason:)`` when a glyph's face cannot be opened.
    public func write(_ scene: PreviewScene) throws(PreviewError) -> String {
        let glyphs = try GlyphDefinitions(scene: scene)
        let viewport = scene.viewport
        var svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
            width="\(SVGNumber(viewport.width))" height="\(SVGNumber(viewport.height))" \
            viewBox="0 0 \(SVGNumber(viewport.width)) \(SVGNumber(viewport.height))">

            """
        svg += glyphs.defs
        let origin = viewport.origin
        svg += element(SceneRect(kind: .frame, rect: viewport, fill: PreviewPalette.background), class: "background", origin: origin) + "\n"
        for node in scene.nodes { write(node, depth: 0, glyphs: glyphs, origin: origin, into: &svg) }
        svg += "</svg>\n"
        return svg
    }

    /// Writes `node` with its coordinates taken from `origin`.
    private func write(_ node: SceneNode, depth: Int, glyphs: GlyphDefinitions, origin: Point, into svg: inout String) {
        let indent = String(repeating: " ", count: depth)
        switch node {
        case .group(let group):
            var attributes = "class=\"\(group.role.rawValue)\""
            if let name = group.name {
                attributes += group.role == .label ? " data-name=\"\(XML.escaped(name))\"" : " data-id=\"\(XML.escaped(name))\""
            }
            if let text = group.text { attributes += " data-text=\"\(XML.escaped(text))\"" }
            svg += "\(indent)<g \(attributes)>\n"
            for child in group.children { write(child, depth: depth + 1, glyphs: glyphs, origin: origin, into: &svg) }
            svg += "\(indent)</g>\n"
        case .rect(let rect):
            svg += indent + element(rect, class: rect.kind.rawValue, origin: origin) + "\n"
        case .glyphs(let placed):
            svg += "\(indent)<g class=\"glyphs\" fill=\"\(placed.color.hexString)\"\(opacity("fill", placed.color))>"
            for glyph in placed.run.glyphs {
                let x = placed.origin.x + glyph.x
                let y = placed.origin.y + glyph.y
                guard let definition = glyphs.definition(of: glyph.glyphID, in: placed.run.font.reference) else {
                    let box = MissingGlyph.box(at: x, baseline: placed.origin.y, glyph: glyph, run: placed)
                    svg += element(box, class: box.kind.rawValue, origin: origin)
                    continue
                }
                guard !definition.isEmpty else { continue }  // a space: nothing to draw
                let scale = placed.run.fontSize / Double(definition.unitsPerEm)
                svg += "<use xlink:href=\"#\(definition.id)\" transform=\"translate(\(SVGNumber(x - origin.x)) \(SVGNumber(y - origin.y))) scale(\(SVGNumber(scale, decimals: 9)))\"/>"
            }
            svg += "</g>\n"
        }
    }

    /// A `<rect>` placed from `origin`; a stroke is drawn inside the edges, as the rasteriser draws it.
    private func element(_ shape: SceneRect, class name: String, origin: Point) -> String {
        var rect = Rect(
            x: shape.rect.minX - origin.x, y: shape.rect.minY - origin.y, width: shape.rect.width, height: shape.rect.height)
        var paint = "fill=\"\(shape.fill?.hexString ?? "none")\"" + (shape.fill.map { opacity("fill", $0) } ?? "")
        if let stroke = shape.stroke, shape.strokeWidth > 0 {
            let half = shape.strokeWidth / 2
            rect = Rect(x: rect.minX + half, y: rect.minY + half, width: max(0, rect.width - shape.strokeWidth), height: max(0, rect.height - shape.strokeWidth))
            paint += " stroke=\"\(stroke.hexString)\" stroke-width=\"\(SVGNumber(shape.strokeWidth))\"" + opacity("stroke", stroke)
        }
        return "<rect class=\"\(name)\" x=\"\(SVGNumber(rect.minX))\" y=\"\(SVGNumber(rect.minY))\" "
            + "width=\"\(SVGNumber(rect.width))\" height=\"\(SVGNumber(rect.height))\" \(paint)/>"
    }

    private func opacity(_ property: String, _ color: PreviewColor) -> String {
        color.alpha < 1 ? " \(property)-opacity=\"\(SVGNumber(color.alpha))\"" : ""
    }
}

/// The glyph outlines a scene uses, each defined once, named by face (in order of first
/// use) and glyph id: `g0-36`.
private struct GlyphDefinitions {
    struct Definition {
        var id: String
        var unitsPerEm: Int
        /// An outline with no contours (a space): no path, no `<use>`.
        var isEmpty: Bool
    }

    private let definitions: [GlyphKey: Definition?]
    /// The `<defs>` element with every outline, in order of first use.
    let defs: String

    private struct GlyphKey: Hashable {
        var face: FontFaceReference
        var glyph: UInt32
    }

    init(scene: PreviewScene) throws(PreviewError) {
        let faces = try FreeTypeFaces()
        var faceNumbers: [FontFaceReference: Int] = [:]
        var definitions: [GlyphKey: Definition?] = [:]
        var paths = ""
        for node in scene.nodes {
            try node.forEachShape { (shape) throws(PreviewError) in
                guard case .glyphs(let placed) = shape else { return }
                let face = placed.run.font.reference
                for glyph in placed.run.glyphs where definitions[GlyphKey(face: face, glyph: glyph.glyphID)] == nil {
                    let number = faceNumbers[face] ?? faceNumbers.count
                    faceNumbers[face] = number
                    let outline = try faces.outline(of: glyph.glyphID, in: face)
                    let id = "g\(number)-\(glyph.glyphID)"
                    definitions[GlyphKey(face: face, glyph: glyph.glyphID)] = .some(
                        outline.map { Definition(id: id, unitsPerEm: $0.unitsPerEm, isEmpty: $0.path.isEmpty) })
                    if let outline, !outline.path.isEmpty { paths += "<path id=\"\(id)\" d=\"\(outline.path)\"/>\n" }
                }
            }
        }
        self.definitions = definitions
        defs = "<defs>\n\(paths)</defs>\n"
    }

    /// The definition of a glyph, nil when its face has no outline for it.
    func definition(of glyph: UInt32, in face: FontFaceReference) -> Definition? {
        definitions[GlyphKey(face: face, glyph: glyph)] ?? nil
    }
}
