// A part of a laid-out catalog as an HTML page: cards whose text the browser lays out itself.
import CardModel
import CatalogIO
import Geometry
import Preview

extension CatalogPage {
    /// The HTML page of `viewport` (see ``HTMLCardWriter``), and how many items it shows:
    /// each card measured again with its labels at its frame's width, as ``scene(of:)``
    /// draws it, and written as what that measurement computed.
    ///
    /// Throws what ``scene(of:)`` throws, ``PreviewError`` for a label the page cannot show
    /// as measured, and ``CatalogPageError/noHTML`` for tags.
    public func html(
        of viewport: Rect, fontURL: @escaping HTMLFontFaces.URLOfFont = HTMLFontFaces.fileURL
    ) throws -> (html: String, items: Int) {
        let visible = try visibleElements(in: viewport)
        var writer = HTMLCardWriter(fontURL: fontURL)
        var body = ""
        for (element, record) in visible {
            let frame = element.frame
            guard let record else {
                body += writer.box(element.kind.rawValue, frame: frame, origin: viewport.origin, color: PreviewPalette.supplementary)
                continue
            }
            switch items {
            case .cards(let measurer):
                let card = try measurer.measureWithLabels(record: cards.card(for: record), width: frame.width)
                body += try writer.card(id: record.id, frame: frame, origin: viewport.origin, card: card)
            case .tiles:
                body += writer.box("tile", frame: frame, origin: viewport.origin, color: .cover(forID: record.id))
            case .tags:
                throw CatalogPageError.noHTML
            }
        }
        let items = visible.count { $0.record != nil }
        return (writer.document(body: body, size: viewport.size, title: "cardsize: \(items) items"), items)
    }
}
