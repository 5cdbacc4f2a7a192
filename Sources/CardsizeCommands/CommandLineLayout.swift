// A catalog laid out from `cardsize layout` flags, ready to draw any part of: what `render`
// draws one page of and what cardsize-serve's viewer scrolls through.
import ArgumentParser
import CatalogIO
import CatalogLayout
import CatalogPreview
import CollectionLayout
import Geometry
import Preview
import TextEngine

/// The layouts `cardsize layout` makes of a catalog.
public enum CatalogLayoutKind: String, CaseIterable, Sendable, ExpressibleByArgument {
    case grid, waterfall, flow, compositional

    /// The layout command, parsed (and validated) from `arguments`: the catalog, then its flags.
    func command(_ arguments: [String]) throws -> RenderableLayout {
        switch self {
        case .grid: try GridLayoutCommand.parse(arguments)
        case .waterfall: try WaterfallLayoutCommand.parse(arguments)
        case .flow: try FlowLayoutCommand.parse(arguments)
        case .compositional: try CompositionalLayoutCommand.parse(arguments)
        }
    }

    /// What `cardsize layout KIND` would print for `error`, thrown while parsing its flags.
    public func message(for error: any Error) -> String {
        switch self {
        case .grid: GridLayoutCommand.message(for: error)
        case .waterfall: WaterfallLayoutCommand.message(for: error)
        case .flow: FlowLayoutCommand.message(for: error)
        case .compositional: CompositionalLayoutCommand.message(for: error)
        }
    }
}

/// A catalog laid out exactly as `cardsize layout KIND ARGUMENTS…` lays it out, kept whole
/// with what drawing any part of it needs.
///
/// ```swift
/// var layout = try CommandLineLayout(kind: .waterfall, arguments: ["Catalogs/goodbooks-10k.csv", "--columns", "3"])
/// layout.page = layout.page.reading(from: try layout.catalogFile.readAll())  // to draw many parts
/// let (scene, _) = try layout.page.scene(of: Rect(x: 0, y: 0, width: layout.pageSize.width, height: layout.pageSize.height))
/// ```
public struct CommandLineLayout: Sendable {
    public let kind: CatalogLayoutKind
    public let arguments: [String]
    /// The layout, its records and how its items are drawn (no debug overlay). Its records
    /// are read again from ``catalogFile`` unless replaced (``CatalogPage/reading(from:)``).
    public var page: CatalogPage
    /// The catalog file the layout read, as its flags name it.
    public let catalogFile: CatalogFileRecords
    public let displayScale: Double
    /// One screenful: the collection's width by the screen's height.
    public let pageSize: Size
    /// The lines `cardsize layout` prints on standard error when it is done.
    public let summary: [String]
    /// How many records failed (their error records are in the layout's place list).
    public let failed: Int
    /// The files the layout read, which no output may be.
    public let inputFiles: [String]

    /// Parses `arguments` as `cardsize layout KIND` does (the catalog first, then the
    /// layout's flags) and lays the catalog out.
    ///
    /// - Throws: an ArgumentParser error for bad flags (``CatalogLayoutKind/message(for:)``
    ///   words it), or what reading the catalog throws.
    public init(kind: CatalogLayoutKind, arguments: [String]) throws {
        let command = try kind.command(arguments)
        let run = try command.layOut()
        let setup = try command.pictureSetup()
        let catalog = command.catalog
        catalogFile = CatalogFileRecords(path: catalog.catalog, format: catalog.catalogFormat, mapping: catalog.mapping)
        let textMeasurer: TextMeasurer = if case .cards(let measurer) = setup.items { measurer.textMeasurer } else { TextMeasurer() }
        page = CatalogPage(
            laidOut: run.laidOut, records: catalogFile, items: setup.items, cards: try catalog.cardMaker(),
            painter: ScenePainter(textMeasurer: textMeasurer, displayScale: setup.displayScale))
        self.kind = kind
        self.arguments = arguments
        displayScale = setup.displayScale
        pageSize = setup.pageSize
        summary = run.summary
        failed = run.failed
        inputFiles = catalog.inputFiles
    }
}

/// The screen a layout is made for: as its flags say, a device preset, or a width.
public enum LayoutScreen: Hashable, Sendable {
    case asGiven
    case device(DevicePreset)
    /// A collection this many points wide (at the flags' `--scale`, 2 by default).
    case width(Double)

    /// `given`, a device preset's name, or a width in points; `nil` for anything else.
    public init?(name: String) {
        if name == "given" {
            self = .asGiven
        } else if let device = DevicePreset.all.first(where: { $0.name == name }) {
            self = .device(device)
        } else if let width = DecimalNumber.value(of: name), width > 0, width <= 100_000 {
            self = .width(width)
        } else {
            return nil
        }
    }

    /// What ``init(name:)`` reads back.
    public var name: String {
        switch self {
        case .asGiven: "given"
        case .device(let device): device.name
        case .width(let width): SummaryFormat.number(width)
        }
    }

    /// `arguments` of a `cardsize layout KIND` command with their screen flags replaced by
    /// this screen's: `--device` or `--width` (a compositional layout: `--width`, `--height`
    /// and `--scale`, which stand for its container).
    public func arguments(_ arguments: [String], kind: CatalogLayoutKind) -> [String] {
        guard self != .asGiven else { return arguments }
        var replaced: Set<String> = ["--device", "--width"]
        if kind == .compositional { replaced.formUnion(["--height", "--scale"]) }
        var kept: [String] = []
        var position = 0
        while position < arguments.count {
            let argument = arguments[position]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            if replaced.contains(name) {
                position += argument.contains("=") ? 1 : 2
                continue
            }
            kept.append(argument)
            position += 1
        }
        switch (self, kind) {
        case (.device(let device), .compositional):
            let format = SummaryFormat.number
            return kept + [
                "--width", format(device.widthInPoints), "--height", format(device.heightInPoints),
                "--scale", format(device.displayScale),
            ]
        case (.device(let device), _): return kept + ["--device", device.name]
        case (.width(let width), _): return kept + ["--width", SummaryFormat.number(width)]
        case (.asGiven, _): return kept
        }
    }
}
