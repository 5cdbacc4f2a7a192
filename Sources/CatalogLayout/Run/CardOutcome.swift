// One input record's outcome in a catalog run: its card's measurement, or its error record.
import CardModel
import CatalogIO
import Geometry

/// One input record's outcome: its card (its id, cover size and measurement: what output
/// and layouts use, not the whole record, whose strings would be copied once more between
/// threads), or the error record that stands for it.
public enum CardOutcome: Sendable {
    case card(id: String, cover: Size?, measurement: CardMeasurement)
    case failure(ErrorRecord)
}

extension CardOutcome {
    /// A card's outcome: its measurement, or the error record naming its `line` and field.
    public init(card: CardRecord, line: Int, measured: Result<CardMeasurement, CardModelError>) {
        switch measured {
        case .success(let measurement):
            self = .card(id: card.id, cover: card.imageSize, measurement: measurement)
        case .failure(let error):
            self = .failure(ErrorRecord(id: card.id, line: line, field: error.field, message: error.description))
        }
    }
}

extension CardModelError {
    /// The record field an error is about, for the error record.
    var field: String? {
        switch self {
        case .invalidRecord(_, _, let field, _), .textEngine(_, let field, _): field
        default: nil
        }
    }
}
