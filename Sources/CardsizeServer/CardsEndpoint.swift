// POST /v1/cards: records in, card sizes out, as `cardsize measure` writes them.
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
/// `image_height`), `width` (the card width) or a layout's fields (as for `/v1/layout`:
/// the width its items are measured at), `template` (`book`, `book-hug` or a template
/// object; default book), `scale` (default 3, as for layouts), `lang` (`auto` or a BCP 47 tag).
struct CardsEndpoint: Sendable {
    let textMeasurer: TextMeasurer
    let limits: ServerLimits

    func respond(to request: inout Request) async throws -> Response {
        let deadline = limits.deadline()
        let bytes = try await request.bodyBytes(limit: limits.maximumBodyBytes)
        return try await measuring { try answer(to: RequestObject(body: bytes), deadline: deadline) }
    }

    private func answer(to body: RequestObject, deadline: ContinuousClock.Instant) throws -> Response {
        // The layout's fields are checked whether or not a width makes them unused.
        let layout = try LayoutEndpoint.layout(body)
        let width: Double
        switch body.members["width"] {
        case nil, .null?:
            do {
                width = try layout.itemWidth()
            } catch {
                let named = LayoutEndpoint.badRequest(error, kind: layout.kind)
                throw ErrorBody(.badRequest, "width: give one, or a grid or waterfall layout's fields: \(named.message)", field: "width")
            }
        default:
            width = try body.number("width", default: 0, in: .positiveLength)
        }
        var bytes: [UInt8] = []
        JSONBytes.appendArray(try outcomes(body, width: width, deadline: deadline), to: &bytes, Self.appendRow)
        return jsonResponse(bytes)
    }

    /// The row `cardsize measure` writes for `outcome` (its size or its error), as JSON.
    static func appendRow(_ outcome: CardOutcome, to bytes: inout [UInt8]) {
        RecordOrError<CardSizeRecord>(outcome).appendJSONLine(to: &bytes)
        bytes.removeLast()  // the line feed
    }

    /// Each of the body's `records` measured as a card at `width` (with its `template`,
    /// `scale` and `lang`), in order: its measurement, or its error record; a 503 once
    /// `deadline` has passed.
    func outcomes(_ body: RequestObject, width: Double, deadline: ContinuousClock.Instant) throws -> [CardOutcome] {
        let records = try body.objects("records")
        let budget = try ItemBudget(limits: limits, count: records.count, what: "records", deadline: deadline)
        let measurer: CardMeasurer
        do {
            measurer = try CardMeasurer(
                template: try template(body), fonts: BundledFonts.chain(), displayScale: try body.number("scale", default: 3, in: .scale),
                textMeasurer: textMeasurer)
        } catch let error as CardModelError {
            throw ErrorBody(.badRequest, "\(error)", field: "template")
        } catch let error as TextEngineError {
            throw ErrorBody(.internalServerError, "\(error)")
        }
        let cards = CatalogCardMaker(language: CardLanguage(argument: try body.string("lang", default: "auto")))
        let decoder = CatalogRecordDecoder(mapping: ColumnMapping())
        return try records.enumerated().map { index, value in
            try budget.checkTime(before: index)
            let line = index + 1
            switch Self.record(value, decoder: decoder, line: line) {
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

    func template(_ body: RequestObject) throws -> CardTemplate {
        switch body.members["template"] {
        case nil, .null?: return .book
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

    /// A record object read as a JSON Lines catalog's line is read.
    private static func record(_ value: JSONValue, decoder: CatalogRecordDecoder, line: Int)
        -> Result<CatalogRecord, CatalogError>
    {
        guard case .object(let members) = value else {
            return .failure(CatalogError(line: line, recordNumber: line, field: nil, message: "not a JSON object", recordID: nil))
        }
        return decoder.record(members: members.map { ($0.key, $0.value) }, line: line, recordNumber: line)
    }
}
