// `cardsize render` and `cardsize text --render`, run as a user runs them, pictures read back.
import Foundation
import Preview
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct RenderCommandTests {
    /// A temporary folder for this test's files, removed after the test.
    let folder = TemporaryFolder(prefix: "cardsize-render")
    var directory: URL { folder.url }

    /// The header and first `records` lines of a bundled catalog (their fields hold no line
    /// breaks), so that a debug build lays a page out quickly.
    func catalog(_ name: String, records: Int = 300) throws -> String {
        let bytes = try Data(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("Catalogs/\(name)"))
        let lineEnds = bytes.indices.lazy.filter { bytes[$0] == UInt8(ascii: "\n") }
        let end = lineEnds.dropFirst(records).first.map { $0 + 1 } ?? bytes.endIndex
        let url = directory.appendingPathComponent(name)
        try bytes[..<end].write(to: url)
        return url.path
    }

    /// Runs `cardsize` and requires it to succeed.
    @discardableResult
    func run(_ arguments: [String]) throws -> CommandResult {
        let result = try CommandRunner.run(arguments)
        try #require(result.status == 0, "cardsize \(arguments.joined(separator: " ")): \(result.standardError)")
        return result
    }

    /// The items `cardsize layout … --query` finds in `viewport`: id and frame.
    func queriedItems(_ layoutArguments: [String], viewport: String) throws -> [(id: String, frame: (x: Double, y: Double, width: Double, height: Double))] {
        try run(["layout"] + layoutArguments + ["--query=\(viewport)"]).outputLines.compactMap { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard object["kind"] as? String == "item" else { return nil }
            let number = { (key: String) in object[key] as? Double ?? 0 }
            return (object["id"] as? String ?? "", (number("x"), number("y"), number("width"), number("height")))
        }
    }

    @Test func anSVGPageHasOneGroupPerCardTheLayoutPutsInTheViewport() throws {
        let catalog = try catalog("goodbooks-10k.csv")
        let svgPath = directory.appendingPathComponent("page.svg").path
        let result = try run(["render", catalog, "--layout", "grid", "--page", "2", "-o", svgPath])
        #expect(result.standardError.contains("cardsize render: "))
        let svg = try SVGElements(contentsOf: svgPath)
        let expected = try queriedItems(["grid", catalog], viewport: "0,896,414,896").map(\.id)
        #expect(expected.count >= 9)
        #expect(svg.groups("card").map { $0["data-id"] } == expected)
        #expect(svg.groups("label").filter { $0["data-name"] == "title" }.count == expected.count)
        let uses = svg.elements.filter { $0.name == "use" }.compactMap { $0.attributes["xlink:href"]?.dropFirst() }.map(String.init)
        let outlines = Set(svg.elements.filter { $0.name == "path" }.compactMap { $0.attributes["id"] })
        #expect(!uses.isEmpty)
        #expect(Set(uses).isSubset(of: outlines), "every glyph placed names an outline defined in the file")
    }

    @Test func aPNGPageShowsEveryCardAtTheDisplayScaleAndNothingOutsideThem() throws {
        let catalog = try catalog("aozora-bunko.csv")
        let pngPath = directory.appendingPathComponent("page.png").path
        let layout = ["waterfall", catalog, "--device", "iphone-13"]
        try run(["render", "--layout"] + layout + ["-o", pngPath])
        let bitmap = try Bitmap(png: Array(try Data(contentsOf: URL(fileURLWithPath: pngPath))))
        #expect((bitmap.width, bitmap.height) == (390 * 3, 844 * 3))
        let items = try queriedItems(layout, viewport: "0,0,390,844")
        #expect(items.count >= 4)
        // Every card's cover is drawn: ink at its frame's centre of the top half.
        for item in items where item.frame.y + item.frame.height / 4 < 844 {
            let pixel = bitmap.pixel(x: Int((item.frame.x + item.frame.width / 2) * 3), y: Int((item.frame.y + item.frame.height / 4) * 3))
            #expect(pixel != (255, 255, 255), "card \(item.id) has no cover")
        }
        // Nothing is drawn outside the cards but what glyphs' side bearings reach (under a point).
        let outside = bitmap.inkPixels.filter { pixel in
            let (x, y) = (Double(pixel.x) / 3, Double(pixel.y) / 3)
            return !items.contains { x >= $0.frame.x - 1 && x < $0.frame.x + $0.frame.width + 1 && y >= $0.frame.y - 1 && y < $0.frame.y + $0.frame.height + 1 }
        }
        #expect(outside.isEmpty, "\(outside.count) pixels of ink outside every card")
    }

    @Test func aPictureIsTheSameBytesForAnyNumberOfThreads() throws {
        let catalog = try catalog("goodbooks-10k.csv")
        let one = directory.appendingPathComponent("one.png").path
        let two = directory.appendingPathComponent("two.png").path
        try run(["render", catalog, "--layout", "grid", "--threads", "1", "--debug", "-o", one])
        try run(["render", catalog, "--layout", "grid", "--threads", "2", "--debug", "-o", two])
        let first = try Data(contentsOf: URL(fileURLWithPath: one))
        #expect(first.count > 10_000)
        #expect(first == (try Data(contentsOf: URL(fileURLWithPath: two))))
    }

    @Test func tagsAndTilesAreDrawnForTheFlowAndInstagramLayouts() throws {
        let catalog = try catalog("goodbooks-10k.csv")
        let flowPath = directory.appendingPathComponent("flow.svg").path
        try run(["render", catalog, "--layout", "tag-flow", "--max-tag-width", "180", "--viewport", "0,0,414,400", "-o", flowPath])
        let tags = try SVGElements(contentsOf: flowPath).groups("tag")
        #expect(tags.map { $0["data-id"] } == (try queriedItems(["tag-flow", catalog, "--max-tag-width", "180"], viewport: "0,0,414,400").map(\.id)))
        let instaPath = directory.appendingPathComponent("insta.svg").path
        try run(["render", catalog, "--layout", "compositional", "--preset", "insta", "--page", "3", "-o", instaPath])
        let tiles = try SVGElements(contentsOf: instaPath).groups("tile")
        #expect(tiles.map { $0["data-id"] } == (try queriedItems(["compositional", catalog, "--preset", "insta"], viewport: "0,1688,390,844").map(\.id)))
    }

    @Test func theDebugOverlayMarksLinesUnderTheNearTieSlack() throws {
        let catalog = try catalog("goodbooks-10k.csv", records: 30)
        let every = directory.appendingPathComponent("every.svg").path
        let none = directory.appendingPathComponent("none.svg").path
        try run(["render", catalog, "--layout", "grid", "--debug", "--near-tie-slack", "1000", "-o", every])
        try run(["render", catalog, "--layout", "grid", "--debug", "--near-tie-slack", "0", "-o", none])
        let marked = try SVGElements(contentsOf: every)
        let lineBoxes = marked.elements.filter { $0.attributes["class"] == "line-box" }.count
        #expect(lineBoxes > 20)
        #expect(marked.elements.filter { $0.attributes["class"] == "near-tie" }.count == lineBoxes)
        #expect(marked.groups("debug").count == marked.groups("label").count)
        #expect(try SVGElements(contentsOf: none).elements.filter { $0.attributes["class"] == "near-tie" }.isEmpty)
    }

    @Test func textRenderDrawsTheLabelsLines() throws {
        let title = "The Hunger Games (The Hunger Games, #1)"
        let arguments = ["text", title, "--width", "120", "--size", "15", "--max-lines", "2", "--scale", "3"]
        let svgPath = directory.appendingPathComponent("title.svg").path
        let pngPath = directory.appendingPathComponent("title.png").path
        let json = try run(arguments + ["--json", "--render", svgPath])
        let result = try #require(try JSONSerialization.jsonObject(with: json.standardOutput) as? [String: Any])
        let svg = try SVGElements(contentsOf: svgPath)
        #expect(svg.groups("label").map { $0["data-text"] } == [title])
        #expect(svg.groups("line").count == result["lines"] as? Int)
        try run(arguments + ["--render", pngPath])
        let bitmap = try Bitmap(png: Array(try Data(contentsOf: URL(fileURLWithPath: pngPath))))
        // The frame is 120 × 35 pt inside an 8 pt margin, at @3x.
        #expect((bitmap.width, bitmap.height) == (136 * 3, 51 * 3))
        #expect(bitmap.inkPixels.count > 1000)
    }

    @Test func anHTMLPageHoldsEachCardAsMeasured() throws {
        let catalog = try catalog("aozora-bunko.csv", records: 60)
        let path = directory.appendingPathComponent("page.html").path
        let result = try run(["render", catalog, "--layout", "grid", "--profile", "browser", "--whole", "-o", path])
        #expect(result.standardError.contains("cardsize render: 60 items"))
        let html = try String(contentsOfFile: path, encoding: .utf8)
        // Each card's data-height is the height `measure` gives it with the same flags.
        let measured = try run(["measure", catalog, "--profile", "browser"]).outputLines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return "data-id=\"\(object["id"] as? String ?? "")\" data-height=\"\(pageNumber(object["height"] as? Double ?? 0))\""
        }
        #expect(measured.count == 60)
        #expect(measured.allSatisfy { html.contains($0) })
        #expect(html.contains("@font-face { font-family: 'cardsize 1 DejaVu Sans'; src: url(\"file://"))
        #expect(html.contains("-webkit-line-clamp:2;overflow:hidden;"))
        #expect(html.contains("lang=\"ja\"") && html.contains("line-height:normal;"))
    }

    @Test func anHTMLPageNeedsTheBrowserProfile() throws {
        let path = directory.appendingPathComponent("page.html").path
        let result = try CommandRunner.run(["render", try catalog("goodbooks-10k.csv", records: 5), "--layout", "grid", "-o", path])
        #expect(result.status != 0)
        #expect(result.standardError.contains("measured in the uikit profile"), "\(result.standardError)")
    }

    @Test(arguments: [
        (["--viewport", "1,2,3"], "--viewport takes four decimal numbers"),
        (["--page", "0"], "--page counts from 1"),
        (["--page", "2", "--viewport", "0,0,10,10"], "give one of --viewport, --page and --whole"),
        (["--page", "2", "--whole"], "give one of --viewport, --page and --whole"),
        (["--columns", "many"], "columns"),
    ])
    func badOptionsAreNamed(options: [String], message: String) throws {
        let result = try CommandRunner.run(
            ["render", "Catalogs/goodbooks-10k.csv", "--layout", "grid", "-o", directory.appendingPathComponent("x.png").path] + options)
        #expect(result.status != 0)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test func anOutputWithoutAFormatIsRefused() throws {
        let result = try CommandRunner.run(["render", "Catalogs/goodbooks-10k.csv", "--layout", "grid", "-o", "page.gif"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("--format svg|png"))
    }
}

/// A height as the page writes it: whole numbers without a fraction.
private func pageNumber(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}

/// Every element of an SVG file as Foundation's XML parser reads it; the parse must succeed.
final class SVGElements: NSObject, XMLParserDelegate {
    private(set) var elements: [(name: String, attributes: [String: String])] = []

    struct Malformed: Error { var reason: String }

    init(contentsOf path: String) throws {
        super.init()
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        parser.delegate = self
        guard parser.parse() else { throw Malformed(reason: parser.parserError.map { "\($0)" } ?? "unknown") }
    }

    /// The attributes of every `<g>` of `class`, in document order.
    func groups(_ class: String) -> [[String: String]] {
        elements.filter { $0.name == "g" && $0.attributes["class"] == `class` }.map(\.attributes)
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        elements.append((name, attributes))
    }
}
