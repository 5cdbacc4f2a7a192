// A catalog file laid out as a request says, ready to draw any part of: what `cardsize render`
// draws one page of and what cardsize-serve's viewer scrolls through.
import CatalogIO
import CatalogLayout
import Geometry
import Locked
import Preview
import TextEngine

/// A catalog file laid out as a ``CatalogLayoutRequest`` says, kept whole with what drawing
/// any part of it needs.
///
/// ```swift
/// let catalog = CatalogFileRecords(path: "Catalogs/goodbooks-10k.csv", mapping: ColumnMapping())
/// let picture = try CatalogLayoutPicture(request: CatalogLayoutRequest(kind: .waterfall), catalog: catalog, keepingRecords: true)
/// let (scene, _) = try picture.page.scene(of: Rect(origin: .zero, size: picture.pageSize))
/// ```
public struct CatalogLayoutPicture: Sendable {
    public let request: CatalogLayoutRequest
    /// The layout, its records and how its items are drawn (no debug overlay). Its records
    /// are those kept while it was laid out, or read again from ``catalogFile``, unless
    /// replaced (``CatalogPage/reading(from:)``).
    public var page: CatalogPage
    public let catalogFile: CatalogFileRecords
    /// The lines a person reads once the layout is made.
    public let summary: [String]
    /// How many records failed (error records stand in their places).
    public let failed: Int

    /// Lays out the records of `catalog` as `request` says, keeping every record as it is
    /// read (``CatalogRecordStore``) with `keepingRecords`, to draw many parts; else the
    /// page reads the file again for each.
    ///
    /// - Throws: what opening or reading the catalog throws, or a ``LayoutRequestError`` or
    ///   layout error for options that cannot be used.
    public init(request: CatalogLayoutRequest, catalog: CatalogFileRecords, keepingRecords: Bool = false) throws {
        let reader = try CatalogReader(path: catalog.path, format: catalog.format, mapping: catalog.mapping)
        let keeper = keepingRecords ? Locked(CatalogRecordKeeper()) : nil
        var keep: CatalogCardRun.RecordTap?
        if let keeper {
            keep = { @Sendable record in keeper.withLock { $0.keep(record) } }
        }
        var laidOut = PackedLaidOutCatalog()
        switch request.kind {
        case .grid, .waterfall:
            (summary, failed) = try request.layOutStreamed(reader: reader, query: nil, reading: keep) { laidOut.add($0) }
        case .tagFlow, .compositional:
            let run = try request.layOutWhole(records: reader.lazy.map { record in
                keep?(record)
                return record
            })
            laidOut = PackedLaidOutCatalog(run.laidOut)
            (summary, failed) = (run.summary, run.failed)
        }
        let items: CatalogPageItems =
            switch (request.kind, request.preset) {
            case (.tagFlow, _): .tags(try request.tagMaker())
            case (.compositional, .insta): .tiles
            default: .cards(try request.cardMeasurer())
            }
        let textMeasurer: TextMeasurer = if case .cards(let measurer) = items { measurer.textMeasurer } else { TextMeasurer() }
        let records: any CatalogRecordSource = keeper?.withLock { $0.store } ?? catalog
        page = CatalogPage(
            laidOut: laidOut, records: records, items: items, cards: try request.cardMaker(),
            painter: ScenePainter(textMeasurer: textMeasurer, displayScale: request.screen.scale))
        self.request = request
        catalogFile = catalog
    }

    /// One screenful: the collection's width by the screen's height.
    public var pageSize: Size { Size(width: request.screen.width, height: request.screen.height) }
}
