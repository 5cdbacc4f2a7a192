// docs/large-catalogs.md's advice for apps: measure once (distributed) at the waterfall's
// column width, then lay out pages with the appenders from those heights.
import Foundation
import Testing

@Suite struct LargeCatalogLayoutTests {
    @Test func aOneColumnGridOfTheColumnWidthMeasuresTheWaterfallsCards() throws {
        // iPhone 11, 2 columns, spacing 10: the waterfall's columns are ⌊(414 − 10) / 2⌋ = 202.
        let catalog = try CommandRunner.run([
            "generate", "--records", "3000", "--mode", "unique", "--format", "jsonl", "-o", "-",
        ]).standardOutput
        let measured = try CommandRunner.run(
            ["measure", "-", "--width", "202", "--scale", "2", "--columns", "1", "--inset", "0", "--template", "book-hug"],
            input: catalog)
        let waterfall = try CommandRunner.run(["layout", "waterfall", "-", "--device", "iphone-11"], input: catalog)
        #expect(measured.status == 0 && waterfall.status == 0)
        let heights = { (result: CommandResult, kind: String?) throws -> [Double] in
            try result.outputLines.compactMap { line in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                guard kind == nil || object["kind"] as? String == kind else { return nil }
                return try #require(object["height"] as? Double)
            }
        }
        let cards = try heights(measured, nil)
        #expect(cards.count == 3000)
        #expect(cards == (try heights(waterfall, "item")))
        #expect(Set(cards).count > 1)  // heights follow the titles, so the comparison means something
    }
}
