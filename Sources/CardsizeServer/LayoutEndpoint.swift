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
            bytes.append(contentsOf: #"{"kind":""#.utf8)
            bytes.append(contentsOf: element.kind.rawValue.utf8)
            bytes.append(contentsOf: #"","index":"#.utf8)
            // The position of the item's height in the request.
            bytes.append(contentsOf: (itemNumber.map(String.init) ?? "null").utf8)
            for (key, value) in [
                ("x", element.frame.origin.x), ("y", element.frame.origin.y), ("width", element.frame.size.width),
                ("height", element.frame.size.height),
            ] {
                bytes.append(contentsOf: ",\"\(key)\":".utf8)
                JSONBytes.appendNumber(value, to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(contentsOf: #"],"content":{"width":"#.utf8)
        JSONBytes.appendNumber(result.contentSize.width, to: &bytes)
        bytes.append(contentsOf: #","height":"#.utf8)
        JSONBytes.appendNumber(result.contentSize.height, to: &bytes)
        bytes.append(contentsOf: "}}".utf8)
        return bytes
    }
}
