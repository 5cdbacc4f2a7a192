// Card templates: a template accepted is one that sizes every card to finite frames.
import BundledFonts
import CardModel
import Foundation
import Geometry
import TextEngine

/// ``CardModel/CardTemplate/init(json:)`` on any bytes, and, for a template it accepts:
/// written back and read again it is the same template, and cards measured with it at any
/// width have finite, non-negative sizes, with every frame finite — or a clear error.
struct CardTemplateTarget: FuzzTarget {
    static let name = "card-template"
    private let fonts: FontChain
    private let measurer = TextMeasurer(cacheCapacity: 64)
    private static let records = [
        CardRecord(id: "1", title: "The Hunger Games", author: "Suzanne Collins", imageSize: Size(width: 98, height: 140)),
        CardRecord(id: "2", title: "吾輩は猫である。名前はまだ無い。", author: "夏目 漱石", language: "ja"),
        CardRecord(id: "3", title: "", author: "", imageSize: Size(width: 1e-300, height: 1e300), otherFields: ["x": "y"]),
    ]
    private static let widths = [0, 0.5, 167, 1e7]

    init() throws {
        fonts = try BundledFonts.chain()
    }

    func check(_ input: [UInt8]) throws(InvariantViolation) {
        guard let template = try? CardTemplate(json: Data(input)) else { return }
        do {
            let again = try CardTemplate(json: try template.jsonData())
            try require(again == template, "the template written and read again differs")
        } catch let error as InvariantViolation {
            throw error
        } catch {
            throw InvariantViolation("an accepted template cannot be written and read again: \(error)")
        }
        guard let cards = try? CardMeasurer(template: template, fonts: fonts, textMeasurer: measurer) else {
            throw InvariantViolation("an accepted template was refused by the measurer")
        }
        for record in Self.records {
            for width in Self.widths {
                guard let card = try? cards.measure(record: record, width: width) else { continue }
                let size = card.size
                try require(
                    size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0,
                    "card \(record.id) at width \(width) is \(size)")
                for frame in card.frames {
                    let rect = frame.frame
                    try require(
                        [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].allSatisfy(\.isFinite),
                        "card \(record.id) at width \(width): frame \(frame.path) is \(rect)")
                }
            }
        }
    }
}
