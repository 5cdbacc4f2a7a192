// POST /v1/layout: items of given heights laid out, frames out.
import CatalogLayout
import CollectionLayout
import Geometry
import Hummingbird
import JSON

/// Lays out items of given heights (and widths, for tag flow) as a grid, waterfall, tag flow
/// or the compositional preset (``ItemLayout``), and answers their frames in layout order,
/// each with the index of its height, and the content size:
/// `{"elements": [{"index", "x", "y", "width", "height"}], "content": {"width", "height"}}`.
/// Given `records` instead (as for `/v1/cards`), each is measured as a card at the layout's
/// item width and the cards are laid out: `index` is the record's position, and `errors`
/// holds the error rows of the records that could not be measured (those have no frame).
/// Without heights or records, it answers the width to measure items at (`{"item_width": …}`).
struct LayoutEndpoint: Sendable {
    let limits: ServerLimits
    /// Measures records' cards.
    let cards: CardsEndpoint

    func respond(to request: inout Request) async throws -> Response {
        let deadline = limits.deadline()
        let bytes = try await request.bodyBytes(limit: limits.maximumBodyBytes)
        return try await measuring { try answer(to: RequestObject(body: bytes), deadline: deadline) }
    }

    private func answer(to body: RequestObject, deadline: ContinuousClock.Instant) throws -> Response {
        let layout = try Self.layout(body)
        // Every field is checked whether or not the answer uses it, so that a wrong value is
        // a 400 as the document says.
        _ = try (cards.template(body), body.string("lang", default: "auto"))
        let heights = try body.numbers("heights", in: .length)
        let widths = try body.numbers("widths", in: .length)
        do {
            if body.members["records"].map({ $0 != .null }) == true {
                return jsonResponse(try cardsLaidOut(body, layout: layout, deadline: deadline))
            }
            guard let heights else {
                var bytes = Array(#"{"item_width":"#.utf8)
                JSONBytes.appendNumber(try layout.itemWidth(), to: &bytes)
                bytes.append(UInt8(ascii: "}"))
                return jsonResponse(bytes)
            }
            try ItemBudget(limits: limits, count: heights.count, what: "heights", deadline: deadline).checkTime(before: 0)
            return jsonResponse(Self.json(try layout.layout(heights: heights, widths: widths)))
        } catch let error as CollectionLayoutError {
            throw Self.badRequest(error, kind: layout.kind)
        }
    }

    /// A layout's error as a 400 in the request's names.
    static func badRequest(_ error: CollectionLayoutError, kind: ItemLayout.Kind) -> ErrorBody {
        guard case .invalidValue(let name, let reason) = error else { return ErrorBody(.badRequest, "\(error)") }
        let field = requestField(naming: name, kind: kind)
        return ErrorBody(.badRequest, "\(field): \(reason)", field: field)
    }

    /// The request's name for a value the layouts name as their Swift API does
    /// (`columnCount`, `sectionInset.left`): an error names the field as the request spells it.
    static func requestField(naming name: String, kind: ItemLayout.Kind) -> String {
        // A request lays out one section: "section 0 columnCount" is its columns.
        let name = name.hasPrefix("section 0 ") ? String(name.dropFirst("section 0 ".count)) : name
        return switch name.prefix(while: { $0 != "." && $0 != "[" }) {
        case "columnCount": "columns"
        case "collectionWidth": "collection_width"
        case "collectionSize": name.hasSuffix(".height") ? "collection_height" : "collection_width"
        case "displayScale": "scale"
        case "minimumColumnSpacing", "interitemSpacing": "item_spacing"
        // A waterfall's spacing between items is vertical: the request's line spacing.
        case "minimumInteritemSpacing": kind == .waterfall ? "line_spacing" : "item_spacing"
        case "minimumLineSpacing": "line_spacing"
        case "sectionInset", "insets": insetsField(name)
        default: name
        }
    }

    /// `insets[N]` for an inset named `….top`, `….left`, `….bottom` or `….right`: the
    /// request gives them as `[top, left, bottom, right]`.
    private static func insetsField(_ name: String) -> String {
        let sides = ["top", "left", "bottom", "right"]
        guard let side = name.split(separator: ".").last, let index = sides.firstIndex(of: String(side)) else { return "insets" }
        return "insets[\(index)]"
    }

    /// The body's records measured at the layout's item width and laid out; the error rows
    /// of those that failed after the elements.
    private func cardsLaidOut(_ body: RequestObject, layout: ItemLayout, deadline: ContinuousClock.Instant) throws -> [UInt8] {
        let outcomes = try cards.outcomes(body, width: try layout.itemWidth(), deadline: deadline)
        var heights: [Double] = []
        var positions: [Int] = []
        var failures: [CardOutcome] = []
        for (position, outcome) in outcomes.enumerated() {
            if case .card(_, _, let measurement) = outcome {
                heights.append(measurement.size.height)
                positions.append(position)
            } else {
                failures.append(outcome)
            }
        }
        var bytes = Self.json(try layout.layout(heights: heights, widths: nil), itemIndices: positions)
        bytes.removeLast()  // the closing brace
        bytes.append(contentsOf: #","errors":"#.utf8)
        JSONBytes.appendArray(failures, to: &bytes, CardsEndpoint.appendRow)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// The layout a request's fields describe (defaults as in ``ItemLayout``).
    static func layout(_ body: RequestObject) throws -> ItemLayout {
        let name = try body.string("kind", default: "grid")
        guard let kind = ItemLayout.Kind(rawValue: name) else {
            let kinds = ItemLayout.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw ErrorBody(.badRequest, "kind: expected one of \(kinds), got '\(name)'", field: "kind")
        }
        let insets = try body.numbers("insets", in: .length) ?? [0, 0, 0, 0]
        guard insets.count == 4 else {
            throw ErrorBody(.badRequest, "insets: expected [top, left, bottom, right]", field: "insets")
        }
        // Each field in the range the OpenAPI document gives it, checked here so that the
        // document and the answers agree whatever the layouts themselves would take.
        return ItemLayout(
            kind: kind, collectionWidth: try body.number("collection_width", default: 390, in: .positiveLength),
            collectionHeight: try body.number("collection_height", default: 844, in: .positiveLength),
            displayScale: try body.number("scale", default: 3, in: .scale),
            columns: try body.integer("columns", default: 2, in: .columns),
            itemSpacing: try body.number("item_spacing", default: 8, in: .length),
            lineSpacing: try body.number("line_spacing", default: 8, in: .length),
            insets: EdgeInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3]))
    }

    /// The frames and content size; an item's `index` is the position of its height in the
    /// request, or that position in `itemIndices` when given.
    static func json(_ result: LayoutResult, itemIndices: [Int]? = nil) -> [UInt8] {
        var bytes = Array(#"{"elements":["#.utf8)
        for (position, (element, itemNumber)) in zip(result.elements, result.itemNumbers).enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            let index = itemNumber.map { itemIndices?[$0] ?? $0 }
            elementObject(element, index: index).append(to: &bytes)
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
