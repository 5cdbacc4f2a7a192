// The viewer's routes over a loaded catalog, in-process through the router: rect queries
// against a scan of the layout, pictures against `cardsize render`, an item's lines against
// its title, ids found, screens switched, bad queries named.
import CardsizeServer
import CatalogIO
import CatalogLayout
import CatalogPreview
import CollectionLayout
import Foundation
import Hummingbird
import JSON
import LayoutFlags
import Testing

@Suite struct ViewerEndpointTests {
    /// The package root: this file is `Tests/CardsizeServerTests/Viewer/ViewerEndpointTests.swift`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The first 800 records of the bundled goodbooks catalog, as a catalog file of its own.
    static func catalog() throws -> String {
        let lines = try String(contentsOf: repositoryRoot.appendingPathComponent("Catalogs/goodbooks-10k.csv"), encoding: .utf8)
            .split(whereSeparator: \.isNewline)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("viewer-\(UUID().uuidString).csv").path
        try (lines.prefix(801).joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// A waterfall of the catalog and flags in `arguments`, as `cardsize layout waterfall` reads them.
    static func waterfall(_ arguments: [String]) throws -> (CatalogLayoutRequest, CatalogFileRecords) {
        let (request, flags) = try CatalogLayoutKind.waterfall.parse(arguments)
        return (request, CatalogFileRecords(path: flags.catalog, format: flags.catalogFormat, mapping: flags.mapping))
    }

    static func json(_ response: TestResponse) throws -> [String: JSONValue] {
        try #require(object(try JSONParser.value(of: Array(response.body.readableBytesView))))
    }

    static func object(_ value: JSONValue?) -> [String: JSONValue]? {
        if case .object(let members) = value { members } else { nil }
    }

    static func array(_ value: JSONValue?) -> [JSONValue] {
        if case .array(let values) = value { values } else { [] }
    }

    static func number(_ value: JSONValue?) -> Double? {
        if case .number(let number) = value { number.doubleValue } else { nil }
    }

    static func string(_ value: JSONValue?) -> String? {
        if case .string(let text) = value { text } else { nil }
    }

    @Test func aLoadedCatalogIsServedByRectsPicturesAndItems() async throws {
        let catalog = try Self.catalog()
        defer { try? FileManager.default.removeItem(atPath: catalog) }
        let arguments = [catalog, "--device", "iphone-13", "--columns", "3"]
        let (request, records) = try Self.waterfall(arguments)
        let viewer = try await CatalogViewer(request: request, catalog: records)
        let layout = try await viewer.layout(on: .asGiven)
        let elements = Array(layout.page.elements)
        // Every record is an item, each element the record at its position.
        let ids = try CatalogReader(path: catalog).map { try $0.get().id }
        #expect(ids.count == 800 && elements.count == 800)
        try await RouterClient.test(try CardsizeService(viewer: viewer).router()) { client in
            // The layout's description.
            try await client.execute(uri: "/v1/catalog", method: .get) { response in
                #expect(response.status == .ok)
                let body = try Self.json(response)
                #expect(Self.string(body["kind"]) == "waterfall")
                #expect(Self.number(body["items"]) == 800)
                let content = Self.object(body["content"])
                #expect(Self.number(content?["width"]) == layout.page.contentSize.width)
                #expect(Self.number(content?["height"]) == layout.page.contentSize.height)
            }
            // A rect gives exactly the elements a scan finds there, with their records' ids.
            let rect = (x: 0.0, y: 2000.0, width: 390.0, height: 844.0)
            let scanned = elements.indices.filter {
                elements[$0].frame.intersects(.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height))
            }
            #expect(scanned.count > 5)
            try await client.execute(uri: "/v1/catalog/elements?x=0&y=2000&width=390&height=844", method: .get) { response in
                let found = Self.array(try Self.json(response)["elements"])
                #expect(found.count == scanned.count)
                for (value, index) in zip(found, scanned) {
                    let object = Self.object(value)
                    #expect(Self.number(object?["index"]) == Double(index))
                    #expect(Self.string(object?["id"]) == ids[index])
                    #expect(Self.number(object?["y"]) == elements[index].frame.origin.y)
                }
            }
            // The picture of a rect is the one `cardsize render` writes for that viewport.
            try await client.execute(uri: "/v1/catalog/viewport.svg?x=0&y=2000&width=390&height=844&debug=1", method: .get) {
                response in
                #expect(response.headers[.contentType] == "image/svg+xml")
                let rendered = FileManager.default.temporaryDirectory.appendingPathComponent("viewer-\(UUID().uuidString).svg")
                defer { try? FileManager.default.removeItem(at: rendered) }
                let status = try Self.runCardsize(
                    ["render", "--layout", "waterfall", "--viewport", "0,2000,390,844", "--debug", "-o", rendered.path]
                        + arguments)
                #expect(status == 0)
                #expect(Array(response.body.readableBytesView) == Array(try Data(contentsOf: rendered)))
            }
            // Labels measured in the uikit profile have no HTML form a browser would match.
            try await client.execute(uri: "/v1/catalog/viewport.html?x=0&y=2000&width=390&height=844", method: .get) {
                response in
                #expect(response.status == .conflict)
                let message = Self.string(try Self.json(response)["error"]) ?? ""
                #expect(message.hasPrefix("html: record ") && message.contains("--profile browser"), "\(message)")
            }
            // An item: its record, and its title's lines, which put together are the title.
            let index = scanned[2]
            try await client.execute(uri: "/v1/catalog/items/\(index)", method: .get) { response in
                let body = try Self.json(response)
                #expect(Self.string(Self.object(body["record"])?["id"]) == ids[index])
                let title = try #require(Self.object(Self.array(body["texts"]).first))
                #expect(Self.string(title["name"]) == "title")
                let lines = Self.array(title["lines"]).compactMap(Self.object)
                #expect(!lines.isEmpty)
                #expect(lines.compactMap { Self.string($0["text"]) }.joined() == Self.string(title["text"]))
                #expect(lines.allSatisfy { (Self.number($0["slack"]) ?? -1) >= 0 })
            }
            // A record found by id, an unknown one 404 naming the field.
            try await client.execute(uri: "/v1/catalog/find?id=\(ids[700])", method: .get) { response in
                let body = try Self.json(response)
                #expect(Self.number(body["index"]) == 700)
            }
            try await client.execute(uri: "/v1/catalog/find?id=no-such-id", method: .get) { response in
                #expect(response.status == .notFound)
                let body = try Self.json(response)
                #expect(Self.string(body["field"]) == "id")
            }
            // Bad rects and screens are 400s naming the field; a rect is at most 4096 on a side.
            for (uri, field) in [
                ("/v1/catalog/elements?x=0&y=0&width=5000&height=10", "width"),
                ("/v1/catalog/elements?x=0&width=10&height=10", "y"),
                ("/v1/catalog/viewport.svg?x=0&y=0&width=10&height=nan", "height"),
                ("/v1/catalog?screen=watch", "screen"),
                ("/v1/catalog?screen=0x190", "screen"),  // numbers are decimal
                ("/v1/catalog?screen=4e2", "screen"),
                ("/v1/catalog/elements?x=0x10&y=0&width=10&height=10", "x"),
                ("/v1/catalog/elements?x=0&y=0&width=10&height=inf", "height"),
                ("/v1/catalog/elements?x=0&y=1.4e308&width=10&height=10", "y"),
                ("/v1/catalog?screen=0", "screen"),
                ("/v1/catalog/items/800", "index"),
            ] {
                try await client.execute(uri: uri, method: .get) { response in
                    #expect((400...404).contains(response.status.code), "\(uri)")
                    let body = try Self.json(response)
                    #expect(Self.string(body["field"]) == field, "\(uri)")
                }
            }
            // A screen the layout cannot use is named in the request's terms, not the flags'.
            try await client.execute(uri: "/v1/catalog?screen=1", method: .get) { response in
                #expect(response.status == .badRequest)
                let message = Self.string(try Self.json(response)["error"]) ?? ""
                #expect(message.hasPrefix("screen: the layout on 1 failed: ") && !message.contains("--"), "\(message)")
            }
            // Another screen is laid out as `cardsize layout` lays it out on that device.
            try await client.execute(uri: "/v1/catalog?screen=ipad-mini", method: .get) { response in
                let (request, records) = try Self.waterfall([catalog, "--columns", "3", "--device", "ipad-mini"])
                let other = try CatalogLayoutPicture(request: request, catalog: records)
                #expect(other.page.contentSize.width == 744)
                let content = try Self.object(Self.json(response)["content"])
                #expect(Self.number(content?["width"]) == 744)
                #expect(Self.number(content?["height"]) == other.page.contentSize.height)
            }
            // The page itself.
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(String(buffer: response.body).contains("/v1/catalog/viewport.svg"))
            }
        }
    }

