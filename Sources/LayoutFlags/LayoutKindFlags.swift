// Each layout's flags, read into a request: what `cardsize layout KIND`, `cardsize render` and
// `cardsize-serve --layout KIND` take after the catalog.
import ArgumentParser
import CatalogLayout
import CollectionLayout
import Geometry

/// A layout's flags: the catalog, then the options of one kind of layout.
public protocol LayoutKindFlags: ParsableArguments {
    /// The kind of layout the flags are for.
    static var kind: CatalogLayoutKind { get }
    var catalog: CatalogFlags { get }
    /// The request the flags describe; the kind's defaults where no flag is given.
    func request() throws -> CatalogLayoutRequest
}

extension CatalogLayoutKind: ExpressibleByArgument {
    /// The flags of this kind of layout.
    public var flags: any LayoutKindFlags.Type {
        switch self {
        case .grid: GridLayoutFlags.self
        case .waterfall: WaterfallLayoutFlags.self
        case .tagFlow: TagFlowLayoutFlags.self
        case .compositional: CompositionalLayoutFlags.self
        }
    }

    /// `arguments` (the catalog, then this layout's flags) read as `cardsize layout KIND`
    /// reads them, and checked.
    public func parse(_ arguments: [String]) throws -> (request: CatalogLayoutRequest, catalog: CatalogFlags) {
        let flags = try flags.parse(arguments)
        return (try flags.request(), flags.catalog)
    }

    /// What the command line prints for `error`, thrown while reading this layout's flags.
    public func message(for error: any Error) -> String {
        flags.message(for: error)
    }
}

/// `cardsize layout grid`'s flags.
public struct GridLayoutFlags: LayoutKindFlags, Sendable {
    public static let kind = CatalogLayoutKind.grid
    @OptionGroup public var catalog: CatalogFlags
    @OptionGroup public var screen: ScreenFlags
    @OptionGroup public var template: TemplateFlags
    @OptionGroup public var insets: InsetFlags
    @OptionGroup public var grid: GridFlags
    @OptionGroup public var sections: SectionFlags
    @OptionGroup public var headerFooter: HeaderFooterFlags

    @Option(help: "Cards shorter than their row: top, center or bottom.") public var valign: FlowVerticalAlignment = .center
    @Flag(help: "Line the last row up with the columns above instead of packing it left.") public var gridAligned = false

    public init() {}

    public func request() throws -> CatalogLayoutRequest {
        var request = try CardsFlags.request(kind: Self.kind, catalog: catalog, screen: screen, template: template, insets: insets)
        grid.apply(to: &request)
        sections.apply(to: &request)
        headerFooter.apply(to: &request)
        request.verticalAlignment = valign
        request.lastRowGridAligned = gridAligned
        return request
    }
}

/// `cardsize layout waterfall`'s flags.
public struct WaterfallLayoutFlags: LayoutKindFlags, Sendable {
    public static let kind = CatalogLayoutKind.waterfall
    @OptionGroup public var catalog: CatalogFlags
    @OptionGroup public var screen: ScreenFlags
    @OptionGroup public var template: TemplateFlags
    @OptionGroup public var insets: InsetFlags
    @OptionGroup public var sections: SectionFlags
    @OptionGroup public var headerFooter: HeaderFooterFlags

    private static let defaults = CatalogLayoutRequest(kind: kind)
    @Option(help: "Columns.") public var columns = defaults.columns
    @Option(parsing: .unconditional, help: "The gap between columns.", transform: OptionCheck.decimal)
    public var columnGap: Double = defaults.columnGap
    @Option(parsing: .unconditional, help: "The gap between cards in a column.", transform: OptionCheck.decimal)
    public var rowGap: Double = defaults.effectiveRowGap
    @Option(help: "shortest-first, left-to-right or right-to-left.")
    public var renderDirection: WaterfallItemRenderDirection = .shortestFirst
    @Option(parsing: .unconditional, help: "The content is at least this tall.", transform: OptionCheck.decimal)
    public var minContentHeight: Double = 0
    @Flag(help: "Scale each record's cover size to the column width as CHT does, instead of measuring cards.")
    public var chtCompatible = false

    public init() {}

    public func validate() throws {
        try OptionCheck.count(columns, "--columns", in: 1...OptionCheck.maximumColumns)
        try OptionCheck.length(columnGap, "--column-gap")
        try OptionCheck.length(rowGap, "--row-gap")
        try OptionCheck.length(minContentHeight, "--min-content-height")
    }

    public func request() throws -> CatalogLayoutRequest {
        var request = try CardsFlags.request(kind: Self.kind, catalog: catalog, screen: screen, template: template, insets: insets)
        sections.apply(to: &request)
        headerFooter.apply(to: &request)
        request.columns = columns
        request.columnGap = columnGap
        request.rowGap = rowGap
        request.renderDirection = renderDirection
        request.minimumContentHeight = minContentHeight
        request.scalesCoverSizes = chtCompatible
        return request
    }
}

/// `cardsize layout tag-flow`'s flags.
public struct TagFlowLayoutFlags: LayoutKindFlags, Sendable {
    public static let kind = CatalogLayoutKind.tagFlow
    @OptionGroup public var catalog: CatalogFlags
    @OptionGroup public var screen: ScreenFlags
    @OptionGroup public var insets: InsetFlags
    @OptionGroup public var sections: SectionFlags

