// A request's layout run over a catalog: streamed (grid, waterfall) or whole (any kind).
import CardModel
import CatalogIO
import CollectionLayout
import Geometry

/// A catalog laid out whole, with the lines a person reads afterwards.
public struct CatalogLayoutRun: Sendable {
    public var laidOut: LaidOutCatalog
    public var summary: [String]
    /// How many records failed (their error records are in the layout's place list).
    public var failed: Int

    public init(laidOut: LaidOutCatalog, summary: [String], failed: Int) {
        self.laidOut = laidOut
        self.summary = summary
        self.failed = failed
    }
}

extension CatalogLayoutRequest {
    /// The summary's first line for cards sized on the grid: `PROGRAM: iPhone 11, 414 pt @2x,
    /// 3 columns of 127.333 pt`.
    public func gridTitle(_ program: String, columns: GridColumns) -> String {
        "\(program): \(screen.summaryName), \(columns.columnCount) columns of \(SummaryFormat.number(columns.cellWidth)) pt"
    }

    /// A grid's or waterfall's cards measured as `reader` yields their records and each placed
    /// as soon as it is, its records handed to `write` batch by batch (only those that
    /// intersect `query`, with one); `measured` is told how many records each batch held,
    /// `reading` given each record as it is read. Returns the summary and the count of failures.
    public func layOutStreamed(
        reader: sending CatalogReader, query: Rect?, measured: (Int) -> Void = { _ in },
        reading: CatalogCardRun.RecordTap? = nil, write: ([LayoutRecordOrder.Record]) -> Void
    ) throws -> (summary: [String], failed: Int) {
        let format = SummaryFormat.number
        switch kind {
        case .grid:
            let columns = try gridColumns()
            let measurer = try cardMeasurer()
            var run = CatalogCardRun(
                reader: reader, cards: try cardMaker(), measurer: measurer, widths: CardWidths(uniform: columns.cellWidth),
                threads: threads, reading: reading)
            var grid = StreamedCatalogLayout(try GridCardStream(layout: try flowLayout()), sectionSize: sectionSize, query: query)
            let contentSize = try grid.layOut(&run, measured: measured, write: write)
            let summary = [gridTitle("cardsize layout grid", columns: columns)] + run.statistics.lines + [
                "\(grid.layout.state.placedRowCount) rows; content \(format(contentSize.width)) × \(format(contentSize.height)) pt"
            ]
            return (summary, run.statistics.failed)
        case .waterfall:
            let layout = try waterfallLayout()
            let measurer = try cardMeasurer()
            var run = CatalogCardRun(
                reader: reader, cards: try cardMaker(), measurer: measurer,
                widths: try CardWidths(layout: layout, sectionSize: sectionSize), threads: threads, reading: reading)
            var cards = StreamedCatalogLayout(
                try WaterfallCardStream(layout: layout, scalesCoverSizes: scalesCoverSizes), sectionSize: sectionSize,
                query: query)
            let contentSize = try cards.layOut(&run, measured: measured, write: write)
            let summary = [
                "cardsize layout waterfall: \(screen.summaryName), \(columns) columns of \(format(try layout.columnWidth(forSection: 0))) pt"
                    + (scalesCoverSizes ? ", CHT-compatible (cover sizes scaled)" : ", cards measured at the column width")
            ] + run.statistics.lines + ["content \(format(contentSize.width)) × \(format(contentSize.height)) pt"]
            return (summary, run.statistics.failed)
        case .tagFlow, .compositional:
            throw LayoutRequestError(field: "kind", "\(kind.rawValue) is laid out whole, not streamed")
        }
    }

    /// Every record `reader` yields laid out, the whole layout kept: what a picture or a
    /// viewer draws from. `measured` is told how many records were read as they are.
    public func layOut(reader: sending CatalogReader, measured: (Int) -> Void = { _ in }) throws -> CatalogLayoutRun {
        switch kind {
        case .grid, .waterfall:
            var records: [LayoutRecordOrder.Record] = []
            let (summary, failed) = try layOutStreamed(reader: reader, query: nil, measured: measured) { records += $0 }
            return CatalogLayoutRun(laidOut: LaidOutCatalog(records: records), summary: summary, failed: failed)
        case .tagFlow, .compositional:
            return try layOutWhole(records: reader, afterEach: { measured(1) })
        }
    }

    /// A tag flow's or a compositional layout's records, read to the end and laid out
    /// (these layouts place items once every item is known). `afterEach` runs after each record.
    public func layOutWhole(
        records: some Sequence<Result<CatalogRecord, CatalogError>>, afterEach: () -> Void = {}
    ) throws -> CatalogLayoutRun {
        let format = SummaryFormat.number
        switch kind {
        case .tagFlow:
            let maker = try tagMaker()
            var truncated = 0
            let tags = CatalogItems(reading: records, field: tagField.rawValue, afterEach: afterEach) { record in
                let tag = try maker.tag(for: record)
                if tag.isTruncated { truncated += 1 }
                return tag.size
            }
            let result = try TagFlowLayout(
                collectionWidth: screen.width, configuration: tagFlowConfiguration,
                sectionConfigurations: sectionOverrides(of: tagFlowConfiguration)
            ).layout(tags.items.sections(of: sectionSize))
            return CatalogLayoutRun(
                laidOut: LaidOutCatalog(placed: tags.placed, layout: result),
                summary: [
                    "cardsize layout tag-flow: \(screen.summaryName), \(tagField) tags, \(horizontalAlignment.rawValue)-aligned",
                    "\(tags.placed.count) records: \(tags.items.count) tags, \(tags.failed) errors; \(truncated) tags cut at \(format(maximumTagWidth)) pt",
                    "content \(format(result.contentSize.width)) × \(format(result.contentSize.height)) pt",
                ], failed: tags.failed)
        case .compositional:
            let cards = try cardMaker()
            var items = CatalogItems(reading: records, field: "id", afterEach: afterEach) { cards.card(for: $0) }
            let size = Size(width: screen.width, height: screen.height)
            let result: LayoutResult
            switch preset {
            case .insta:
                result = try CompositionalLayout.instaSearch(collectionSize: size).layout(itemCount: items.items.count)
            case .cards:
                result = try CompositionalCardGrid(
                    collectionSize: size, columns: columns, spacing: columnGap, measurer: cardMeasurer()
                ).layOut(&items)
            }
            return CatalogLayoutRun(
                laidOut: LaidOutCatalog(placed: items.placed, layout: result),
                summary: [
                    "cardsize layout compositional: \(preset.rawValue), container \(format(size.width)) × \(format(size.height)) pt",
                    "\(items.placed.count) records: \(items.items.count) items, \(items.failed) errors",
                    "content \(format(result.contentSize.width)) × \(format(result.contentSize.height)) pt",
                ], failed: items.failed)
        case .grid, .waterfall:
            throw LayoutRequestError(field: "kind", "\(kind.rawValue) is laid out from a catalog reader")
        }
    }
}

extension StreamedCatalogLayout {
    /// Lays out every card of `run` as it is measured, handing each batch's records to
    /// `write`; returns the content size.
    mutating func layOut(
        _ run: inout CatalogCardRun, measured: (Int) -> Void, write: ([LayoutRecordOrder.Record]) -> Void
    ) throws -> Size {
        var records: [LayoutRecordOrder.Record] = []
        try run.run { outcomes in
            try add(outcomes, into: &records)
            write(records)
            records.removeAll()
            measured(outcomes.count)
        }
        let contentSize = try finish(into: &records)
        write(records)
        return contentSize
    }
}
