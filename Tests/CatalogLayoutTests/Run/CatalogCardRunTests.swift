// A catalog run's outcomes: in input order, the same on any thread count, shifted widths
// measured again.
import CardModel
import CatalogIO
import CatalogLayout
import CollectionLayout
import Testing

@Suite struct CatalogCardRunTests {
    typealias Fixtures = CatalogLayoutFixtures

    /// Unreadable records and a card that fails to measure, among 300 real records read in
    /// batches of 64: every thread count writes the same records, one per input record.
    @Test func outcomesAreTheSameOnAnyThreadCount() throws {
        let text = try Fixtures.catalogText(
            count: 300, inserting: [",No id,Nobody", Fixtures.unmeasurableRow, "x1,Extra,Nobody,extra field"], at: 70)
        var written: [String] = []
        for threads in [1, 2, 4] {
            var run = try Fixtures.run(text, widths: CardWidths(uniform: 127), threads: threads)
            let outcomes = try Fixtures.outcomes(of: &run)
            #expect(outcomes.count == 303)
            #expect(run.statistics.measured == 300 && run.statistics.failed == 3)
            written.append(Fixtures.jsonLines(outcomes.map(RecordOrError<CardSizeRecord>.init)))
        }
        #expect(written[1] == written[0])
        #expect(written[2] == written[0])
        let errorLines = written[0].split(separator: "\n").filter { $0.contains(#""error":"#) }
        #expect(errorLines.count == 3)
        #expect(errorLines[1].contains(#""id":"huge""#) && errorLines[1].contains(#""field":"title""#))
    }

    /// A card that fails to measure moves every later card one place back, into another
    /// section's width for some; each is measured at its own place's width, on any thread
    /// count, as if the failed record had not been there.
    @Test(arguments: [1, 4])
    func aFailedCardShiftsTheLaterCardsToTheirOwnWidths(threads: Int) throws {
        var configuration = WaterfallLayoutConfiguration()
        configuration.columnCount = 2
        var narrow = configuration
        narrow.columnCount = 3
        let layout = WaterfallLayout(collectionWidth: 300, configuration: configuration, sectionConfigurations: [1: narrow])
        let widths = try CardWidths(layout: layout, sectionSize: 4)
        let clean = try Fixtures.catalogText(count: 12)
        let shifted = try Fixtures.catalogText(count: 12, inserting: [Fixtures.unmeasurableRow], at: 2)
        var cleanRun = try Fixtures.run(clean, widths: widths, threads: 1, batchSize: 16)
        var shiftedRun = try Fixtures.run(shifted, widths: widths, threads: threads, batchSize: 16)
        let expected = try Fixtures.outcomes(of: &cleanRun)
        let outcomes = try Fixtures.outcomes(of: &shiftedRun)
        let cards = outcomes.compactMap { outcome -> Double? in
            guard case .card(_, _, let measurement) = outcome else { return nil }
            return measurement.size.width
        }
        #expect(cards == (0..<12).map(widths.width(forCard:)))
        #expect(Set(cards) == [145, 93])  // two columns of (300 − 10) / 2, three of ⌊(300 − 20) / 3⌋
        #expect(
            Fixtures.jsonLines(outcomes.map(RecordOrError<CardSizeRecord>.init).filter { if case .result = $0 { true } else { false } })
                == Fixtures.jsonLines(expected.map(RecordOrError<CardSizeRecord>.init)))
    }
}
