// The screen, template, insets, grid and sections of a layout, as flags; each group fills in
// its part of a request and leaves the request's defaults where no flag is given.
import ArgumentParser
import CatalogLayout
import CollectionLayout
import Geometry
import TextEngine

/// The screen: a device preset, or a width and scale.
public struct ScreenFlags: ParsableArguments, Sendable {
    @Option(help: "A device preset: \(DevicePreset.all.map(\.name).joined(separator: ", ")).")
    public var device = LayoutScreen.standard.device!.name
    @Option(parsing: .unconditional, help: "The collection width in points (instead of --device).", transform: OptionCheck.decimal)
    public var width: Double?
    @Option(parsing: .unconditional, help: "Pixels per point, with --width.", transform: OptionCheck.decimal)
    public var scale: Double = LayoutScreen.standard.scale

    public init() {}

    public func validate() throws {
        try OptionCheck.length(width, "--width", positive: true)
        try OptionCheck.scale(scale)
    }

    /// `--width` at `--scale` (pages as tall as the device's screen), or the device preset.
    public func screen() throws -> LayoutScreen {
        let preset = try DevicePreset.named(device)
        guard let width else { return LayoutScreen(device: preset) }
        return LayoutScreen(width: width, height: preset.heightInPoints, scale: scale)
    }
}

/// The card template, by built-in name or JSON file.
public struct TemplateFlags: ParsableArguments, Sendable {
    @Option(help: "book (the three-column grid's book card), book-hug (title as tall as its lines), or a template JSON file. Default: book; book-hug for waterfalls.")
    public var template: String?
    @Option(help: "Measure every label of the template under this metrics profile: uikit, pango or browser (headless Chromium, with the labels' CSS properties; what render --format html shows). Default: each label's own.")
    public var profile: MetricsProfile?

    public init() {}

    public func apply(to request: inout CatalogLayoutRequest) {
        if let template { request.template = template }
        request.profile = profile
    }
}

/// Insets around the cards.
public struct InsetFlags: ParsableArguments, Sendable {
    @Option(parsing: .unconditional, help: "The same inset on all four sides (default 8 for grids, 0 for waterfalls, 10 for tag flows).", transform: OptionCheck.decimal)
    public var inset: Double?
    @Option(help: "Insets as TOP,LEFT,BOTTOM,RIGHT (instead of --inset).") public var insets: String?

    public init() {}

    public func validate() throws {
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

    public func apply(to request: inout CatalogLayoutRequest) {
        if let edges = parsedInsets ?? inset.map(EdgeInsets.init(all:)) { request.insets = edges }
    }
}

/// The grid's columns and gaps: a column count, or a minimum cell width.
public struct GridFlags: ParsableArguments, Sendable {
    @Option(parsing: .unconditional, help: "Columns: the cell width fills them (default \(CatalogLayoutRequest.cards.columns) unless --min-cell-width).")
    public var columns: Int?
    @Option(parsing: .unconditional, help: "The smallest cell width; the cell grows to fill the row (the minimum-width grid).", transform: OptionCheck.decimal)
    public var minCellWidth: Double?
    @Option(parsing: .unconditional, help: "The gap between cells in a row.", transform: OptionCheck.decimal)
    public var columnGap: Double = CatalogLayoutRequest.cards.columnGap
    @Option(parsing: .unconditional, help: "The gap between rows (default: --column-gap).", transform: OptionCheck.decimal)
    public var rowGap: Double?
    @Option(help: "What cell widths are floored to: pixels of the screen's scale, or whole points as the seeds' own code does.")
    public var cellRounding: CellRounding = .pixels

    public init() {}

    public func validate() throws {
        if columns != nil, minCellWidth != nil { throw ValidationError("give --columns or --min-cell-width, not both") }
        try OptionCheck.count(columns, "--columns", in: 1...OptionCheck.maximumColumns)
        try OptionCheck.length(minCellWidth, "--min-cell-width", positive: true)
        try OptionCheck.length(columnGap, "--column-gap")
        try OptionCheck.length(rowGap, "--row-gap")
    }

    public func apply(to request: inout CatalogLayoutRequest) {
        if let columns { request.columns = columns }
        request.minimumCellWidth = minCellWidth
        request.columnGap = columnGap
        request.rowGap = rowGap
        request.cellRounding = cellRounding
    }
}

/// How the records are cut into sections, and options that differ per section.
public struct SectionFlags: ParsableArguments, Sendable {
    @Option(parsing: .unconditional, help: "Cut the records into sections of this many items (default: one section).")
    public var sectionSize: Int?
    @Option(
        help: """
            A JSON file with an array of per-section options: entry N overrides the layout's \
            options for section N, key by key (null or {} keeps them); see README.
            """)
    public var sections: String?

    public init() {}

    public func validate() throws {
        if let sectionSize, sectionSize < 1 { throw ValidationError("--section-size must be at least 1") }
    }

    public func apply(to request: inout CatalogLayoutRequest) {
        request.sectionSize = sectionSize
        request.sectionsFile = sections
    }
}

/// A grid's or a waterfall's header and footer.
public struct HeaderFooterFlags: ParsableArguments, Sendable {
    @Option(parsing: .unconditional, help: "A header above the cards, this tall (0 for none).", transform: OptionCheck.decimal)
    public var headerHeight: Double = 0
    @Option(parsing: .unconditional, help: "A footer below the cards, this tall (0 for none).", transform: OptionCheck.decimal)
    public var footerHeight: Double = 0

    public init() {}

    public func validate() throws {
        try OptionCheck.length(headerHeight, "--header-height")
        try OptionCheck.length(footerHeight, "--footer-height")
    }

    public func apply(to request: inout CatalogLayoutRequest) {
        request.headerHeight = headerHeight
        request.footerHeight = footerHeight
    }
}

extension CellRounding: ExpressibleByArgument {}
extension MetricsProfile: ExpressibleByArgument {}
extension FlowVerticalAlignment: ExpressibleByArgument {}
extension TagFlowHorizontalAlignment: ExpressibleByArgument {}
extension TagField: ExpressibleByArgument {}
extension CompositionalPreset: ExpressibleByArgument {}

extension WaterfallItemRenderDirection: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument {
        case "shortest-first": self = .shortestFirst
        case "left-to-right": self = .leftToRight
        case "right-to-left": self = .rightToLeft
        default: return nil
        }
    }

    public static var allValueStrings: [String] { ["shortest-first", "left-to-right", "right-to-left"] }
}
