// Image elements: fixed ratios, the record's own cover size, clamping and hiding.
import CardModel
import Geometry
import Testing

@Suite struct ImageElementTests {
    static let coverImage = CardTemplate { ImageElement(sizing: .recordCover, hidesWhenEmpty: false) }

    @Test func recordCoverSizeSetsTheRatio() throws {
        var record = TestSupport.record("Dune")
        record.imageSize = Size(width: 200, height: 300)
        let card = try TestSupport.measurer(Self.coverImage).measure(record: record, width: 100)
        #expect(card.size.height == 150)  // 100 × 300 / 200
        #expect(card.frames.first?.frame == Rect(x: 0, y: 0, width: 100, height: 150))
    }

    @Test func recordWithoutACoverFallsBackToTheTemplatesRatio() throws {
        let card = try TestSupport.measurer(Self.coverImage).measure(record: TestSupport.record("Dune"), width: 100)
        #expect(card.size.height == 143)  // 100 × 10/7 = 142.86, up to the pixel
    }

    @Test func fixedRatioIgnoresTheRecordsCover() throws {
        var record = TestSupport.record("Dune")
        record.imageSize = Size(width: 200, height: 300)
        let card = try TestSupport.measurer(CardTemplate { ImageElement() }).measure(record: record, width: 100)
        #expect(card.size.height == 143)
    }

    @Test(arguments: [(nil, 100.0, 100.0), (200.0, nil, 200.0), (150.0, 170.0, 170.0)] as [(Double?, Double?, Double)])
    func heightIsClampedThenRounded(minHeight: Double?, maxHeight: Double?, expected: Double) throws {
        let template = CardTemplate { ImageElement(minHeight: minHeight, maxHeight: maxHeight) }
        let card = try TestSupport.measurer(template).measure(record: TestSupport.record("Dune"), width: 127)
        #expect(card.size.height == expected)  // 181.43 unclamped
    }

    @Test func imageHidesWithoutACoverWhenAsked() throws {
        let template = CardTemplate(spacing: 4) {
            ImageElement(sizing: .recordCover, hidesWhenEmpty: true)
            LabelElement(field: .title, style: LabelStyle(fontSize: 15))
        }
        let card = try TestSupport.measurer(template).measure(record: TestSupport.record("Dune"), width: 127)
        #expect(card.size.height == 18)
        #expect(card.frames.map(\.kind) == [.label])
    }

    /// A side of 0, and sides each finite whose ratio is not (found by the card-template fuzzer:
    /// 1e-300 × 1e300 made the card infinitely tall).
    @Test(arguments: [Size(width: 0, height: 300), Size(width: 1e-300, height: 1e300), Size(width: 1, height: 1e7)])
    func unusableCoverSizeNamesTheRecordElementAndField(cover: Size) throws {
        var record = TestSupport.record("Dune")
        record.imageSize = cover
        let error = #expect(throws: CardModelError.self) {
            try TestSupport.measurer(Self.coverImage).measure(record: record, width: 100)
        }
        guard case .invalidRecord(let id, let element, let field, _) = error else {
            Issue.record("expected invalidRecord, got \(String(describing: error))")
            return
        }
        #expect((id, element, field) == ("test", "elements[0]", "imageSize"))
    }

    @Test func ratioParsesAndPrintsAsWidthColonHeight() {
        #expect(AspectRatio(parsing: "7:10") == .bookCover)
        #expect(AspectRatio.bookCover.description == "7:10")
        #expect(AspectRatio(width: 1.5, height: 2).description == "1.5:2")
        #expect(AspectRatio(parsing: "7x10") == nil)
        #expect(AspectRatio.bookCover.height(forWidth: 127) == 1270.0 / 7)
    }
}
