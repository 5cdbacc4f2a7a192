// The viewer's routes over a loaded catalog: its page, the layout's size, rect queries,
// pictures of viewports, an item's details, an id's place.
import CatalogLayout
import CatalogPreview
import CollectionLayout
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Geometry
import Hummingbird
import JSON
import NIOCore
import NIOPosix
import Preview

/// Routes (each takes `screen`: `given`, a device preset's name or a width in points):
///
/// - `GET /` — the viewer page.
/// - `GET /v1/catalog` — the layout: kind, screen, screens, content size, display scale,
///   page height, counts, the summary `cardsize layout` prints.
/// - `GET /v1/catalog/elements?x&y&width&height` — the elements in a rect, with their ids.
/// - `GET /v1/catalog/viewport.svg?x&y&width&height[&debug=1]` — the rect drawn as
///   `cardsize render` draws it (with the debug overlay).
/// - `GET /v1/catalog/viewport.html?x&y&width&height` — the rect as HTML, each card's labels
///   real text the browser lays out (`cardsize render --format html`); 409 unless the
///   catalog was laid out with `--profile browser`, whose measurements a page matches.
/// - `GET /v1/catalog/fonts/{number}` — a font file an HTML page loads.
/// - `GET /v1/catalog/items/{index}` — an element's record and its texts' lines, widths,
///   slack and truncation, as measured for the drawing.
/// - `GET /v1/catalog/find?id` — the first element drawing the record with that id.
///
/// A rect may be at most ``maximumRectSide`` points on a side, so that every answer is about
/// a screenful and a client scrolls a million cards by asking for what is in view. Without
/// a catalog every route answers 404 (and another method 405, as on any path the API has).
struct ViewerEndpoints: Sendable {
    /// The catalog the server was started with, if any.
    let viewer: CatalogViewer?
    /// The fonts the HTML pages have named.
    let pageFonts = PageFonts()
    static let maximumRectSide = 4096.0
    /// How far from the origin a rect may start, either way (the document's bound).
    static let maximumOrigin = 1e9

