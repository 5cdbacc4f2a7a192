// The scene: what a preview draws, as a tree of groups, rectangles and glyph runs in points.
import Geometry
import TextEngine

/// A picture of part of a layout, before it is written as SVG or PNG.
///
/// Coordinates are the layout's, in points, y down; the picture shows ``viewport``, whose
/// top-left corner becomes the picture's. Nothing is clipped to its card, so whatever a
/// card's text draws outside its frame shows.
///
/// ```swift
/// let painter = ScenePainter(textMeasurer: measurer.textMeasurer, displayScale: 2)
/// let scene = PreviewScene(viewport: viewport, nodes: [try painter.card(id: "1", frame: frame, card: card)])
/// let svg = try SVGWriter().write(scene)
/// let png = try PNGEncoder().encode(Rasterizer(displayScale: 2).draw(scene))
/// ```
public struct PreviewScene: Sendable, Hashable {
    /// The part of the layout the picture shows.
    public var viewport: Rect
    /// Drawn in order, later nodes over earlier ones.
    public var nodes: [SceneNode]

    public init(viewport: Rect, nodes: [SceneNode]) {
        self.viewport = viewport
        self.nodes = nodes
    }
}

/// One node of a scene.
public indirect enum SceneNode: Sendable, Hashable {
    case group(SceneGroup)
    case rect(SceneRect)
    case glyphs(SceneGlyphRun)

    /// Calls `body` with every rectangle and glyph run under this node, in drawing order.
    func forEachShape(_ body: (SceneNode) throws(PreviewError) -> Void) throws(PreviewError) {
        if case .group(let group) = self {
            for child in group.children { try child.forEachShape(body) }
        } else {
            try body(self)
        }
    }
}

/// Nodes that belong together: a card, one of its labels, a line, the debug overlay.
public struct SceneGroup: Sendable, Hashable {
    /// What the group is.
    public enum Role: String, Sendable, Hashable {
        case card, tag, tile, header, footer, label, line, debug
    }

    public var role: Role
    /// The record id of a card, tag or tile; the element name of a label (`title`).
    public var name: String?
    /// The text a label shows, kept so that an SVG can be searched.
    public var text: String?
    public var children: [SceneNode]

    public init(role: Role, name: String? = nil, text: String? = nil, children: [SceneNode]) {
        self.role = role
        self.name = name
        self.text = text
        self.children = children
    }
}

/// A rectangle, filled, stroked inside its edges, or both.
public struct SceneRect: Sendable, Hashable {
    /// What the rectangle shows.
    public enum Kind: String, Sendable, Hashable {
        case frame, image, lineBox = "line-box", baseline, reservedLines = "reserved-lines", nearTie = "near-tie"
        case labelFrame = "label-frame", widthLimit = "width-limit", missingGlyph = "missing-glyph"
    }

    public var kind: Kind
    public var rect: Rect
    public var fill: PreviewColor?
    public var stroke: PreviewColor?
    /// The stroke's width in points, inside the rectangle's edges.
    public var strokeWidth: Double

    public init(kind: Kind, rect: Rect, fill: PreviewColor? = nil, stroke: PreviewColor? = nil, strokeWidth: Double = 0) {
        self.kind = kind
        self.rect = rect
        self.fill = fill
        self.stroke = stroke
        self.strokeWidth = strokeWidth
    }
}

/// A run of the engine's glyphs, placed with the left end of its line's baseline at `origin`.
public struct SceneGlyphRun: Sendable, Hashable {
    public var origin: Point
    public var run: GlyphRun
    public var color: PreviewColor

    public init(origin: Point, run: GlyphRun, color: PreviewColor) {
        self.origin = origin
        self.run = run
        self.color = color
    }
}
