// `cardsize layout flow`: each record as a tag sized by its text, in aligned rows.
import ArgumentParser
import CatalogIO
import CatalogLayout
import CollectionLayout
import Foundation
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

    @Option(help: "The record field a tag shows: title or author.") var field = "title"
    @Option(parsing: .unconditional, help: "Tag font size in points.") var fontSize: Double = 13
    @Option(help: "Tag padding as VERTICAL,HORIZONTAL.") var padding = "6,12"
    @Option(parsing: .unconditional, help: "The widest a tag may be.") var maxTagWidth: Double = 200
    @Option(help: "left, right, center or justified.") var align: TagFlowHorizontalAlignment = .left
    @Option(help: "top, center or bottom.") var valign: FlowVerticalAlignment = .center
    @Option(parsing: .unconditional, help: "Spacing between tags in a row (exact).") var spacing: Double = 10
    @Option(parsing: .unconditional, help: "Spacing between rows.") var lineSpacing: Double = 10

    func validate() throws {
        guard ["title", "author"].contains(field) else { throw ValidationError("--field is title or author") }
        guard let paddingInsets else { throw ValidationError("--padding takes VERTICAL,HORIZONTAL") }
        try OptionCheck.length(paddingInsets.top, "--padding")
        try OptionCheck.length(paddingInsets.left, "--padding")
        try OptionCheck.fontSize(fontSize)
        try OptionCheck.length(maxTagWidth, "--max-tag-width", positive: true)
        try OptionCheck.length(spacing, "--spacing")
        try OptionCheck.length(lineSpacing, "--line-spacing")
    }

    var paddingInsets: EdgeInsets? {
        let values = padding.split(separator: ",").compactMap { Double($0) }
        guard values.count == 2 else { return nil }
        return EdgeInsets(top: values[0], left: values[1], bottom: values[0], right: values[1])
    }

    func run() throws {
        let laidOut = try layOut()
        try output.write(laidOut, inputs: catalog.inputFiles + sectionOptions.inputFiles)
        try finishRun(summary: laidOut.summary, failed: laidOut.failed)
    }

    /// A tag's text and the style it is set in.
    func tagText(of record: CatalogRecord, scale: Double) throws -> (text: String, style: TextStyle) {
        let text = field == "title" ? record.title : record.author
        let language = CardLanguage(argument: catalog.lang).language(of: text)
        return (text, TextStyle(fonts: try BundledFonts.chain(), size: fontSize, displayScale: scale, language: language))
    }

    /// Every record's tag sized by its text and laid out.
    func layOut() throws -> LaidOutCatalog {
        let screen = try screenOptions.screen()
        let sizing = try TagSizing(padding: paddingInsets!, maxWidth: maxTagWidth, displayScale: screen.scale)
        let measurer = TextMeasurer(cacheCapacity: 1 << 15, measurementCacheCapacity: 1 << 18)
        var truncated = 0
        let tags = try CatalogItems<Size>.read(catalog, field: field) { record in
            let (text, style) = try tagText(of: record, scale: screen.scale)
            let line = try measurer.measure(text, style: style, width: .infinity, maxLines: 1)
            if try sizing.truncatesText(textWidth: line.naturalWidth) { truncated += 1 }
            return try sizing.size(textWidth: line.naturalWidth, lineHeight: line.height)
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
        ).layout(sectionOptions.split(tags.items))
        let format = SummaryFormat.number
        return LaidOutCatalog(
            placed: tags.placed, layout: result,
            summary: [
                "cardsize layout flow: \(screen.name), \(field) tags, \(align.rawValue)-aligned",
                "\(tags.placed.count) records: \(tags.items.count) tags, \(tags.failed) errors; \(truncated) tags cut at \(format(maxTagWidth)) pt",
                "content \(format(result.contentSize.width)) × \(format(result.contentSize.height)) pt",
            ], failed: tags.failed)
    }
}

extension TagFlowHorizontalAlignment: ExpressibleByArgument {}
