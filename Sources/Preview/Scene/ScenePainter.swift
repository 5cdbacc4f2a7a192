// Scene painting: cards, tags, tiles and labels as scene nodes, with an optional debug overlay.
import CardModel
import Geometry
import TextEngine

/// Turns laid-out items into scene nodes: a card's frame, its cover box and its labels
/// drawn with the engine's glyphs at the positions the engine computed.
///
/// Every label is drawn from its text measurement: the text is prepared again in the
/// label's style (a prepared-text cache hit when the measurer has a cache) and
/// ``TextEngine/PreparedText/glyphLines(for:)`` places its glyphs, so the picture is the
/// measurement.
public struct ScenePainter: Sendable {
    /// What the debug overlay shows.
    public struct DebugOverlay: Sendable, Hashable {
        /// Lines whose slack is under this many points are marked as near-ties.
        public var nearTieSlack: Double

        public init(nearTieSlack: Double = 0.5) {
            self.nearTieSlack = nearTieSlack
        }
    }

    public let textMeasurer: TextMeasurer
    /// Pixels per point: strokes are a pixel wide.
    public let displayScale: Double
    /// The overlay to draw, or nil for none.
    public let debug: DebugOverlay?

    public init(textMeasurer: TextMeasurer, displayScale: Double, debug: DebugOverlay? = nil) {
        self.textMeasurer = textMeasurer
        self.displayScale = displayScale
        self.debug = debug
    }

    /// One device pixel, in points.
    var hairline: Double { 1 / displayScale }

    /// A card at `frame`: its outline, its images as boxes in a colour derived from `id`,
    /// and its labels (the title dark, others grey).
    /// - Throws: ``PreviewError/label(record:field:error:)`` when a label's glyphs do not
    ///   match its measurement.
    public func card(id: String, frame: Rect, card: MeasuredCard) throws(PreviewError) -> SceneNode {
        let origin = frame.origin
        var children: [SceneNode] = [
            .rect(SceneRect(kind: .frame, rect: frame, fill: PreviewPalette.background, stroke: PreviewPalette.cardFrame, strokeWidth: hairline))
        ]
        for element in card.measurement.frames where element.kind == .image {
            children.append(.rect(SceneRect(kind: .image, rect: element.frame.offset(by: origin), fill: .cover(forID: id))))
        }
        for label in card.labels {
            let color = label.frame.name == "title" ? PreviewPalette.title : PreviewPalette.secondaryText
            children.append(
                try self.label(
                    label.text, style: label.style, measurement: label.measurement,
                    frame: label.frame.frame.offset(by: origin), name: label.frame.name, record: id, color: color))
        }
        return .group(SceneGroup(role: .card, name: id, children: children))
    }

    /// A tag at `frame`: a filled box and its text on one line inside `padding`.
    public func tag(
        id: String, frame: Rect, text: String, style: TextStyle, measurement: TextMeasurement, padding: EdgeInsets
    ) throws(PreviewError) -> SceneNode {
        let textFrame = Rect(
            x: frame.minX + padding.left, y: frame.minY + padding.top, width: frame.width - padding.horizontal,
            height: measurement.height)
        return .group(
            SceneGroup(
                role: .tag, name: id,
                children: [
                    .rect(SceneRect(kind: .frame, rect: frame, fill: PreviewPalette.tag)),
                    try label(text, style: style, measurement: measurement, frame: textFrame, name: "text", record: id, color: PreviewPalette.title),
                ]))
    }

    /// A picture tile at `frame` (the Instagram-search preset has no text): a box in the
    /// colour derived from `id`.
    public func tile(id: String, frame: Rect) -> SceneNode {
        .group(SceneGroup(role: .tile, name: id, children: [.rect(SceneRect(kind: .image, rect: frame, fill: .cover(forID: id)))]))
    }

    /// A section header or footer at `frame`.
    public func supplementary(_ role: SceneGroup.Role, frame: Rect) -> SceneNode {
        .group(
            SceneGroup(
                role: role,
                children: [.rect(SceneRect(kind: .frame, rect: frame, fill: PreviewPalette.supplementary, stroke: PreviewPalette.cardFrame, strokeWidth: hairline))]))
    }

    /// A label at `frame`: its lines as glyph runs on their baselines, and with the debug
    /// overlay its frame, line boxes, baselines, reserved-line area and near-ties.
    public func label(
        _ text: String, style: TextStyle, measurement: TextMeasurement, frame: Rect, name: String, record: String,
        color: PreviewColor
    ) throws(PreviewError) -> SceneNode {
        let lines: [GlyphLine]
        do {
            lines = try textMeasurer.prepare(text, style: style).glyphLines(for: measurement)
        } catch {
            throw .label(record: record, field: name, error: error)
        }
        var children: [SceneNode] = lines.map { line in
            let origin = Point(x: frame.minX, y: frame.minY + line.baseline)
            return .group(SceneGroup(role: .line, children: line.runs.map { .glyphs(SceneGlyphRun(origin: origin, run: $0, color: color)) }))
        }
        if let debug {
            children.append(overlay(debug, lines: lines, slacks: measurement.lines.map(\.slack), frame: frame))
        }
        return .group(SceneGroup(role: .label, name: name, text: text, children: children))
    }

    /// The debug overlay of a label's lines: near-ties under the rest, then the reserved
    /// area below the lines, the label's frame, each line's box and baseline.
    private func overlay(_ debug: DebugOverlay, lines: [GlyphLine], slacks: [Double], frame: Rect) -> SceneNode {
        var nodes: [SceneNode] = []
        for (line, slack) in zip(lines, slacks) where slack < debug.nearTieSlack {
            let box = Rect(x: frame.minX, y: frame.minY + line.top, width: frame.width, height: line.height)
            nodes.append(.rect(SceneRect(kind: .nearTie, rect: box, fill: PreviewPalette.nearTie)))
        }
        let linesBottom = lines.last.map { $0.top + $0.height } ?? 0
        if frame.height - linesBottom >= 1 {  // more than pixel rounding: reserved lines
            let reserved = Rect(x: frame.minX, y: frame.minY + linesBottom, width: frame.width, height: frame.height - linesBottom)
            nodes.append(.rect(SceneRect(kind: .reservedLines, rect: reserved, fill: PreviewPalette.reservedLines)))
        }
        nodes.append(.rect(SceneRect(kind: .labelFrame, rect: frame, stroke: PreviewPalette.labelFrame, strokeWidth: hairline)))
        for line in lines {
            let box = Rect(x: frame.minX, y: frame.minY + line.top, width: line.width, height: line.height)
            nodes.append(.rect(SceneRect(kind: .lineBox, rect: box, stroke: PreviewPalette.lineBox, strokeWidth: hairline)))
            let baseline = Rect(x: frame.minX, y: frame.minY + line.baseline - hairline / 2, width: frame.width, height: hairline)
            nodes.append(.rect(SceneRect(kind: .baseline, rect: baseline, fill: PreviewPalette.baseline)))
        }
        return .group(SceneGroup(role: .debug, children: nodes))
    }
}

extension Rect {
    /// The rectangle moved by `offset`.
    func offset(by offset: Point) -> Rect {
        Rect(x: minX + offset.x, y: minY + offset.y, width: width, height: height)
    }
}