    @Test func aCatalogMeasuredInTheBrowserProfileIsServedAsTheHTMLRenderWrites() async throws {
        let catalog = try Self.catalog()
        defer { try? FileManager.default.removeItem(atPath: catalog) }
        let arguments = [catalog, "--device", "iphone-13", "--columns", "3", "--profile", "browser"]
        let (request, records) = try Self.waterfall(arguments)
        let viewer = try await CatalogViewer(request: request, catalog: records)
        try await RouterClient.test(try CardsizeService(viewer: viewer).router()) { client in
            var firstFont: URL?
            try await client.execute(uri: "/v1/catalog/viewport.html?x=0&y=2000&width=390&height=844", method: .get) {
                response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let rendered = FileManager.default.temporaryDirectory.appendingPathComponent("viewer-\(UUID().uuidString).html")
                defer { try? FileManager.default.removeItem(at: rendered) }
                let status = try Self.runCardsize(
                    ["render", "--layout", "waterfall", "--viewport", "0,2000,390,844", "-o", rendered.path] + arguments)
                #expect(status == 0)
                // The same page but for its fonts, which the server names by number, not by path.
                let html = String(decoding: response.body.readableBytesView, as: UTF8.self)
                var file = try String(contentsOf: rendered, encoding: .utf8)
                let fontURLs = file.matches(of: /url\("(file:[^"]+)"\)/).map { String($0.output.1) }
                #expect(fontURLs.count >= 2)
                for (number, url) in fontURLs.enumerated() {
                    file = file.replacingOccurrences(of: url, with: "/v1/catalog/fonts/\(number)")
                }
                #expect(html == file)
                #expect(html.contains("class=\"card\" data-id=") && !html.contains("file:"))
                firstFont = URL(string: fontURLs[0])
            }
            let path = try #require(firstFont)
            let fontBytes = Array(try Data(contentsOf: path))
            try await client.execute(uri: "/v1/catalog/fonts/0", method: .get) { font in
                #expect(font.status == .ok)
                #expect(Array(font.body.readableBytesView) == fontBytes)
            }
            try await client.execute(uri: "/v1/catalog/fonts/99", method: .get) { response in
                #expect(response.status == .notFound)
                let body = try Self.json(response)
                #expect(Self.string(body["field"]) == "number")
            }
        }
    }

    @Test func screensReplaceTheRequestsScreen() throws {
        var request = CatalogLayoutRequest(kind: .compositional)
        request.screen = LayoutScreen(width: 500, height: 667, scale: 3)
        request.columns = 2
        #expect(ViewerScreen.width(600).applied(to: request).screen == LayoutScreen(width: 600, height: 667, scale: 3))
        let iPadMini = try DevicePreset.named("ipad-mini")
        let onIPad = try #require(ViewerScreen(name: "ipad-mini")).applied(to: request)
        #expect(onIPad.screen == LayoutScreen(device: iPadMini) && onIPad.screen.width == 744 && onIPad.columns == 2)
        #expect(ViewerScreen.asGiven.applied(to: request) == request)
        #expect(ViewerScreen(name: "watch") == nil && ViewerScreen(name: "-1") == nil)
    }

    /// Runs the built `cardsize` with `arguments` in the repository root; its exit status.
    static func runCardsize(_ arguments: [String]) throws -> Int32 {
        try EveryDoorTests.runCardsize(arguments).status
    }
}
