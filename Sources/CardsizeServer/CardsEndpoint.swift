// POST /v1/cards: records in, card sizes out, as `cardsize measure` writes them.
import CardModel
import CatalogIO
import CatalogLayout
import CollectionLayout
import Foundation
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
        let body = try RequestObject(body: try await request.bodyBytes(limit: limits.maximumBodyBytes))
        let records = try body.objects("records")
        let budget = try ItemBudget(limits: limits, count: records.count, what: "records")
        let scale = try body.number("scale", default: 3)
        let width: Double
        if body.members["width"] != nil {
            width = try body.number("width")
        } else {
            do {
                width = try LayoutEndpoint.layout(body).itemWidth()
            } catch let error as CollectionLayoutError {
                throw ErrorBody(.badRequest, "width: give one, or a grid or waterfall layout's fields: \(error)", field: "width")
            }
        }
        let measurer: CardMeasurer
        do {
            measurer = try CardMeasurer(
                template: try template(body), fonts: BundledFonts.chain(), displayScale: scale, textMeasurer: textMeasurer)
        } catch let error as CardModelError {
            throw ErrorBody(.badRequest, "\(error)", field: "template")
        } catch let error as TextEngineError {
            throw ErrorBody(.internalServerError, "\(error)")
        }
        let cards = CatalogCardMaker(language: CardLanguage(argument: try body.string("lang", default: "auto")))
        let decoder = CatalogRecordDecoder(mapping: ColumnMapping())
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, value) in records.enumerated() {
            try budget.checkTime(before: index)
            let line = index + 1
            let outcome: CardOutcome
            switch Self.record(value, decoder: decoder, line: line) {
            case .failure(let error):
                outcome = .failure(ErrorRecord(error))
            case .success(let record):
                let card = cards.card(for: record)
                outcome = CardOutcome(
                    card: card, line: line,
                    measured: Result { () throws(CardModelError) in
                        try measurer.measure(record: card, width: width, withFrames: false)
                    })
            }
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            var row: [UInt8] = []
            RecordOrError<CardSizeRecord>(outcome).appendJSONLine(to: &row)
            bytes.append(contentsOf: row.dropLast())  // without the line feed
        }
        bytes.append(UInt8(ascii: "]"))
        return jsonResponse(bytes)
    }

    private func template(_ body: RequestObject) throws -> CardTemplate {
        switch body.members["template"] {
        case nil, .null?: return .book
        case .string(let name)? where CardTemplate.builtIn[name] != nil: return CardTemplate.builtIn[name]!
        case .object(let object)?:
            var bytes: [UInt8] = []
            JSONValue.object(object).appendJSON(to: &bytes)
            return try CardTemplate(json: Data(bytes))
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
