// POST /v1/layout: items of given heights laid out, frames out.
import CollectionLayout
import Geometry
import Hummingbird
import JSON

/// Lays out items of given heights (and widths, for tag flow) as a grid, waterfall, tag flow
/// or the compositional preset (``ItemLayout``), and answers their frames in layout order,
/// each with the index of its height, and the content size:
/// `{"elements": [{"index", "x", "y", "width", "height"}], "content": {"width", "height"}}`.
/// Without heights, it answers the width to measure items at (`{"item_width": …}`).
struct LayoutEndpoint: Sendable {
    let limits: ServerLimits

    func respond(to request: inout Request) async throws -> Response {
        let body = try RequestObject(body: try await request.bodyBytes(limit: limits.maximumBodyBytes))
        let layout = try Self.layout(body)
        do {
            guard let heights = try body.numbers("heights") else {
                var bytes = Array(#"{"item_width":"#.utf8)
                JSONBytes.appendNumber(try layout.itemWidth(), to: &bytes)
                bytes.append(UInt8(ascii: "}"))
                return jsonResponse(bytes)
            }
            _ = try ItemBudget(limits: limits, count: heights.count, what: "heights")
            return jsonResponse(Self.json(try layout.layout(heights: heights, widths: body.numbers("widths"))))
        } catch let error as CollectionLayoutError {
            var field: String?
            if case .invalidValue(let name, _) = error { field = name }
            throw ErrorBody(.badRequest, "\(error)", field: field)
        }
    }

    /// The layout a request's fields describe (defaults as in ``ItemLayout``).
    static func layout(_ body: RequestObject) throws -> ItemLayout {
        let name = try body.string("kind", default: "grid")
        guard let kind = ItemLayout.Kind(rawValue: name) else {
            let kinds = ItemLayout.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw ErrorBody(.badRequest, "kind: expected one of \(kinds), got '\(name)'", field: "kind")
        }
        let insets = try body.numbers("insets") ?? [0, 0, 0, 0]
        guard insets.count == 4 else {
            throw ErrorBody(.badRequest, "insets: expected [top, left, bottom, right]", field: "insets")
        }
        return ItemLayout(
            kind: kind, collectionWidth: try body.number("collection_width", default: 390),
            collectionHeight: try body.number("collection_height", default: 844),
            displayScale: try body.number("scale", default: 3), columns: try body.integer("columns", default: 2),
            itemSpacing: try body.number("item_spacing", default: 8),
            lineSpacing: try body.number("line_spacing", default: 8),
            insets: EdgeInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3]))
    }

    static func json(_ result: LayoutResult) -> [UInt8] {
        var bytes = Array(#"{"elements":["#.utf8)
        for (position, (element, itemNumber)) in zip(result.elements, result.itemNumbers).enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            // The index is the position of the item's height in the request.
            elementObject(element, index: itemNumber).append(to: &bytes)
        }
        bytes.append(contentsOf: #"],"content":"#.utf8)
        sizeObject(result.contentSize).append(to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}

/// `{"kind", "index", "x", "y", "width", "height"}`: an element of a layout; `index` is `null`
/// for a header or footer.
func elementObject(_ element: LayoutElement, index: Int?) -> JSONObjectWriter {
    var object = JSONObjectWriter()
    object.string("kind", element.kind.rawValue)
    if let index { object.integer("index", index) } else { object.json("index", Array("null".utf8)) }
    frameMembers(element.frame, into: &object)
    return object
}

/// The members `x`, `y`, `width`, `height` of `frame`.
func frameMembers(_ frame: Rect, into object: inout JSONObjectWriter) {
    object.number("x", frame.origin.x)
    object.number("y", frame.origin.y)
    object.number("width", frame.size.width)
    object.number("height", frame.size.height)
}

/// `{"width", "height"}`.
func sizeObject(_ size: Size) -> JSONObjectWriter {
    var object = JSONObjectWriter()
    object.number("width", size.width)
    object.number("height", size.height)
    return object
}
