// A catalog layout asked for by value: the one description every door (the command line, the
// HTTP server, the C interface, Python) fills in, with the defaults written once, here.
import CardModel
import CollectionLayout
import Geometry
import TextEngine

/// The layouts a catalog is laid out as.
public enum CatalogLayoutKind: String, CaseIterable, Sendable, Hashable {
    /// Cards in rows of equal cells, each row as tall as its tallest card (a flow layout).
    case grid
    /// Cards in columns, each into the shortest (CHT's waterfall).
    case waterfall
    /// Each record as a tag sized by its text, in wrapping rows.
    case tagFlow = "tag-flow"
    /// Compositional-layout panels: the Instagram-style search grid, or self-sized cards.
    case compositional
}

/// The screen a layout is made for: the collection's width, a page's height (one
/// screenful; a compositional layout's container) and pixels per point.
public struct LayoutScreen: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public var scale: Double
    /// The preset the screen is, when it is one (it names the screen in summaries).
    public var device: DevicePreset?

    /// A screen `width` points wide at `scale`, pages `height` tall.
    public init(width: Double, height: Double, scale: Double) {
        self.width = width
        self.height = height
        self.scale = scale
    }

    /// A device preset's portrait screen.
    public init(device: DevicePreset) {
        self.init(width: device.widthInPoints, height: device.heightInPoints, scale: device.displayScale)
        self.device = device
    }

    /// The default screen: an iPhone 11 (414 pt @2x, 896 pt tall).
    public static let standard = LayoutScreen(device: .iPhone11)

    /// `iPhone 11, iPhone XR, 414 pt @2x` (the preset's title), or `600 pt @2x` for a screen that is no preset.
    public var summaryName: String {
        let format = SummaryFormat.number
        let size = "\(format(width)) pt @\(format(scale))x"
        return device.map { "\($0.title), \(size)" } ?? size
    }
}

/// What a grid's cell widths are floored to. Pixels by default: on a @2x or @3x screen a
/// cell then loses under a pixel to rounding, not up to a point (428 pt @2x with a 100 pt
/// minimum: cells of 100.5 pt). Whole points are what the seeds' code computes (`floor` in
/// points: 100 pt there), for reproducing those apps to the point.
public enum CellRounding: String, CaseIterable, Sendable, Hashable {
    case pixels, points
}

/// The compositional layout's presets.
public enum CompositionalPreset: String, CaseIterable, Sendable, Hashable {
    /// The Instagram-style search grid: panels that are fractions of the container.
    case insta
    /// Rows of self-sized cards.
    case cards
}

/// A catalog layout: its kind, screen, cards and spacing, with every option a door may set.
///
/// `CatalogLayoutRequest(kind:)` holds the kind's defaults, the same whichever door asks:
///
/// | | grid | waterfall | tag-flow | compositional |
/// |---|---|---|---|---|
/// | screen | iPhone 11: 414 pt @2x | iPhone 11 | iPhone 11 | 390 × 844 pt @3x |
/// | insets | 8 | 0 | 10 | — |
/// | template | book | book-hug | — | book-hug (cards preset) |
/// | columns | 3 | 2 | — | 3 (cards preset) |
/// | column gap, row gap | 8, the column gap | 10, 10 | 10, 10 | 8 (cards preset) |
///
/// ```swift
/// var request = CatalogLayoutRequest(kind: .waterfall)
/// request.columns = 3
/// let measurer = try request.cardMeasurer()
/// let width = try request.itemWidth()   // the column width the cards are measured at
/// ```
public struct CatalogLayoutRequest: Sendable, Hashable {
    public var kind: CatalogLayoutKind
    public var screen: LayoutScreen
    /// Around the cards (not used by the compositional layout).
    public var insets: EdgeInsets
    /// A built-in template's name (`book`, `book-hug`) or a template JSON file's path.
    public var template: String
    /// Every label of the template measured under this profile; `nil`: each label's own.
    public var profile: MetricsProfile?
    /// Grid columns (the cell width fills them), waterfall columns, compositional cards per row.
    public var columns: Int
    /// Grid only: the smallest cell width, the cell growing to fill the row (instead of `columns`).
    public var minimumCellWidth: Double?
    public var cellRounding: CellRounding = .pixels
    /// Between cards in a row (grid, tag flow) or between columns (waterfall); compositional
    /// cards: between cards and rows, and around them.
    public var columnGap: Double
    /// Between rows (grid, tag flow) or between cards in a column (waterfall); `nil`: the column gap.
    public var rowGap: Double?
    public var headerHeight: Double = 0
    public var footerHeight: Double = 0
    /// Cards (grid) or tags shorter than their row.
    public var verticalAlignment: FlowVerticalAlignment = .center
    /// Grid: line the last row up with the columns above instead of packing it left.
    public var lastRowGridAligned = false
    /// Waterfall: which column each card goes to.
    public var renderDirection: WaterfallItemRenderDirection = .shortestFirst
    /// Waterfall: the content is at least this tall.
    public var minimumContentHeight: Double = 0
    /// Waterfall: scale each record's cover size to the column width as CHT does, instead of
    /// measuring cards.
    public var scalesCoverSizes = false
    /// Tag flow: the record field a tag shows.
    public var tagField: TagField = .title
    public var tagFontSize: Double = 13
    /// Tag flow: padding inside each tag (top and bottom, left and right).
    public var tagPadding = EdgeInsets(top: 6, left: 12, bottom: 6, right: 12)
    /// Tag flow: the widest a tag may be.
    public var maximumTagWidth: Double = 200
    public var horizontalAlignment: TagFlowHorizontalAlignment = .left
    public var preset: CompositionalPreset = .insta
    /// Records cut into sections of this many items; `nil`: one section.
    public var sectionSize: Int?
    /// A JSON file with an array of per-section options (``SectionOverrides``).
    public var sectionsFile: String?
    /// The titles' language: `auto` (`ja` when a title has kana or kanji, else `en`) or a BCP 47 tag.
    public var language = "auto"
    /// A CSV of `width,height` cover sizes; a record without one gets one picked by its id.
    public var coverSizesFile: String?
    /// Threads that measure cards (`nil`: every core); the output is the same for any number.
    public var threads: Int?

    /// The kind's defaults (see the table above).
    public init(kind: CatalogLayoutKind) {
        self.kind = kind
        screen = .standard
        template = "book-hug"
        switch kind {
        case .grid:
            insets = EdgeInsets(all: 8)
            template = "book"
            columns = 3
            columnGap = 8
        case .waterfall:
            insets = .zero
            columns = 2
            columnGap = 10
            rowGap = 10
        case .tagFlow:
            insets = EdgeInsets(all: 10)
            columns = 1
            columnGap = 10
            rowGap = 10
        case .compositional:
            screen = LayoutScreen(width: 390, height: 844, scale: 3)
            insets = .zero
            columns = 3
            columnGap = 8
        }
    }

    /// The cards `cardsize measure` and `/v1/cards` size: a grid's.
    public static let cards = CatalogLayoutRequest(kind: .grid)

    /// Between rows: ``rowGap``, or the column gap.
    public var effectiveRowGap: Double { rowGap ?? columnGap }

    /// The files the layout reads, which no output may be.
    public var inputFiles: [String] {
        [coverSizesFile, sectionsFile, CardTemplate.builtIn[template] == nil ? template : nil].compactMap { $0 }
    }
}
