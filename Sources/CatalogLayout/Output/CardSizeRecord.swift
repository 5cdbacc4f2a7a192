// A card's size as an output record: what `cardsize measure` writes for each card.
import CardModel
import CatalogIO

/// One card's size and title figures: `{id, width, height, title_lines, truncated, slack}`;
/// `slack` is `null` (empty in CSV) for a title without a line break to measure it by.
public struct CardSizeRecord: OutputSchema {
    public var id: String
    public var measurement: CardMeasurement

    public init(id: String, measurement: CardMeasurement) {
        self.id = id
        self.measurement = measurement
    }

    public static let fields: [OutputField<CardSizeRecord>] = [
        OutputField("id") { .string($0.id) },
        OutputField("width") { .number($0.measurement.size.width) },
        OutputField("height") { .number($0.measurement.size.height) },
        OutputField("title_lines") { .integer($0.measurement.titleLineCount) },
        OutputField("truncated") { .bool($0.measurement.isTitleTruncated) },
        OutputField("slack") { $0.measurement.titleMinimumSlack.isFinite ? .number($0.measurement.titleMinimumSlack) : .null },
    ]
}

extension RecordOrError<CardSizeRecord> {
    /// A catalog run's outcome as `measure` writes it.
    public init(_ outcome: CardOutcome) {
        switch outcome {
        case .card(let id, _, let measurement): self = .result(CardSizeRecord(id: id, measurement: measurement))
        case .failure(let error): self = .error(error)
        }
    }
}
