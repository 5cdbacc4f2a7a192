// `cardsize layout flow`: each record as a tag sized by its text, in aligned rows.
import ArgumentParser
import CatalogIO
import CatalogLayout
import CollectionLayout
import Geometry
import TextEngine

struct FlowLayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flow",
        abstract: "Tags sized by their text, in rows with exact spacing (left-aligned by default).",
        discussion: """
            Each record becomes a tag: the text of --field on one line, its natural width plus \
            padding (at most --max-tag-width; a longer text is cut with an ellipsis), as tall as \
            a line plus padding. Rows are laid out in one pass. Output as for layout grid.
            """)

    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var screenOptions: ScreenOptions
    @OptionGroup var insetOptions: InsetOptions
    @OptionGroup var sectionOptions: SectionOptions
    @OptionGroup var output: LayoutOutputOptions

    @Option(help: "The record field a tag shows: title or author.") var field: TagField = .title
    @Option(parsing: .unconditional, help: "Tag font size in points.", transform: OptionCheck.decimal)
    var fontSize: Double = 13
    @Option(help: "Tag padding as VERTICAL,HORIZONTAL.") var padding = "6,12"
    @Option(parsing: .unconditional, help: "The widest a tag may be.", transform: OptionCheck.decimal)
    var maxTagWidth: Double = 200
    @Option(help: "left, right, center or justified.") var align: TagFlowHorizontalAlignment = .left
    @Option(help: "top, center or bottom.") var valign: FlowVerticalAlignment = .center
    @Option(parsing: .unconditional, help: "Spacing between tags in a row (exact).", transform: OptionCheck.decimal)
    var spacing: Double = 10
    @Option(parsing: .unconditional, help: "Spacing between rows.", transform: OptionCheck.decimal)
    var lineSpacing: Double = 10

    func validate() throws {
        guard let paddingInsets else { throw ValidationError("--padding takes two decimal numbers: VERTICAL,HORIZONTAL") }
        try OptionCheck.length(paddingInsets.top, "--padding")
        try OptionCheck.length(paddingInsets.left, "--padding")
        try OptionCheck.fontSize(fontSize)
        try OptionCheck.length(maxTagWidth, "--max-tag-width", positive: true)
        try OptionCheck.length(spacing, "--spacing")
        try OptionCheck.length(lineSpacing, "--line-spacing")
    }

    var paddingInsets: EdgeInsets? {
        guard let values = OptionCheck.decimals(padding), values.count == 2 else { return nil }
        return EdgeInsets(top: values[0], left: values[1], bottom: values[0], right: values[1])
    }

    func run() throws {
        let run = try layOut()
        try output.write(run.laidOut, inputs: catalog.inputFiles + sectionOptions.inputFiles)
        try finishRun(summary: run.summary, failed: run.failed)
    }

    /// What makes a record's tag: its text, style and size.
    func tagMaker() throws -> CatalogTagMaker {
        try CatalogTagMaker(
            field: field, fontSize: fontSize, language: CardLanguage(argument: catalog.lang), fonts: BundledFonts.chain(),
            sizing: TagSizing(padding: paddingInsets!, maxWidth: maxTagWidth, displayScale: screenOptions.screen().scale),
            measurer: TextMeasurer(cacheCapacity: 1 << 15, measurementCacheCapacity: 1 << 18))
    }

    /// Every record's tag sized by its text and laid out.
    func layOut() throws -> LayoutRun {
        let screen = try screenOptions.screen()
        let maker = try tagMaker()
        var truncated = 0
        let tags = try catalog.items(field: field.rawValue) { record in
            let tag = try maker.tag(for: record)
            if tag.isTruncated { truncated += 1 }
            return tag.size
        }
        var configuration = TagFlowConfiguration()
        configuration.sectionInset = insetOptions.edgeInsets(default: 10)
        configuration.interitemSpacing = spacing
        configuration.minimumLineSpacing = lineSpacing
        configuration.horizontalAlignment = align
        configuration.verticalAlignment = valign
        let result = try TagFlowLayout(
            collectionWidth: screen.width, configuration: configuration,
            sectionConfigurations: sectionOptions.overrides(of: configuration)
        ).layout(tags.items.sections(of: sectionOptions.sectionSize))
        let format = SummaryFormat.number
        return LayoutRun(
            laidOut: LaidOutCatalog(placed: tags.placed, layout: result),
            summary: [
                "cardsize layout flow: \(screen.name), \(field) tags, \(align.rawValue)-aligned",
                "\(tags.placed.count) records: \(tags.items.count) tags, \(tags.failed) errors; \(truncated) tags cut at \(format(maxTagWidth)) pt",
                "content \(format(result.contentSize.width)) × \(format(result.contentSize.height)) pt",
            ], failed: tags.failed)
    }
}

extension TagFlowHorizontalAlignment: ExpressibleByArgument {}
extension TagField: ExpressibleByArgument {}
