// Options shared by the card commands: the catalog, the card, the screen, the grid, the output.
import ArgumentParser
import CardModel
import CatalogIO
import CatalogLayout
import CollectionLayout
import Geometry
import TextEngine

/// Which catalog to read and which columns (or JSON keys) hold what.
struct CatalogOptions: ParsableArguments {
    @Argument(help: "A CSV or JSONL catalog (the extension chooses), or - for standard input (JSONL unless --catalog-format csv).")
    var catalog: String
    @Option(help: "The catalog's format, csv or jsonl (default: from its extension; jsonl for standard input).")
    var catalogFormat: CatalogFormat?

    @Option(help: "The id column.") var id = "id"
    @Option(help: "The title column.") var title = "title"
    @Option(help: "The author column.") var author = "author"
    @Option(help: "Columns holding each record's cover size, as WIDTH,HEIGHT.")
    var imageSize: String?
    @Option(help: "The titles' language: auto (ja when a title has kana or kanji, else en), or a BCP 47 tag.")
    var lang = "auto"
    @Option(help: "A CSV of width,height cover sizes; a record without one gets one picked by its id.")
    var coverSizes: String?
    @Option(parsing: .unconditional, help: "Threads that measure cards (default: every core); the output is the same for any number.")
    var threads: Int?

    func validate() throws {
        if imageSize != nil, ColumnMapping.ImageSizeColumns(argument: imageSize!) == nil {
            throw ValidationError("--image-size takes two column names: WIDTH,HEIGHT")
        }
        try OptionCheck.count(threads, "--threads", in: 1...1024)
    }

    /// The catalog path that means standard input.
    static let standardInput = "-"

    /// A reader of the catalog's records: the file, or standard input for `-`, which is read
    /// as it arrives (a pipe, such as Spark's `RDD.pipe`, need not close before output starts).
    /// For a file, also a progress display that shows how much of it has been read.
    func reader(label: String) throws -> (CatalogReader, Progress) {
        guard catalog != Self.standardInput else {
            return (
                try CatalogReader(input: .standardInput, format: catalogFormat ?? .jsonLines, mapping: mapping),
                Progress(label: label, input: nil))
        }
        return try openCatalogFile(catalog, format: catalogFormat, mapping: mapping, progressLabel: label)
    }

    /// The files this run reads, which no output may be.
    var inputFiles: [String] { [catalog] + [coverSizes].compactMap { $0 } }

    var mapping: ColumnMapping {
        ColumnMapping(id: id, title: title, author: author, imageSize: imageSize.flatMap(ColumnMapping.ImageSizeColumns.init))
    }

    /// How records become cards: `--lang` and `--cover-sizes`.
    func cardMaker() throws -> CatalogCardMaker {
        CatalogCardMaker(language: CardLanguage(argument: lang), coverSizes: try coverSizes.map(CoverSizes.init(path:)))
    }

    /// Every record made an item with `makeItem`, or an error record naming `field`, in
    /// input order, with progress shown while the catalog is read.
    func items<Item>(field: String, _ makeItem: (CatalogRecord) throws -> Item) throws -> CatalogItems<Item> {
        var (reader, progress) = try reader(label: "records")
        let items = CatalogItems(reading: reader, field: field, afterEach: { progress.tick() }, makeItem)
        progress.finish()
        return items
    }

    /// A run measuring every record's card at its place's width, and its progress display.
    func cardRun(measurer: CardMeasurer, widths: CardWidths) throws -> (CatalogCardRun, Progress) {
        let (reader, progress) = try reader(label: "cards")
        let run = CatalogCardRun(reader: reader, cards: try cardMaker(), measurer: measurer, widths: widths, threads: threads)
        return (run, progress)
    }
}

/// A reader of the catalog file at `path`, in `format` or the one its extension names, and a
/// progress display that shows how much of the file has been read.
func openCatalogFile(
    _ path: String, format: CatalogFormat?, mapping: ColumnMapping, progressLabel: String
) throws -> (CatalogReader, Progress) {
    guard let format = format ?? CatalogFormat(path: path) else { throw CatalogOpenError.unrecognizedExtension(path: path) }
    let input = try InputFile(path: path)
    return (try CatalogReader(input: input, format: format, mapping: mapping), Progress(label: progressLabel, input: input))
}

