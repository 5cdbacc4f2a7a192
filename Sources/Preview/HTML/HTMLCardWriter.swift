// Laid-out cards as HTML: the cover a box, the labels real text with the CSS the browser
// profile measured them in, so that a browser lays each card out as tall as the engine did.
import CardModel
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Geometry
import TextEngine

/// Writes laid-out items as HTML whose layout in a browser is the engine's.
///
/// A card is an absolutely positioned `<div>` at its frame, with no height of its own:
/// inside it, its elements stand in the template's stack (a row's side by side) with the
/// gaps the layout left between their frames, each cover a box of its frame's height, each
/// label its text in a `<div>` with the CSS its measurement assumed (font chain as
/// `@font-face` families, size, width, `lang`, the CSS properties, the line limit as a line
/// clamp). The card is then as tall as the browser lays the text out; `data-height` on the
/// card and on each label, and `data-starts` (each line's first code point), say what the
/// engine computed, so a page can check that nothing shifts.
///
/// Only labels measured in the ``MetricsProfile/browser`` profile are written: the others
/// follow a stack the page would not match.
public struct HTMLCardWriter {
    public private(set) var fonts: HTMLFontFaces

    /// - Parameter fontURL: where the page loads a font file from (its `file:` URL by default).
    public init(fontURL: @escaping HTMLFontFaces.URLOfFont = HTMLFontFaces.fileURL) {
        fonts = HTMLFontFaces(fontURL: fontURL)
    }

    /// A card at `frame`, placed relative to `origin` (the page's top left).
    /// - Throws: ``PreviewError/htmlLabel(record:field:reason:)`` for a label the browser
    ///   cannot show as measured; ``PreviewError/fontFace(path:reason:)`` for a font CSS
    ///   cannot load.
    public mutating func card(id: String, frame: Rect, origin: Point, card: MeasuredCard) throws(PreviewError) -> String {
        let frames = card.measurement.frames
        var labels: [String: MeasuredLabel] = [:]
        for label in card.labels { labels[label.frame.path] = label }
        let stack = CardStack(frames: frames, labels: labels, record: id)
        let top = stack.children(of: nil)
        // Below the last element: the bottom inset and the card's rounding to the pixel grid.
        let bottom = card.measurement.size.height - (top.last?.frame.maxY ?? 0)
        let style = "left:\(px(frame.minX - origin.x));top:\(px(frame.minY - origin.y));width:\(px(frame.width));"
            + "padding-bottom:\(px(bottom))"
        var html = "<div class=\"card\" data-id=\"\(HTML.attribute(id))\" data-height=\"\(CSSNumber(card.measurement.size.height))\" "
            + "style=\"\(style)\">"
        html += try elements(top, in: Rect(origin: .zero, size: frame.size), across: false, stack: stack)
        return html + "</div>\n"
    }

    /// A box with no text at `frame` (a tile, a section header or footer).
    public func box(_ kind: String, frame: Rect, origin: Point, color: PreviewColor) -> String {
        "<div class=\"\(kind)\" style=\"left:\(px(frame.minX - origin.x));top:\(px(frame.minY - origin.y));"
            + "width:\(px(frame.width));height:\(px(frame.height));background:\(color.hexString)\"></div>\n"
    }

    /// The page: its `@font-face` rules, then `body` in a box of `size`.
    public func document(body: String, size: Size, title: String) -> String {
        """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>\(HTML.text(title))</title>
        <style>
        \(fonts.rules.joined(separator: "\n"))
        body { margin: 0 }
        .page { position: relative; overflow: hidden; background: #f2f2f7 }
        .card, .tile, .header, .footer { position: absolute; box-sizing: content-box; margin: 0; padding: 0 }
        .card { background: \(PreviewPalette.background.hexString); outline: 1px solid \(PreviewPalette.cardFrame.hexString) }
        .card div { margin: 0; padding: 0; border: 0 }
        </style></head>
        <body><div class="page" style="width:\(px(size.width));height:\(px(size.height))">
        \(body)</div></body></html>

        """
    }

    /// `frames`, siblings inside `parent`, down the page or across a row: each placed by
    /// the gap before it, from the parent's edge or the sibling before.
    private mutating func elements(
        _ frames: [ElementFrame], in parent: Rect, across: Bool, stack: CardStack
    ) throws(PreviewError) -> String {
        var html = ""
        var edge = across ? parent.minX : parent.minY
        for element in frames {
            let frame = element.frame
            let margins = across
                ? "margin-left:\(px(frame.minX - edge));"
                : "margin-top:\(px(frame.minY - edge));margin-left:\(px(frame.minX - parent.minX));"
            let layout = margins + "width:\(px(frame.width));" + (across ? "flex:none;" : "")
            edge = across ? frame.maxX : frame.maxY
            switch element.kind {
            case .image:
                html += "<div class=\"cover\" style=\"\(layout)height:\(px(frame.height));"
                    + "background:\(PreviewColor.cover(forID: stack.record).hexString)\"></div>"
            case .spacer:
                html += "<div class=\"spacer\" style=\"\(layout)height:\(px(frame.height))\"></div>"
            case .label:
                guard let label = stack.labels[element.path] else { continue }
                html += try self.label(label, layout: layout, record: stack.record)
            case .row:
                html += "<div class=\"row\" style=\"\(layout)display:flex;align-items:flex-start\">"
                html += try elements(stack.children(of: element.path), in: frame, across: true, stack: stack)
                html += "</div>"
            }
        }
        return html
    }

