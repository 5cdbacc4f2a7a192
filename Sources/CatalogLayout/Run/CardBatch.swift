// A batch of a catalog run: records read together, their cards measured together.
import CardModel
import CatalogIO
import Parallel

/// A batch of input records: the card made of each readable one (the catalog records
/// themselves are not kept: each copy between threads costs their strings' reference
/// counts), the error of each other one, and once measured each card's measurement at the
/// width of the place it would have if every card before it measured without error.
struct CardBatch: Sendable {
    enum Entry: Sendable {
        case card(CardRecord, line: Int)
        case unreadable(ErrorRecord)
    }

    /// The place among all cards of the batch's first card.
    let firstPlace: Int
    var entries: [Entry] = []
    /// The first lines of the batch's records that ran over several lines.
    var multilineRecordLines: [Int] = []
    /// By entry: the card's measurement; `nil` for an unreadable record.
    var measured: [Result<CardMeasurement, CardModelError>?] = []

    init(firstPlace: Int) { self.firstPlace = firstPlace }

    /// By entry: the card's place among all cards if every card before it measures; `nil`
    /// for an unreadable record.
    private var plannedPlaces: [Int?] {
        var place = firstPlace
        return entries.map { entry in
            guard case .card = entry else { return nil }
            defer { place += 1 }
            return place
        }
    }

    /// The batch with its cards measured at their planned places' widths, spread over
    /// `threads` threads.
    func measured(with measurer: CardMeasurer, widths: CardWidths, threads: Int) -> CardBatch {
        let places = plannedPlaces
        var batch = self
        batch.measured = Parallel.map(count: entries.count, threads: threads) { index in
            guard case .card(let card, _) = entries[index], let place = places[index] else { return nil }
            return Result { () throws(CardModelError) in
                try measurer.measure(record: card, width: widths.width(forCard: place), withFrames: false)
            }
        }
        return batch
    }
}