/// The screen: a device preset, or a width and scale.
struct ScreenOptions: ParsableArguments {
    @Option(help: "A device preset: \(DevicePreset.all.map(\.name).joined(separator: ", ")).")
    var device = DevicePreset.iPhone11.name
    @Option(parsing: .unconditional, help: "The collection width in points (instead of --device).", transform: OptionCheck.decimal)
    var width: Double?
    @Option(parsing: .unconditional, help: "Pixels per point, with --width.", transform: OptionCheck.decimal)
    var scale: Double = 2

    func validate() throws {
        try OptionCheck.length(width, "--width", positive: true)
        try OptionCheck.scale(scale)
    }

    /// The collection width and display scale, from `--width` or the device preset.
    func screen() throws -> (width: Double, scale: Double, name: String) {
        let format = SummaryFormat.number
        if let width { return (width, scale, "\(format(width)) pt @\(format(scale))x") }
        let preset = try DevicePreset.named(device)
        return (
            preset.widthInPoints, preset.displayScale,
            "\(preset.title), \(format(preset.widthInPoints)) pt @\(format(preset.displayScale))x"
        )
    }
}

/// The card template, by built-in name or JSON file.
struct TemplateOptions: ParsableArguments {
    @Option(help: "book (the three-column grid's book card), book-hug (title as tall as its lines), or a template JSON file. Default: book; book-hug for waterfalls.")
    var template: String?
    @Option(help: "Measure every label of the template under this metrics profile: uikit, pango or browser (headless Chromium, with the labels' CSS properties; what render --format html shows). Default: each label's own.")
    var profile: MetricsProfile?

    /// The template file, if one is given: an input no output may be.
    var inputFiles: [String] { template.map { CardTemplate.builtIn[$0] == nil ? [$0] : [] } ?? [] }

    /// The template, its labels under `--profile` when given.
    func cardTemplate(default name: String) throws -> CardTemplate {
        let nameOrPath = template ?? name
        let template = try CardTemplate.builtIn[nameOrPath] ?? CardTemplate(contentsOfFile: nameOrPath)
        return profile.map(template.measured(under:)) ?? template
    }

    /// A measurer of the template's cards with the bundled fonts and two caches: a card seen
    /// before (same texts, language, cover where it matters, width) is looked up, and so is
    /// a label seen before at the same width (catalogs repeat titles). No cache of prepared
    /// texts (a label at another width, only re-broken): behind the other two it almost
    /// never hits on a catalog, and the prepared texts it would keep, freed out of order,
    /// send malloc off its fast path. The sizes keep a 10M-record run under 200 MB with the
    /// caches full (docs/performance.md, "End to end").
    func cardMeasurer(default name: String, scale: Double) throws -> CardMeasurer {
        try CardMeasurer(
            template: cardTemplate(default: name), fonts: BundledFonts.chain(), displayScale: scale,
            textMeasurer: TextMeasurer(measurementCacheCapacity: 1 << 17), cardCacheCapacity: 1 << 17)
    }
}

/// The grid cards of `measure` and `layout grid`: the screen, the insets, the columns and a
/// measurer of the template's cards.
struct CardGrid {
    let screen: (width: Double, scale: Double, name: String)
    let insets: EdgeInsets
    let columns: GridColumns
    let measurer: CardMeasurer

    init(screen: ScreenOptions, template: TemplateOptions, insets: InsetOptions, grid: GridOptions) throws {
        self.screen = try screen.screen()
        self.insets = insets.edgeInsets(default: 8)
        columns = try grid.gridColumns(width: self.screen.width, scale: self.screen.scale, insets: self.insets)
        measurer = try template.cardMeasurer(default: "book", scale: self.screen.scale)
    }

    /// The summary's first line.
    func title(_ command: String) -> String {
        "cardsize \(command): \(screen.name), \(columns.columnCount) columns of \(SummaryFormat.number(columns.cellWidth)) pt"
    }
}

/// Insets around the cards.
struct InsetOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "The same inset on all four sides (default 8 for grids, 0 for waterfalls).", transform: OptionCheck.decimal)
    var inset: Double?
    @Option(help: "Insets as TOP,LEFT,BOTTOM,RIGHT (instead of --inset).") var insets: String?

    func validate() throws {
        if insets != nil, parsedInsets == nil { throw ValidationError("--insets takes four decimal numbers: TOP,LEFT,BOTTOM,RIGHT") }
        try OptionCheck.length(inset, "--inset")
        if let parsedInsets {
            for side in [parsedInsets.top, parsedInsets.left, parsedInsets.bottom, parsedInsets.right] {
                try OptionCheck.length(side, "--insets")
            }
        }
    }

    private var parsedInsets: EdgeInsets? {
        guard let insets else { return nil }
        guard let values = OptionCheck.decimals(insets), values.count == 4 else { return nil }
        return EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
    }

    func edgeInsets(default inset: Double) -> EdgeInsets { parsedInsets ?? EdgeInsets(all: self.inset ?? inset) }
}