    func add(to routes: Routes) {
        routes.get("/") { _, _ in
            _ = try loaded()
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: Resource.viewerPage)))
        }
        routes.get("/v1/catalog") { request, _ in
            let (screen, layout) = try await layout(request)
            return jsonResponse(Self.description(of: layout, screen: screen))
        }
        routes.get("/v1/catalog/elements") { request, _ in
            let (_, layout) = try await layout(request)
            let rect = try Self.rect(request)
            let page = layout.page
            let found = page.elementIndices(in: rect)
            let records = try page.records.records(at: Set(found.compactMap(page.inputPosition(ofElement:))))
            var bytes = Array(#"{"elements":["#.utf8)
            for (position, index) in found.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                var object = elementObject(page.elements[index], index: index)
                if let id = page.inputPosition(ofElement: index).flatMap({ records[$0]?.id }) { object.string("id", id) }
                object.append(to: &bytes)
            }
            bytes.append(contentsOf: "]}".utf8)
            return jsonResponse(bytes)
        }
        routes.get("/v1/catalog/viewport.svg") { request, _ in
            let (_, layout) = try await layout(request)
            let rect = try Self.rect(request)
            let debug = request.uri.queryParameters["debug"].map { $0 == "1" || $0 == "true" } ?? false
            let page = layout.page.drawn(debug: debug ? ScenePainter.DebugOverlay() : nil)
            let scale = layout.request.screen.scale
            let svg = try await NIOThreadPool.singleton.runIfActive {
                try PictureFormat.svg.encode(try page.scene(of: rect).scene, displayScale: scale)
            }
            return Response(
                status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "max-age=3600"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: svg)))
        }
        routes.get("/v1/catalog/viewport.html") { request, _ in
            let (_, layout) = try await layout(request)
            let rect = try Self.rect(request)
            let (page, fonts) = (layout.page, pageFonts)
            let html: String
            do {
                html = try await NIOThreadPool.singleton.runIfActive { try page.html(of: rect, fontURL: fonts.url).html }
            } catch let error as PreviewError {
                throw ErrorBody(.conflict, "html: \(error)")
            } catch CatalogPageError.noHTML {
                throw ErrorBody(.conflict, "html: \(CatalogPageError.noHTML)")
            }
            return Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "max-age=3600"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
        }
        routes.get("/v1/catalog/fonts/:number") { _, context in
            _ = try loaded()
            guard let number = context.parameters.get("number", as: Int.self), let font = pageFonts.reference(number: number) else {
                throw ErrorBody(.notFound, "number: no page of this catalog uses font \(context.parameters.get("number") ?? "")", field: "number")
            }
            // The operator's file, read when a page first loads it (browsers keep it).
            guard let bytes = try await NIOThreadPool.singleton.runIfActive({ FileManager.default.contents(atPath: font.path) }) else {
                throw ErrorBody(.internalServerError, "number: font \(number) cannot be read", field: "number")
            }
            return Response(
                status: .ok, headers: [.contentType: PageFonts.mediaType(of: font), .cacheControl: "max-age=86400"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        routes.get("/v1/catalog/items/:index") { request, context in
            let (_, layout) = try await layout(request)
            let elements = layout.page.elements
            guard let index = context.parameters.get("index", as: Int.self), elements.indices.contains(index) else {
                throw ErrorBody(.notFound, "index: no element \(context.parameters.get("index") ?? "") in this layout", field: "index")
            }
            let page = layout.page
            guard let item = try await NIOThreadPool.singleton.runIfActive({ try page.item(at: index) }) else {
                var object = elementObject(elements[index], index: index)
                object.json("record", Array("null".utf8))
                return jsonResponse(object.closed)
            }
            return jsonResponse(Self.itemObject(item, element: elements[index], index: index).closed)
        }
        routes.get("/v1/catalog/find") { request, _ in
            let (_, layout) = try await layout(request)
            guard let id = request.uri.queryParameters["id"].map(String.init), !id.isEmpty else {
                throw ErrorBody(.badRequest, "id: give the id of a record", field: "id")
            }
            let page = layout.page
            guard let store = page.records as? CatalogRecordStore, let position = store.position(ofID: id),
                let index = page.element(drawing: position)
            else { throw ErrorBody(.notFound, "id: no item has the id '\(id)'", field: "id") }
            return jsonResponse(elementObject(page.elements[index], index: index).closed)
        }
    }

    /// The catalog, or a 404 when the server was started without one.
    private func loaded() throws -> CatalogViewer {
        guard let viewer else {
            throw ErrorBody(.notFound, "no catalog: the server was started without one (cardsize-serve CATALOG --layout KIND)")
        }
        return viewer
    }

    /// The request's screen and the layout on it.
    private func layout(_ request: Request) async throws -> (ViewerScreen, CatalogLayoutPicture) {
        let viewer = try loaded()
        let name = request.uri.queryParameters["screen"].map(String.init) ?? "given"
        let screen = ViewerScreen(name: name).flatMap { screen -> ViewerScreen? in
            guard case .width = screen else { return screen }
            return Self.isScreenWidth(name) ? screen : nil
        }
        guard let screen else {
            let names = (["given"] + DevicePreset.all.map(\.name)).joined(separator: ", ")
            throw ErrorBody(.badRequest, "screen: expected \(names) or a width in points, got '\(name)'", field: "screen")
        }
        do {
            return (screen, try await viewer.layout(on: screen))
        } catch let error as ErrorBody {
            throw error
        } catch {
            throw ErrorBody(
                .badRequest, "screen: the layout on \(screen.name) failed: \(error)",
                field: "screen")
        }
    }

    /// The rect `x`, `y`, `width`, `height` of the request's query.
    private static func rect(_ request: Request) throws -> Rect {
        var values: [Double] = []
        for name in ["x", "y", "width", "height"] {
            guard let text = request.uri.queryParameters[name[...]], let value = DecimalNumber.value(of: text), value.isFinite
            else {
                throw ErrorBody(.badRequest, "\(name): expected a number", field: name)
            }
            values.append(value)
        }
        for (name, value) in zip(["x", "y"], values) where abs(value) > maximumOrigin {
            throw ErrorBody(.badRequest, "\(name): expected a number from -1e9 up to 1e9, got \(value)", field: name)
        }
        for (name, value) in zip(["width", "height"], values[2...]) where !(value > 0 && value <= maximumRectSide) {
            throw ErrorBody(
                .badRequest, "\(name): expected a number greater than 0 up to \(Int(maximumRectSide)), got \(value)",
                field: name)
        }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// Whether `name` is a screen width as the document writes it: 1 up to 99999 points,
    /// with decimals, in plain digits.
    static func isScreenWidth(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in !part.isEmpty && part.allSatisfy { ("0"..."9").contains($0) } }
        return (1...2).contains(parts.count) && parts.allSatisfy(isDigits) && parts[0].first != "0" && parts[0].count <= 5
    }

    static func description(of layout: CatalogLayoutPicture, screen: ViewerScreen) -> [UInt8] {
        var object = JSONObjectWriter()
        object.string("kind", layout.request.kind.rawValue)
        object.string("screen", screen.name)
        var screens: [UInt8] = []
        JSONBytes.appendArray(["given"] + DevicePreset.all.map(\.name), to: &screens) { JSONBytes.appendString($0, to: &$1) }
        object.json("screens", screens)
        object.json("content", sizeObject(layout.page.contentSize).closed)
        object.number("scale", layout.request.screen.scale)
        object.number("page_height", layout.pageSize.height)
        object.integer("elements", layout.page.elements.count)
        object.integer("items", layout.page.itemCount)
        object.integer("failed", layout.failed)
        var summary: [UInt8] = []
        JSONBytes.appendArray(layout.summary, to: &summary) { JSONBytes.appendString($0, to: &$1) }
        object.json("summary", summary)
        return object.closed
    }

    /// An item's element, record and texts: each text's lines (their text, width, slack,
    /// ellipsis), height, natural width and truncation.
    static func itemObject(_ item: CatalogPageItem, element: LayoutElement, index: Int) -> JSONObjectWriter {
        var object = elementObject(element, index: index)
        var record = JSONObjectWriter()
        record.string("id", item.record.id)
        record.string("title", item.record.title)
        record.string("author", item.record.author)
        if let cover = item.record.imageSize {
            record.json("cover", sizeObject(Size(width: cover.width, height: cover.height)).closed)
        }
        record.integer("line", item.record.line)
        record.integer("record_number", item.record.recordNumber)
        object.json("record", record.closed)
        var texts: [UInt8] = []
        JSONBytes.appendArray(item.texts, to: &texts) { text, bytes in
            let measurement = text.measurement
            var object = JSONObjectWriter()
            object.string("name", text.name)
            object.string("text", text.text)
            object.number("height", measurement.height)
            object.number("natural_width", measurement.naturalWidth)
            object.bool("truncated", measurement.isTruncated)
            let scalars = Array(text.text.unicodeScalars)
            var lines: [UInt8] = []
            JSONBytes.appendArray(Array(measurement.lines.enumerated()), to: &lines) { numbered, bytes in
                let (number, line) = numbered
                let end = number + 1 < measurement.lines.count ? measurement.lines[number + 1].scalarOffset : scalars.count
                var object = JSONObjectWriter()
                // The scalars from the line's start to the next line's (to the end for the
                // last line, cut where `ellipsis` is true).
                var lineText = String.UnicodeScalarView()
                lineText.append(contentsOf: scalars[min(line.scalarOffset, end)..<end])
                object.string("text", String(lineText))
                object.number("width", line.width)
                object.number("slack", line.slack)
                object.bool("ellipsis", line.hasEllipsis)
                object.append(to: &bytes)
            }
            object.json("lines", lines)
            object.append(to: &bytes)
        }
        object.json("texts", texts)
        return object
    }
}
