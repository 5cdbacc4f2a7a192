// `cardsize measure` and `cardsize layout grid`, run as a user runs them, on the real catalogs.
import Foundation
import Testing

@Suite struct CardCommandTests {
    /// Every line of a JSON Lines output as a dictionary.
    func objects(_ result: CommandResult) throws -> [[String: Any]] {
        try result.outputLines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// This test's files, removed after it.
    let folder = TemporaryFolder()

    func temporaryFile(_ name: String, _ contents: String) throws -> URL {
        let url = folder.url.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url
    }

    @Test func measureSizesEveryBookCardOfSeed004() throws {
        // iPhone 11 (414 pt @2x), 3 columns, insets 8, spacing 8: cells of ⌊(414 − 16 − 16) / 3⌋ = 127;
        // the book card: cover 127 × 10/7 → 181.5 @2x, title 2 × 17.4609375 → 35, author
        // 15.1328125 → 15.5, two gaps of 4: 240.
        let result = try CommandRunner.run(["measure", "Catalogs/goodbooks-10k.csv"])
        #expect(result.status == 0)
        let records = try objects(result)
        #expect(records.count == 10_000)
        #expect(records.allSatisfy { $0["width"] as? Double == 127 && $0["height"] as? Double == 240 })
        #expect(records.first?["id"] as? String == "1")
        #expect(Set(records.compactMap { $0["title_lines"] as? Int }) == [1, 2])
        #expect(result.standardError.contains("10000 records: 10000 cards, 0 errors"))
    }

    @Test func theMinimumCellWidthFollowsSeed001() throws {
        // Seed 001: minimum 100, spacing 5, insets 5: 375 pt gives cells of 118 pt.
        let result = try CommandRunner.run([
            "measure", "Catalogs/aozora-bunko.csv", "--width", "375", "--min-cell-width", "100", "--column-gap", "5",
            "--inset", "5", "--format", "csv",
        ])
        #expect(result.status == 0)
        let lines = result.outputLines
        #expect(lines.first == "id,width,height,title_lines,truncated,slack,line,field,error")
        #expect(lines.count == 14_759 + 1)
        #expect(lines.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false)[1] == "118" })
    }

    /// A minimum cell width under a pixel, or one that fills the row with more columns than
    /// --columns may give, is refused, rather than cards of no width.
    @Test func aTinyMinimumCellWidthIsRefused() throws {
        for (arguments, message) in [
            (["--min-cell-width", "0.0001", "--column-gap", "0"], "--min-cell-width must be at least one pixel (0.5 pt), got 0.0001"),
            (["--min-cell-width", "0.5", "--column-gap", "0", "--width", "10000"], "--min-cell-width 0.5 fits 19968 columns in 10000 points, more than 10000"),
        ] {
            let result = try CommandRunner.run(["measure", "-"] + arguments, input: Data("{}\n".utf8))
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
        }
    }

    /// At @2x the row's extra width floors to the pixel grid by default (100.5 pt), and to
    /// whole points, as seed 001's code does (its table: 428 pt gives 100), on request.
    @Test(arguments: [("pixels", "4 columns of 100.5 pt"), ("points", "4 columns of 100 pt")])
    func cellWidthsFloorToPixelsOrToPoints(rounding: String, summary: String) throws {
        let result = try CommandRunner.run([
            "layout", "grid", "Catalogs/aozora-bunko.csv", "--width", "428", "--scale", "2", "--min-cell-width", "100",
            "--column-gap", "5", "--inset", "5", "--cell-rounding", rounding, "-o", "/dev/null",
        ])
        #expect(result.status == 0)
        #expect(result.standardError.contains("428 pt @2x, \(summary)"), "\(result.standardError)")
    }

    @Test(arguments: ["iphone-se", "iphone-12-pro-max", "ipad-pro-12.9"])
    func gridFramesNeverOverlapAndStayInsideTheWidth(device: String) throws {
        let result = try CommandRunner.run([
            "layout", "grid", "Catalogs/goodbooks-10k.csv", "--device", device, "--min-cell-width", "100",
            "--template", "book-hug",
        ])
        #expect(result.status == 0)
        let records = try objects(result)
        let items = records.filter { $0["kind"] as? String == "item" }
        let content = try #require(records.last)
        #expect(content["kind"] as? String == "content")
        #expect(items.count == 10_000)
        let width = try #require(content["width"] as? Double)
        let frames = items.map { item in
            (x: item["x"] as! Double, y: item["y"] as! Double, w: item["width"] as! Double, h: item["height"] as! Double)
        }
        #expect(frames.allSatisfy { $0.x >= 8 && $0.x + $0.w <= width - 8 + 1e-9 })
        // No two frames share area: sweep down the frames, comparing each with those still open.
        var open: [(x: Double, y: Double, w: Double, h: Double)] = []
        var overlaps = 0
        for frame in frames.sorted(by: { $0.y < $1.y }) {
            open.removeAll { $0.y + $0.h <= frame.y }
            overlaps += open.filter { $0.x < frame.x + frame.w && frame.x < $0.x + $0.w }.count
            open.append(frame)
        }
        #expect(overlaps == 0)
        #expect(try #require(content["height"] as? Double) >= frames.map { $0.y + $0.h }.max()!)
    }

    @Test func layoutOutputIsTheSameBytesEveryRun() throws {
        let arguments = ["layout", "grid", "Catalogs/aozora-bunko.csv", "--device", "iphone-13", "--template", "book-hug"]
        let first = try CommandRunner.run(arguments)
        let second = try CommandRunner.run(arguments)
        #expect(first.status == 0)
        #expect(first.standardOutput == second.standardOutput)
        #expect(first.outputLines.count == 14_759 + 1)
    }

    @Test func badRecordsGiveErrorRecordsInPlaceAndTheRunGoesOn() throws {
        let catalog = try temporaryFile(
            "books.csv",
            "id,title,author,w,h\n1,Good,A,200,300\n,No id,B,200,300\n3,Bad size,C,wide,300\n4\n5,\"Also good\",E,100,100\n")
        for command in [["measure"], ["layout", "grid"]] {
            let result = try CommandRunner.run(command + [catalog.path, "--image-size", "w,h", "--template", "book-hug"])
            #expect(result.status == 2)
            let records = try objects(result).filter { $0["kind"] as? String != "content" }
            try #require(records.count == 5, "\(command)")
            #expect(records[0]["id"] as? String == "1" && records[0]["error"] == nil)
            #expect(records[1]["line"] as? Int == 3 && records[1]["field"] as? String == "id")
            #expect(records[2]["line"] as? Int == 4 && records[2]["field"] as? String == "w")
            #expect(records[3]["line"] as? Int == 5 && records[3]["error"] != nil)
            #expect(records[4]["id"] as? String == "5" && records[4]["error"] == nil)
            #expect(result.standardError.contains("5 records: 2 cards, 3 errors"))
        }
    }

    @Test func recordCoverSizesShapeTheCards() throws {
        let template = try temporaryFile(
            "cover.json",
            #"{"spacing": 4, "elements": [{"type": "image", "sizing": "recordCover"}, "#
                + #"{"type": "label", "field": "title", "style": {"fontSize": 15}, "maxLines": 2}]}"#)
        let catalog = try temporaryFile("books.jsonl", #"{"id": 1, "title": "Wide", "author": "", "w": 300, "h": 200}"# + "\n")
        let result = try CommandRunner.run([
            "measure", catalog.path, "--image-size", "w,h", "--template", template.path, "--width", "220",
            "--scale", "1", "--columns", "2",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        // Cells: ⌊(220 − 16 − 8) / 2⌋ = 98; the cover 98 × 200/300 = 65.33 → 66 at @1x; the
        // title one line of 17.4609375 → 18; one gap of 4: 88.
        let card = try #require(try objects(result).first)
        #expect(card["width"] as? Double == 98)
        #expect(card["height"] as? Double == 88)
    }

    @Test func anyNumberOfThreadsGivesTheSameBytes() throws {
        let arguments = ["measure", "Catalogs/aozora-bunko.csv", "--template", "book-hug", "--format", "csv"]
        let one = try CommandRunner.run(arguments + ["--threads", "1"])
        let three = try CommandRunner.run(arguments + ["--threads", "3"])
        #expect(one.status == 0)
        #expect(one.outputLines.count == 14_759 + 1)
        #expect(one.standardOutput == three.standardOutput)
    }

    @Test func writingToADeviceLeavesTheDeviceInPlace() throws {
        // Output files are opened in place: a temporary file renamed over the target (as
        // FileManager.createFile does) would replace /dev/null with a regular file when run
        // as root.
        let result = try CommandRunner.run(["measure", "Catalogs/goodbooks-10k.csv", "-o", "/dev/null"])
        #expect(result.status == 0)
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }
}
