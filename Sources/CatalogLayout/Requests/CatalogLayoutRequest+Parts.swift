// The parts a request's layout is made of: its cards, columns, configurations and tags.
import BundledFonts
import CardModel
import CatalogIO
import CollectionLayout
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Geometry
import TextEngine

/// A request's option that cannot be used: the option in the request's words (`min_cell_width`,
/// `sections`), which each door spells its own way (`--min-cell-width`), and the problem.
public struct LayoutRequestError: Error, CustomStringConvertible, Sendable {
    public var field: String
    public var problem: String

    public init(field: String, _ problem: String) {
        self.field = field
        self.problem = problem
    }

    public var description: String { "\(field) \(problem)" }
}

/// A per-section options file that cannot be used: its path and what is wrong in it.
public struct SectionsFileError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

extension CatalogLayoutRequest {
    /// The most columns any layout allows.
    public static let maximumColumns = 10_000

    /// The template, its labels under ``profile`` when given.
    public func cardTemplate() throws -> CardTemplate {
        let template = try CardTemplate.builtIn[self.template] ?? CardTemplate(contentsOfFile: self.template)
        return profile.map(template.measured(under:)) ?? template
    }

    /// A measurer of the template's cards at the screen's scale with the bundled fonts and two
    /// caches: a card seen before (same texts, language, cover where it matters, width) is
    /// looked up, and so is a label seen before at the same width (catalogs repeat titles).
    /// No cache of prepared texts: behind the other two it hits a tiny share of labels, and
    /// the texts it keeps, freed out of order, slow the allocator (docs/performance.md).
    public func cardMeasurer() throws -> CardMeasurer {
        try CardMeasurer(
            template: cardTemplate(), fonts: BundledFonts.chain(), displayScale: screen.scale,
            textMeasurer: TextMeasurer(measurementCacheCapacity: 1 << 17), cardCacheCapacity: 1 << 17)
    }

    /// How records become cards: ``language`` and ``coverSizesFile``.
    public func cardMaker() throws -> CatalogCardMaker {
        CatalogCardMaker(language: CardLanguage(argument: language), coverSizes: try coverSizesFile.map(CoverSizes.init(path:)))
    }

    /// The grid's columns and cell width on the screen: ``columns``, or as many as
    /// ``minimumCellWidth`` fits.
    public func gridColumns() throws -> GridColumns {
        let grid = cellRounding == .points ? 1 : screen.scale
        guard let minimumCellWidth else {
            return try GridColumns.forColumnCount(
                columns, collectionWidth: screen.width, insets: insets, interitemSpacing: columnGap, displayScale: grid)
        }
        // A cell narrower than what widths are floored to would be drawn 0 pt wide.
        guard minimumCellWidth >= 1 / grid else {
            throw LayoutRequestError(
                field: "min_cell_width",
                "must be at least one pixel (\(SummaryFormat.number(1 / grid)) pt), got \(minimumCellWidth)")
        }
        let columns = try GridColumns.fillingRow(
            minimumCellWidth: minimumCellWidth, collectionWidth: screen.width, insets: insets, interitemSpacing: columnGap,
            displayScale: grid)
        // The bound `columns` has: a tiny minimum would fill the row with cells of no width.
        guard columns.columnCount <= Self.maximumColumns else {
            throw LayoutRequestError(
                field: "min_cell_width",
                "\(minimumCellWidth) fits \(columns.columnCount) columns in \(SummaryFormat.number(screen.width)) points, "
                    + "more than \(Self.maximumColumns)")
        }
        return columns
    }

    /// The width cards are measured at: a grid cell's, or a waterfall's first column's. Tag
    /// flow and compositional items have widths of their own (an error names `kind`).
    public func itemWidth() throws -> Double {
        switch kind {
        case .grid: return try gridColumns().cellWidth
        case .waterfall: return try waterfallLayout().columnWidth(forSection: 0)
        case .tagFlow, .compositional:
            throw LayoutRequestError(field: "kind", "\(kind.rawValue) items have widths of their own")
        }
    }

    /// The grid's rows, as ``FlowLayoutConfiguration`` says them.
    public var flowConfiguration: FlowLayoutConfiguration {
        FlowLayoutConfiguration(
            sectionInset: insets, minimumInteritemSpacing: columnGap, minimumLineSpacing: effectiveRowGap,
            headerHeight: headerHeight, footerHeight: footerHeight, verticalAlignment: verticalAlignment,
            lastRowAlignment: lastRowGridAligned ? .gridAligned : .left)
    }

    public var waterfallConfiguration: WaterfallLayoutConfiguration {
        var configuration = WaterfallLayoutConfiguration()
        configuration.columnCount = columns
        configuration.minimumColumnSpacing = columnGap
        configuration.minimumInteritemSpacing = effectiveRowGap
        configuration.sectionInset = insets
        configuration.headerHeight = headerHeight
        configuration.footerHeight = footerHeight
        return configuration
    }

    public var tagFlowConfiguration: TagFlowConfiguration {
        var configuration = TagFlowConfiguration()
        configuration.sectionInset = insets
        configuration.interitemSpacing = columnGap
        configuration.minimumLineSpacing = effectiveRowGap
        configuration.horizontalAlignment = horizontalAlignment
        configuration.verticalAlignment = verticalAlignment
        return configuration
    }

    /// The grid, with the per-section options of ``sectionsFile``.
    public func flowLayout() throws -> FlowLayout {
        FlowLayout(
            collectionWidth: screen.width, configuration: flowConfiguration,
            sectionConfigurations: try sectionOverrides(of: flowConfiguration), displayScale: screen.scale)
    }

    /// The waterfall, with the per-section options of ``sectionsFile``.
    public func waterfallLayout() throws -> WaterfallLayout {
        WaterfallLayout(
            collectionWidth: screen.width, configuration: waterfallConfiguration,
            sectionConfigurations: try sectionOverrides(of: waterfallConfiguration),
            itemRenderDirection: renderDirection, minimumContentHeight: minimumContentHeight, displayScale: screen.scale)
    }

    /// The per-section options of ``sectionsFile`` over `defaults` (``SectionOverrides``).
    public func sectionOverrides<Configuration: Codable>(of defaults: Configuration) throws -> [Int: Configuration] {
        guard let sectionsFile else { return [:] }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: sectionsFile)))
        do {
            return try SectionOverrides.read(json: bytes, over: defaults)
        } catch {
            throw SectionsFileError(description: "\(sectionsFile): \(error)")
        }
    }

    /// What makes a record's tag: its text, style and size.
    public func tagMaker() throws -> CatalogTagMaker {
        try CatalogTagMaker(
            field: tagField, fontSize: tagFontSize, language: CardLanguage(argument: language), fonts: BundledFonts.chain(),
            sizing: TagSizing(padding: tagPadding, maxWidth: maximumTagWidth, displayScale: screen.scale),
            measurer: TextMeasurer(cacheCapacity: 1 << 15, measurementCacheCapacity: 1 << 18))
    }

    /// The layout over items of known heights (and widths, for tag flow) that this request
    /// describes, for one section.
    public var itemLayout: ItemLayout {
        let kind: ItemLayout.Kind =
            switch self.kind {
            case .grid: .grid
            case .waterfall: .waterfall
            case .tagFlow: .tagFlow
            case .compositional: .compositional
            }
        return ItemLayout(
            kind: kind, collectionWidth: screen.width, collectionHeight: screen.height, displayScale: screen.scale,
            columns: columns, columnGap: columnGap, rowGap: effectiveRowGap, insets: insets)
    }
}