    /// A label's text in a `<div>` styled as its measurement assumed.
    private mutating func label(_ label: MeasuredLabel, layout: String, record: String) throws(PreviewError) -> String {
        let style = label.style
        let field = label.frame.name
        let fail = { (reason: String) in PreviewError.htmlLabel(record: record, field: field, reason: reason) }
        guard style.profile == .browser else {
            throw fail("measured in the \(style.profile.rawValue) profile; a page shows what the browser profile measures (--profile browser)")
        }
        let families = try fonts.families(of: style.fonts).map { "'\($0)'" }.joined(separator: ",")
        var css = layout + "font-family:\(families);font-size:\(px(style.size));"
        css += "line-height:\(style.css.lineHeight.css);white-space:\(style.css.whiteSpace.rawValue);"
        css += "word-break:\(style.css.wordBreak.rawValue);overflow-wrap:\(style.css.overflowWrap.rawValue);"
        guard style.lineBreak != .phrase else { throw fail("line breaking by phrase has no CSS the browser profile follows") }
        css += "line-break:\(style.lineBreak.rawValue);"
        if style.css.letterSpacing != 0 { css += "letter-spacing:\(px(style.css.letterSpacing));" }
        let element = label.element
        if element.maxLines > 0 {
            // CSS clamps lines only with an ellipsis.
            guard element.truncation == .tail else { throw fail("a line limit without an ellipsis has no CSS line clamp") }
            css += "display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:\(element.maxLines);overflow:hidden;"
        }
        // Each reserved line is one primary-font line box, as the browser profile counts it: 1lh.
        let reserved = element.reserveLines - label.measurement.lineCount
        if reserved > 0 { css += "padding-bottom:\(reserved)lh;" }
        let color = field == "title" ? PreviewPalette.title : PreviewPalette.secondaryText
        css += "color:\(color.hexString)"
        let starts = label.measurement.lines.map { String($0.scalarOffset) }.joined(separator: ",")
        return "<div class=\"label\" data-name=\"\(HTML.attribute(field))\" "
            + "data-height=\"\(CSSNumber(label.measurement.height))\" data-starts=\"\(starts)\" "
            + "lang=\"\(HTML.attribute(style.language))\" style=\"\(css)\">\(HTML.text(label.text))</div>"
    }

    private func px(_ value: Double) -> String { "\(CSSNumber(value))px" }
}

/// A card's frames as the tree the template's rows make of them.
private struct CardStack {
    let frames: [ElementFrame]
    let labels: [String: MeasuredLabel]
    let record: String

    /// The frames directly inside the row at `parent`, or the card's own for `nil`, in order.
    func children(of parent: String?) -> [ElementFrame] {
        frames.filter { Self.parent(of: $0.path) == parent }
    }

    /// `elements[2].children[0].element` is inside `elements[2]`.
    private static func parent(of path: String) -> String? {
        path.ranges(of: ".children[").last.map { String(path[..<$0.lowerBound]) }
    }
}

/// The `@font-face` families of a page: one per font file of the chains its labels were
/// measured with, named in order of first use, each loaded from the URL `fontURL` gives:
/// by default the file's own `file:` URL (a page opened from disk loads it with no server
/// and no network); a server names its fonts without saying where they are.
public struct HTMLFontFaces {
    public typealias URLOfFont = (FontFaceReference) -> String
    private let fontURL: URLOfFont
    private var families: [FontFaceReference: String] = [:]
    /// The `@font-face` rules, one per family.
    public private(set) var rules: [String] = []

    init(fontURL: @escaping URLOfFont) {
        self.fontURL = fontURL
    }

    /// A font file's `file:` URL.
    public static func fileURL(of reference: FontFaceReference) -> String {
        URL(fileURLWithPath: reference.path).standardizedFileURL.absoluteString
    }

    /// The families of `chain`'s fonts, primary first: the `font-family` list that sets
    /// text as the engine did.
    mutating func families(of chain: FontChain) throws(PreviewError) -> [String] {
        var names: [String] = []
        for face in chain.faces {
            let reference = face.reference
            if let name = families[reference] {
                names.append(name)
                continue
            }
            guard reference.faceIndex == 0 else {
                throw .fontFace(
                    path: reference.path, reason: "face \(reference.faceIndex) of a collection: CSS @font-face loads only its first")
            }
            let readable = face.family.unicodeScalars.filter { $0.properties.isAlphabetic || $0 == " " || ("0"..."9").contains($0) }
            let name = "cardsize \(families.count + 1) \(String(String.UnicodeScalarView(readable)))"
            families[reference] = name
            rules.append("@font-face { font-family: '\(name)'; src: url(\"\(fontURL(reference))\") }")
            names.append(name)
        }
        return names
    }
}
