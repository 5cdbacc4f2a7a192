// `cardsize render`: a page of a laid-out catalog as a picture, drawn with the engine's glyphs.
import CatalogLayout
import ArgumentParser
import CatalogIO
import CatalogPreview
import CollectionLayout
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Geometry
import LayoutFlags
import Preview
import TextEngine

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a page of a laid-out catalog as SVG or PNG, with the glyphs the engine shaped, or as HTML.",
        discussion: """
            Lays the catalog out as `cardsize layout LAYOUT` does, taking the same flags (see \
            `cardsize layout LAYOUT --help`), and draws the elements that intersect the viewport: \
            each card's frame, its cover box in a colour derived from the record id, and its \
            labels drawn with the glyphs HarfBuzz shaped, where the engine placed them, with the \
            ellipsis where it truncated. SVG holds each glyph's outline once, so it needs no \
            fonts; PNG is drawn at the layout's display scale.
            HTML instead writes each card as absolutely positioned <div>s with its labels as real \
            text, set in the bundled fonts (@font-face from their files) with the CSS the browser \
            profile measured: lay the catalog out with --profile browser, and a browser shows each \
            card exactly as tall as computed (data-height on each card and label, data-starts \
            with each line's first code point). --whole writes the whole layout.
            Example: cardsize render Catalogs/goodbooks-10k.csv --layout grid --page 2 -o page2.png
            """)

    @Option(help: "The layout: grid, waterfall, tag-flow or compositional.")
    var layout: CatalogLayoutKind
    @Option(help: "The part of the layout to draw, X,Y,WIDTH,HEIGHT in points.")
    var viewport: String?
    @Option(parsing: .unconditional, help: "The page to draw, from 1: the collection's width by the screen's height (the default: page 1).")
    var page: Int?
    @Option(help: "svg, png or html (default: from the output file's extension).")
    var format: RenderFormat?
    @Flag(help: "Draw the whole layout, not one page.")
    var whole = false
    @Flag(help: "Overlay label frames, line boxes, baselines, reserved lines and near-tie lines.")
    var debug = false
    @Option(parsing: .unconditional, help: "With --debug, mark lines whose slack is under this many points.", transform: OptionCheck.decimal)
    var nearTieSlack: Double = 0.5
    @Option(name: [.customShort("o"), .long], help: "The picture file to write.")
    var output: String
    @Argument(parsing: .allUnrecognized, help: "The catalog, then the layout's own flags.")
    var layoutArguments: [String] = []

    func validate() throws {
        if [viewport != nil, page != nil, whole].filter({ $0 }).count > 1 {
            throw ValidationError("give one of --viewport, --page and --whole")
        }
        if viewport != nil, viewportRect == nil { throw ValidationError("--viewport takes four decimal numbers: X,Y,WIDTH,HEIGHT") }
        if let viewportRect, viewportRect.width <= 0 || viewportRect.height <= 0 {
            throw ValidationError("--viewport needs a positive width and height")
        }
        if let viewportRect { try OptionCheck.rect(viewportRect, "--viewport") }
        if let page, page < 1 { throw ValidationError("--page counts from 1") }
        try OptionCheck.count(page, "--page", in: 1...1_000_000)
        if format == nil, RenderFormat(path: output) == nil {
            throw ValidationError("give --format svg|png|html, or an output file ending in .svg, .png or .html")
        }
        try OptionCheck.length(nearTieSlack, "--near-tie-slack")
    }

    private var viewportRect: Rect? {
        guard let values = viewport.flatMap(OptionCheck.decimals), values.count == 4 else { return nil }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    func run() throws {
        let (request, catalog) = try layout.parse(layoutArguments)
        let laidOut = try CatalogLayoutPicture(
            request: request, catalog: CatalogFileRecords(path: catalog.catalog, format: catalog.catalogFormat, mapping: catalog.mapping))
        let page = laidOut.page.drawn(debug: debug ? ScenePainter.DebugOverlay(nearTieSlack: nearTieSlack) : nil)
        let pageSize = laidOut.pageSize
        let viewport = whole
            ? Rect(origin: .zero, size: page.contentSize)
            : viewportRect ?? Rect(
                x: 0, y: Double((self.page ?? 1) - 1) * pageSize.height, width: pageSize.width, height: pageSize.height)
        let format = format ?? RenderFormat(path: output)!
        let (bytes, items): ([UInt8], Int)
        if let picture = format.picture {
            let (scene, count) = try page.scene(of: viewport)
            (bytes, items) = (try picture.encode(scene, displayScale: request.screen.scale), count)
        } else {
            let (html, count) = try page.html(of: viewport)
            (bytes, items) = (Array(html.utf8), count)
        }
        let file = try OutputFile(path: output, inputs: catalog.inputFiles + request.inputFiles)
        try file.write(bytes)
        try file.commit()
        let formatNumber = SummaryFormat.number
        StandardError.write(
            (laidOut.summary + [
                "cardsize render: \(items) items in \(formatNumber(viewport.minX)),\(formatNumber(viewport.minY)) "
                    + "\(formatNumber(viewport.width)) × \(formatNumber(viewport.height)) pt -> \(output) (\(format.rawValue), \(bytes.count) bytes)"
            ]).joined(separator: "\n") + "\n")
        if laidOut.failed > 0 { throw ExitCode(2) }
    }
}

/// What `render` writes: a picture, or an HTML page whose text the browser lays out.
enum RenderFormat: String, CaseIterable, ExpressibleByArgument {
    case svg, png, html

    /// The format a file name's extension names, if any.
    init?(path: String) {
        self.init(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    /// The picture format, or nil for HTML.
    var picture: PictureFormat? { PictureFormat(rawValue: rawValue) }
}

extension PictureFormat {
    /// Writes `scene` to the file at `path` in this format, a PNG at `displayScale`;
    /// returns the file's size in bytes. An output that is one of `inputs` is refused.
    func write(_ scene: PreviewScene, displayScale: Double, to path: String, inputs: [String] = []) throws -> Int {
        let bytes = try encode(scene, displayScale: displayScale)
        let file = try OutputFile(path: path, inputs: inputs)
        try file.write(bytes)
        try file.commit()
        return bytes.count
    }
}
