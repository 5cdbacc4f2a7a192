// POST /v1/layout: items of given heights laid out, frames out.
import CardModel
import CatalogLayout
import CollectionLayout
import Geometry
import Hummingbird
import JSON

/// Lays out items of given heights (and widths, for tag flow) as a grid, waterfall, tag flow
/// or the compositional preset (``ItemLayout``), and answers their frames in layout order,
/// each with the index of its height, and the content size:
/// `{"elements": [{"index", "x", "y", "width", "height"}], "content": {"width", "height"}}`.
/// Given `records` instead (as for `/v1/cards`), each is laid out as `cardsize layout` lays
/// a catalog's records out (a card measured at the item width, or a tag sized by its text):
/// `index` is the record's position, and `errors` holds the error rows of the records that
/// could not be laid out (those have no frame). Without heights or records, it answers the
/// width to measure items at (`{"item_width": …}`). Every option defaults as on the command
/// line (``CatalogLayoutRequest``); any other field is a 400 naming it.
struct LayoutEndpoint: Sendable {
    let limits: ServerLimits
    /// Measures records' cards.
    let cards: CardsEndpoint

    /// The fields that describe a layout, shared with `/v1/cards`.
    static let layoutFields: Set<String> = [
        "kind", "device", "width", "height", "scale", "columns", "column_gap", "row_gap", "insets", "template", "language",
    ]
    /// The fields a `/v1/layout` body may have.
    static let fields: Set<String> = layoutFields.union(["records", "heights", "widths"])

    func respond(to request: inout Request) async throws -> Response {
        let deadline = limits.deadline()
        let bytes = try await request.bodyBytes(limit: limits.maximumBodyBytes)
        return try await measuring {
            let body = try RequestObject(body: bytes)
            try body.checkFields(Self.fields)
            return try answer(to: body, deadline: deadline)
        }
    }

