// A batch of a catalog run: records read together, their cards measured together.
import CardModel
import CatalogIO
import Parallel

/// A batch of input records: the card made of each readable one (the catalog records
/// themselves are not kept: each copy between threads costs their strings' reference
/// counts), the error of each other one, and once measured each card's measurement at the
/// width of the place it would have if every card before it measured without error.
struct CardBatch: Sendable {
    /// One input record: a card (the batch's next in ``cards``), or an unreadable record's
    /// error.
    enum Entry: Sendable {
        case card(line: Int)
        case unreadable(ErrorRecord)
    }

    /// The place among all cards of the batch's first card: card `i`'s planned place is
    /// `firstPlace + i`, its place if every card before it measures.
    let firstPlace: Int
    var entries: [Entry] = []
    /// The cards of the `.card` entries, in order. Kept apart from the entries so that each
    /// is read in place: a card matched out of an entry would be copied, a reference count
    /// on each of its strings (written by the reading thread, so a cache miss each) twice
    /// per card.
    var cards: [CardRecord] = []
    /// The first lines of the batch's records that ran over several lines.
    var multilineRecordLines: [Int] = []
    /// By card: its measurement at its planned place's width.
    var measured: [Result<CardMeasurement, CardModelError>] = []

    init(firstPlace: Int) { self.firstPlace = firstPlace }

    /// The batch with its cards measured at their planned places' widths, spread over
    /// `threads` threads.
    func measured(with measurer: CardMeasurer, widths: CardWidths, threads: Int) -> CardBatch {
        var batch = self
        let firstPlace = firstPlace
        // Each card read in place through the array's buffer: read out of the array, a card
        // was copied, a reference count on each of its strings (written by the reading
        // thread, so a cache miss each) and another to release it, per card.
        batch.measured = cards.withUnsafeBufferPointer { cards in
            let cards = SharedCards(buffer: cards)
            return Parallel.map(count: cards.buffer.count, threads: threads) { index in
                Result { () throws(CardModelError) in
                    try measurer.measure(
                        record: cards.buffer[index], width: widths.width(forCard: firstPlace + index), withFrames: false)
                }
            }
        }
        return batch
    }
}

/// A batch's cards, read by the measuring threads while the batch holds them: the buffer
/// lives until `Parallel.map` returns, and nothing writes to it meanwhile.
private struct SharedCards: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<CardRecord>
}
