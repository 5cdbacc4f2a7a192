// POST /v1/cards: records in, card sizes out, as `cardsize measure` writes them.
import BundledFonts
import CardModel
import CatalogIO
import CatalogLayout
import CollectionLayout
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import JSON
import TextEngine

/// Sizes each record's card at a width and answers the rows `cardsize measure` writes for
/// them, in order: `{id, width, height, title_lines, truncated, slack}`, or
/// `{id, line, field, error}` for a record that cannot be used (its `line` is its 1-based
/// position in `records`).
///
/// Fields: `records` (objects with `id`, `title`, `author`, optional `image_width` and
/// `image_height`), `item_width` (the card width) or a layout's fields (as for `/v1/layout`:
/// the width its items are measured at; by default a grid's cell on an iPhone 11, as
/// `cardsize measure` sizes cards), `template` (`book`, `book-hug` or a template object; by
/// default the layout's), `language` (`auto` or a BCP 47 tag). Any other field is a 400 naming it.
struct CardsEndpoint: Sendable {
    let textMeasurer: TextMeasurer
    let limits: ServerLimits

    /// The fields a `/v1/cards` body may have.
    static let fields: Set<String> = LayoutEndpoint.layoutFields.union(["records", "item_width"])

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
        // The layout's fields are checked whether or not an item width makes them unused.
        let layout = try LayoutEndpoint.layoutRequest(body)
        let width: Double
        switch body.members["item_width"] {
        case nil, .null?:
            do {
                width = try LayoutEndpoint.itemWidth(layout)
            } catch let error as ErrorBody {
                throw ErrorBody(
                    .badRequest, "item_width: give one, or a grid or waterfall layout's fields: \(error.message)", field: "item_width")
            }
        default:
            width = try body.number("item_width", default: 0, in: .positiveLength)
        }
        var bytes: [UInt8] = []
        JSONBytes.appendArray(try outcomes(body, layout: layout, width: width, deadline: deadline), to: &bytes, Self.appendRow)
        return jsonResponse(bytes)
    }

    /// The row `cardsize measure` writes for `outcome` (its size or its error), as JSON.
    static func appendRow(_ outcome: CardOutcome, to bytes: inout [UInt8]) {
        RecordOrError<CardSizeRecord>(outcome).appendJSONLine(to: &bytes)
        bytes.removeLast()  // the line feed
    }

    /// Each of the body's `records` measured as a card at `width` (with the layout's
    /// template, scale and language), in order: its measurement, or its error record; a 503
    /// once `deadline` has passed.
    func outcomes(
        _ body: RequestObject, layout: CatalogLayoutRequest, width: Double, deadline: ContinuousClock.Instant
    ) throws -> [CardOutcome] {
        let records = try body.objects("records")
        let budget = try ItemBudget(limits: limits, count: records.count, what: "records", deadline: deadline)
        let measurer: CardMeasurer
        do {
            measurer = try CardMeasurer(
                template: try template(body, default: layout.template), fonts: BundledFonts.chain(),
                displayScale: layout.screen.scale, textMeasurer: textMeasurer)
        } catch let error as CardModelError {
            throw ErrorBody(.badRequest, "\(error)", field: "template")
        } catch let error as TextEngineError {
            throw ErrorBody(.internalServerError, "\(error)")
        }
        let cards = CatalogCardMaker(language: CardLanguage(argument: layout.language))
        return try Self.records(records).enumerated().map { index, read in
            try budget.checkTime(before: index)
            let line = index + 1
            switch read {
            case .failure(let error):
                return .failure(ErrorRecord(error))
            case .success(let record):
                let card = cards.card(for: record)
                return CardOutcome(
                    card: card, line: line,
                    measured: Result { () throws(CardModelError) in
                        try measurer.measure(record: card, width: width, withFrames: false)
                    })
            }
        }
    }

    /// The body's `template`: a built-in's name or a template object; `name` when absent.
    func template(_ body: RequestObject, default name: String) throws -> CardTemplate {
        switch body.members["template"] {
        case nil, .null?: return CardTemplate.builtIn[name] ?? .book
        case .string(let name)? where CardTemplate.builtIn[name] != nil: return CardTemplate.builtIn[name]!
        case .object(let object)?:
            var bytes: [UInt8] = []
            JSONValue.object(object).appendJSON(to: &bytes)
            do {
                return try CardTemplate(json: Data(bytes))
            } catch {
                throw ErrorBody(.badRequest, "\(error)", field: "template")
            }
        default:
            throw ErrorBody(.badRequest, "template: expected book, book-hug or a template object", field: "template")
        }
    }

    /// Record objects read as a JSON Lines catalog's lines are read, each its record or its
    /// error (its `line` its 1-based position).
    static func records(_ values: [JSONValue]) -> [Result<CatalogRecord, CatalogError>] {
        let decoder = CatalogRecordDecoder(mapping: ColumnMapping())
        return values.enumerated().map { index, value in
            let line = index + 1
            guard case .object(let members) = value else {
                return .failure(CatalogError(line: line, recordNumber: line, field: nil, message: "not a JSON object", recordID: nil))
            }
            return decoder.record(members: members.map { ($0.key, $0.value) }, line: line, recordNumber: line)
        }
    }
}