/// The grid's columns and spacing: a column count, or a minimum cell width.
struct GridOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Columns: the cell width fills them. The default unless --min-cell-width.")
    var columns: Int?
    @Option(parsing: .unconditional, help: "The smallest cell width; the cell grows to fill the row (the minimum-width grid).", transform: OptionCheck.decimal)
    var minCellWidth: Double?
    @Option(parsing: .unconditional, help: "Spacing between cells in a row.", transform: OptionCheck.decimal)
    var spacing: Double = 8
    @Option(parsing: .unconditional, help: "Spacing between rows (default: --spacing).", transform: OptionCheck.decimal)
    var lineSpacing: Double?
    @Option(help: "What cell widths are floored to: pixels of the screen's scale, or whole points as the seeds' own code does.")
    var cellRounding: CellRounding = .pixels

    func validate() throws {
        if columns != nil, minCellWidth != nil { throw ValidationError("give --columns or --min-cell-width, not both") }
        try OptionCheck.count(columns, "--columns", in: 1...OptionCheck.maximumColumns)
        try OptionCheck.length(minCellWidth, "--min-cell-width", positive: true)
        try OptionCheck.length(spacing, "--spacing")
        try OptionCheck.length(lineSpacing, "--line-spacing")
    }

    /// The grid's columns and cell width on the screen.
    func gridColumns(width: Double, scale: Double, insets: EdgeInsets) throws -> GridColumns {
        let grid = cellRounding == .points ? 1 : scale
        if let minCellWidth {
            // A cell narrower than what widths are floored to would be drawn 0 pt wide.
            guard minCellWidth >= 1 / grid else {
                throw ValidationError(
                    "--min-cell-width must be at least one pixel (\(SummaryFormat.number(1 / grid)) pt), got \(minCellWidth)")
            }
            let columns = try GridColumns.fillingRow(
                minimumCellWidth: minCellWidth, collectionWidth: width, insets: insets, interitemSpacing: spacing,
                displayScale: grid)
            // The bound --columns has: a tiny minimum would fill the row with cells of no width.
            guard columns.columnCount <= OptionCheck.maximumColumns else {
                throw ValidationError(
                    "--min-cell-width \(minCellWidth) fits \(columns.columnCount) columns in "
                        + "\(SummaryFormat.number(width)) points, more than \(OptionCheck.maximumColumns)")
            }
            return columns
        }
        return try GridColumns.forColumnCount(
            columns ?? 3, collectionWidth: width, insets: insets, interitemSpacing: spacing, displayScale: grid)
    }
}

/// What a grid's cell widths are floored to. Pixels by default: on a @2x or @3x screen a
/// cell then loses under a pixel to rounding, not up to a point (428 pt @2x with a 100 pt
/// minimum: cells of 100.5 pt). Whole points are what the seeds' code computes (`floor` in
/// points: 100 pt there), for reproducing those apps to the point.
enum CellRounding: String, ExpressibleByArgument, CaseIterable {
    case pixels, points
}

/// Where and how results are written.
struct OutputOptions: ParsableArguments {
    @Option(help: "jsonl or csv.") var format: OutputFormat = .jsonl
    @Option(name: [.customShort("o"), .long], help: "Write here instead of standard output (- is standard output).")
    var output: String?

    /// A writer of the output, and the output to commit when the run has succeeded; an
    /// output that is one of `inputs` is refused.
    func writer(columns: [String], inputs: [String]) throws -> (RecordWriter, OutputFile) {
        let file = try OutputFile(path: output, inputs: inputs)
        return (RecordWriter(output: file, format: format, columns: columns), file)
    }
}

extension OutputFormat: ExpressibleByArgument {}

extension CatalogFormat: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument {
        case "csv": self = .csv
        case "jsonl", "ndjson": self = .jsonLines
        default: return nil
        }
    }

    public static var allValueStrings: [String] { ["csv", "jsonl"] }
}