    private static let defaults = CatalogLayoutRequest(kind: kind)
    @Option(help: "The record field a tag shows: title or author.") public var field: TagField = defaults.tagField
    @Option(parsing: .unconditional, help: "Tag font size in points.", transform: OptionCheck.decimal)
    public var fontSize: Double = defaults.tagFontSize
    @Option(help: "Tag padding as VERTICAL,HORIZONTAL.")
    public var padding = "\(SummaryFormat.number(defaults.tagPadding.top)),\(SummaryFormat.number(defaults.tagPadding.left))"
    @Option(parsing: .unconditional, help: "The widest a tag may be.", transform: OptionCheck.decimal)
    public var maxTagWidth: Double = defaults.maximumTagWidth
    @Option(help: "left, right, center or justified.") public var align: TagFlowHorizontalAlignment = defaults.horizontalAlignment
    @Option(help: "top, center or bottom.") public var valign: FlowVerticalAlignment = defaults.verticalAlignment
    @Option(parsing: .unconditional, help: "The gap between tags in a row (exact).", transform: OptionCheck.decimal)
    public var columnGap: Double = defaults.columnGap
    @Option(parsing: .unconditional, help: "The gap between rows.", transform: OptionCheck.decimal)
    public var rowGap: Double = defaults.effectiveRowGap

    public init() {}

    public func validate() throws {
        guard let paddingInsets else { throw ValidationError("--padding takes two decimal numbers: VERTICAL,HORIZONTAL") }
        try OptionCheck.length(paddingInsets.top, "--padding")
        try OptionCheck.length(paddingInsets.left, "--padding")
        try OptionCheck.fontSize(fontSize)
        try OptionCheck.length(maxTagWidth, "--max-tag-width", positive: true)
        try OptionCheck.length(columnGap, "--column-gap")
        try OptionCheck.length(rowGap, "--row-gap")
    }

    private var paddingInsets: EdgeInsets? {
        guard let values = OptionCheck.decimals(padding), values.count == 2 else { return nil }
        return EdgeInsets(top: values[0], left: values[1], bottom: values[0], right: values[1])
    }

    public func request() throws -> CatalogLayoutRequest {
        var request = CatalogLayoutRequest(kind: Self.kind)
        catalog.apply(to: &request)
        request.screen = try screen.screen()
        insets.apply(to: &request)
        sections.apply(to: &request)
        request.tagField = field
        request.tagFontSize = fontSize
        request.tagPadding = paddingInsets!
        request.maximumTagWidth = maxTagWidth
        request.horizontalAlignment = align
        request.verticalAlignment = valign
        request.columnGap = columnGap
        request.rowGap = rowGap
        return request
    }
}

/// `cardsize layout compositional`'s flags: the container is its screen.
public struct CompositionalLayoutFlags: LayoutKindFlags, Sendable {
    public static let kind = CatalogLayoutKind.compositional
    @OptionGroup public var catalog: CatalogFlags
    @OptionGroup public var template: TemplateFlags

    private static let defaults = CatalogLayoutRequest(kind: kind)
    @Option(help: "The layout preset: insta or cards.") public var preset = defaults.preset
    @Option(parsing: .unconditional, help: "The container width in points.", transform: OptionCheck.decimal)
    public var width: Double = defaults.screen.width
    @Option(parsing: .unconditional, help: "The container height in points.", transform: OptionCheck.decimal)
    public var height: Double = defaults.screen.height
    @Option(parsing: .unconditional, help: "Pixels per point (card heights round up to its grid).", transform: OptionCheck.decimal)
    public var scale: Double = defaults.screen.scale
    @Option(help: "cards: cards per row.") public var columns = defaults.columns
    @Option(parsing: .unconditional, help: "cards: the gap between cards and rows, and around them.", transform: OptionCheck.decimal)
    public var columnGap: Double = defaults.columnGap

    public init() {}

    public func validate() throws {
        try OptionCheck.length(width, "--width", positive: true)
        try OptionCheck.length(height, "--height")
        try OptionCheck.scale(scale)
        try OptionCheck.count(columns, "--columns", in: 1...OptionCheck.maximumColumns)
        try OptionCheck.length(columnGap, "--column-gap")
    }

    public func request() throws -> CatalogLayoutRequest {
        var request = CatalogLayoutRequest(kind: Self.kind)
        catalog.apply(to: &request)
        template.apply(to: &request)
        request.screen = LayoutScreen(width: width, height: height, scale: scale)
        request.preset = preset
        request.columns = columns
        request.columnGap = columnGap
        return request
    }
}

/// The flags of the commands whose cards sit on a screen: `measure`, grids and waterfalls.
public enum CardsFlags {
    /// `kind`'s request with the catalog's cards, the screen, the template and the insets given.
    public static func request(
        kind: CatalogLayoutKind, catalog: CatalogFlags, screen: ScreenFlags, template: TemplateFlags, insets: InsetFlags
    ) throws -> CatalogLayoutRequest {
        var request = CatalogLayoutRequest(kind: kind)
        catalog.apply(to: &request)
        request.screen = try screen.screen()
        template.apply(to: &request)
        insets.apply(to: &request)
        return request
    }
}