    private func answer(to body: RequestObject, deadline: ContinuousClock.Instant) throws -> Response {
        let request = try Self.layoutRequest(body)
        // Every field is checked whether or not the answer uses it, so that a wrong value is
        // a 400 as the document says.
        _ = try cards.template(body, default: request.template)
        let heights = try body.numbers("heights", in: .length)
        let widths = try body.numbers("widths", in: .length)
        do {
            if body.members["records"].map({ $0 != .null }) == true {
                return jsonResponse(try recordsLaidOut(body, request: request, deadline: deadline))
            }
            guard let heights else {
                var bytes = Array(#"{"item_width":"#.utf8)
                JSONBytes.appendNumber(try Self.itemWidth(request), to: &bytes)
                bytes.append(UInt8(ascii: "}"))
                return jsonResponse(bytes)
            }
            try ItemBudget(limits: limits, count: heights.count, what: "heights", deadline: deadline).checkTime(before: 0)
            return jsonResponse(Self.json(try request.itemLayout.layout(heights: heights, widths: widths)))
        } catch let error as CollectionLayoutError {
            throw Self.badRequest(error, kind: request.kind)
        }
    }

    /// The width items of `request` are measured at, or a 400 in the request's names.
    static func itemWidth(_ request: CatalogLayoutRequest) throws -> Double {
        do {
            return try request.itemWidth()
        } catch let error as CollectionLayoutError {
            throw badRequest(error, kind: request.kind)
        } catch let error as LayoutRequestError {
            throw ErrorBody(.badRequest, "\(error.field): \(error.problem)", field: error.field)
        }
    }

    /// A layout's error as a 400 in the request's names.
    static func badRequest(_ error: CollectionLayoutError, kind: CatalogLayoutKind) -> ErrorBody {
        let (field, message) = CatalogLayoutRequest.named(error, kind: kind)
        return ErrorBody(.badRequest, message, field: field.isEmpty ? nil : field)
    }

    /// The body's records laid out as the command line lays a catalog's out; the error rows
    /// of those that failed after the elements.
    private func recordsLaidOut(_ body: RequestObject, request: CatalogLayoutRequest, deadline: ContinuousClock.Instant) throws
        -> [UInt8]
    {
        var bytes: [UInt8]
        var failures: [CardOutcome] = []
        switch request.kind {
        case .grid, .waterfall:
            let outcomes = try cards.outcomes(body, layout: request, width: try Self.itemWidth(request), deadline: deadline)
            var heights: [Double] = []
            var positions: [Int] = []
            for (position, outcome) in outcomes.enumerated() {
                if case .card(_, _, let measurement) = outcome {
                    heights.append(measurement.size.height)
                    positions.append(position)
                } else {
                    failures.append(outcome)
                }
            }
            bytes = Self.json(try request.itemLayout.layout(heights: heights, widths: nil), itemIndices: positions)
        case .tagFlow, .compositional:
            let records = try body.objects("records")
            let budget = try ItemBudget(limits: limits, count: records.count, what: "records", deadline: deadline)
            try budget.checkTime(before: 0)
            let run: CatalogLayoutRun
            do {
                run = try request.layOutWhole(records: CardsEndpoint.records(records))
            } catch let error as LayoutRequestError {
                throw ErrorBody(.badRequest, "\(error.field): \(error.problem)", field: error.field)
            }
            let laidOut = run.laidOut
            // Items are numbered in layout order; their records' positions are the indices.
            let positions = laidOut.placed.indices.filter { if case .item = laidOut.placed[$0] { true } else { false } }
            bytes = Self.json(laidOut.layout, itemIndices: positions)
            for case .failure(let error) in laidOut.placed { failures.append(.failure(error)) }
        }
        bytes.removeLast()  // the closing brace
        bytes.append(contentsOf: #","errors":"#.utf8)
        JSONBytes.appendArray(failures, to: &bytes, CardsEndpoint.appendRow)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// The layout a request's fields describe: the kind's defaults (``CatalogLayoutRequest``,
    /// the command line's) where a field is absent.
    static func layoutRequest(_ body: RequestObject) throws -> CatalogLayoutRequest {
        let name = try body.string("kind", default: CatalogLayoutKind.grid.rawValue)
        guard let kind = CatalogLayoutKind(rawValue: name) else {
            let kinds = CatalogLayoutKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw ErrorBody(.badRequest, "kind: expected one of \(kinds), got '\(name)'", field: "kind")
        }
        var request = CatalogLayoutRequest(kind: kind)
        if let deviceName = try body.optionalString("device") {
            guard let device = DevicePreset.all.first(where: { $0.name == deviceName }) else {
                let names = DevicePreset.all.map(\.name).joined(separator: ", ")
                throw ErrorBody(.badRequest, "device: expected one of \(names), got '\(deviceName)'", field: "device")
            }
            request.screen = LayoutScreen(device: device)
        }
        // Each field in the range the OpenAPI document gives it, checked here so that the
        // document and the answers agree whatever the layouts themselves would take.
        let screen = request.screen
        request.screen.width = try body.number("width", default: screen.width, in: .positiveLength)
        request.screen.height = try body.number("height", default: screen.height, in: .positiveLength)
        request.screen.scale = try body.number("scale", default: screen.scale, in: .scale)
        if request.screen != screen { request.screen.device = nil }
        request.columns = try body.integer("columns", default: request.columns, in: .columns)
        request.columnGap = try body.number("column_gap", default: request.columnGap, in: .length)
        request.rowGap = try body.number("row_gap", default: request.effectiveRowGap, in: .length)
        if let insets = try body.numbers("insets", in: .length) {
            guard insets.count == 4 else {
                throw ErrorBody(.badRequest, "insets: expected [top, left, bottom, right]", field: "insets")
            }
            request.insets = EdgeInsets(top: insets[0], left: insets[1], bottom: insets[2], right: insets[3])
        }
        if case .string(let template)? = body.members["template"], CardTemplate.builtIn[template] != nil { request.template = template }
        request.language = try body.string("language", default: request.language)
        return request
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
