// A catalog file laid out as a request says, ready to draw any part of: what `cardsize render`
// draws one page of and what cardsize-serve's viewer scrolls through.
import CatalogIO
import CatalogLayout
import Geometry
import Preview
import TextEngine

/// A catalog file laid out as a ``CatalogLayoutRequest`` says, kept whole with what drawing
/// any part of it needs.
///
/// ```swift
/// let catalog = CatalogFileRecords(path: "Catalogs/goodbooks-10k.csv", mapping: ColumnMapping())
/// var picture = try CatalogLayoutPicture(request: CatalogLayoutRequest(kind: .waterfall), catalog: catalog)
/// picture.page = picture.page.reading(from: try catalog.readAll())  // to draw many parts
/// let (scene, _) = try picture.page.scene(of: Rect(origin: .zero, size: picture.pageSize))
/// ```
public struct CatalogLayoutPicture: Sendable {
    public let request: CatalogLayoutRequest
    /// The layout, its records and how its items are drawn (no debug overlay). Its records
    /// are read again from ``catalogFile`` unless replaced (``CatalogPage/reading(from:)``).
    public var page: CatalogPage
    public let catalogFile: CatalogFileRecords
    /// The lines a person reads once the layout is made.
    public let summary: [String]
    /// How many records failed (their error records are in the layout's place list).
    public let failed: Int

    /// Lays out the records of `catalog` as `request` says.
    ///
    /// - Throws: what opening or reading the catalog throws, or a ``LayoutRequestError`` or
    ///   layout error for options that cannot be used.
    public init(request: CatalogLayoutRequest, catalog: CatalogFileRecords) throws {
        let run = try request.layOut(reader: try CatalogReader(path: catalog.path, format: catalog.format, mapping: catalog.mapping))
        let items: CatalogPageItems =
            switch (request.kind, request.preset) {
            case (.tagFlow, _): .tags(try request.tagMaker())
            case (.compositional, .insta): .tiles
            default: .cards(try request.cardMeasurer())
            }
        let textMeasurer: TextMeasurer = if case .cards(let measurer) = items { measurer.textMeasurer } else { TextMeasurer() }
        page = CatalogPage(
            laidOut: run.laidOut, records: catalog, items: items, cards: try request.cardMaker(),
            painter: ScenePainter(textMeasurer: textMeasurer, displayScale: request.screen.scale))
        self.request = request
        catalogFile = catalog
        summary = run.summary
        failed = run.failed
    }

    /// One screenful: the collection's width by the screen's height.
    public var pageSize: Size { Size(width: request.screen.width, height: request.screen.height) }
}
