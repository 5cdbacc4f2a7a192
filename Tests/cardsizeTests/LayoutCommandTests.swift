// `cardsize layout waterfall|flow|compositional`, run as a user runs them, on the real catalogs.
import Foundation
import Testing

@Suite struct LayoutCommandTests {
    struct Frame: Equatable {
        var id: String?
        var x, y, width, height: Double
    }

    func frames(_ result: CommandResult) throws -> (items: [Frame], content: Frame) {
        let objects = try result.outputLines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let frame = { (object: [String: Any]) in
            Frame(
                id: object["id"] as? String, x: object["x"] as? Double ?? 0, y: object["y"] as? Double ?? 0,
                width: object["width"] as? Double ?? 0, height: object["height"] as? Double ?? 0)
        }
        let content = try #require(objects.last.map(frame))
        return (objects.filter { $0["kind"] as? String == "item" }.map(frame), content)
    }

    /// No two frames share area (a sweep down the frames), allowing for rounding error where
    /// fractional frames touch.
    func overlapCount(_ frames: [Frame]) -> Int {
        let tolerance = 1e-6
        var open: [Frame] = []
        var overlaps = 0
        for frame in frames.sorted(by: { $0.y < $1.y }) {
            open.removeAll { $0.y + $0.height <= frame.y + tolerance }
            overlaps += open.filter { $0.x < frame.x + frame.width - tolerance && frame.x < $0.x + $0.width - tolerance }.count
            open.append(frame)
        }
        return overlaps
    }

    @Test func waterfallCardsAreMeasuredAtTheColumnWidthAndFillTheShortestColumn() throws {
        // Seed 003: width 300, 3 columns, spacing 10: columns of ⌊(300 − 20) / 3⌋ = 93.
        let result = try CommandRunner.run([
            "layout", "waterfall", "Catalogs/goodbooks-10k.csv", "--width", "300", "--scale", "1", "--columns", "3",
        ])
        #expect(result.status == 0)
        let (items, content) = try frames(result)
        #expect(items.count == 10_000)
        #expect(items.allSatisfy { $0.width == 93 && [0, 103, 206].contains($0.x) })
        #expect(Set(items.map(\.height)).count == 2)  // the hugging card: 1- or 2-line titles
        #expect(overlapCount(items) == 0)
        // Every card went into a column that was the shortest (first on ties) when it came.
        var columns = [0.0, 0.0, 0.0]
        for item in items {
            let column = Int(item.x / 103)
            #expect(columns[column] == columns.min()! && columns.firstIndex(of: columns.min()!) == column)
            columns[column] = item.y + item.height + 10
        }
        #expect(content.height == columns.max()! - 10)
    }

    @Test func chtCompatibleModeScalesCoverSizesAsCHTDoes() throws {
        let result = try CommandRunner.run([
            "layout", "waterfall", "Catalogs/goodbooks-10k.csv", "--width", "300", "--scale", "1", "--columns", "3",
            "--cover-sizes", "Catalogs/cover-sizes.csv", "--cht-compatible",
        ])
        #expect(result.status == 0)
        let (items, _) = try frames(result)
        let covers = try String(contentsOfFile: CommandRunner.repositoryRoot.appendingPathComponent("Catalogs/cover-sizes.csv").path, encoding: .utf8)
            .split(whereSeparator: \.isNewline).dropFirst().map { line in line.split(separator: ",").map { Double($0)! } }
        // Each height is ⌊coverHeight × 93 / coverWidth⌋ for one of the real cover sizes.
        let possible = Set(covers.map { ($0[1] * 93 / $0[0]).rounded(.down) })
        #expect(items.allSatisfy { possible.contains($0.height) })
        #expect(Set(items.map(\.height)).count > 20)
    }

    @Test(arguments: ["left", "right", "center", "justified"])
    func tagRowsStayInsideTheInsetsWithoutOverlap(align: String) throws {
        let result = try CommandRunner.run([
            "layout", "tag-flow", "Catalogs/aozora-bunko.csv", "--field", "author", "--align", align, "--device", "iphone-se",
        ])
        #expect(result.status == 0)
        let (items, content) = try frames(result)
        #expect(items.count == 14_759)
        #expect(items.allSatisfy { $0.x >= 10 - 1e-9 && $0.x + $0.width <= content.width - 10 + 1e-9 && $0.width <= 200 })
        #expect(overlapCount(items) == 0)
        if align == "left" {
            // Seed 000: within a row, each tag starts exactly 10 pt after the one before.
            for (previous, tag) in zip(items, items.dropFirst()) where tag.x > previous.x {
                #expect(abs(tag.x - (previous.x + previous.width + 10)) < 1e-9)
            }
        }
    }

    @Test func instaPanelsFollowSeed002() throws {
        let result = try CommandRunner.run([
            "layout", "compositional", "Catalogs/aozora-bunko.csv", "--preset", "insta", "--width", "375", "--height", "667",
        ])
        #expect(result.status == 0)
        let (items, _) = try frames(result)
        #expect(items.count == 14_759)
        let g = 0.4 * 667
        // The first section is leadingLarge: a large item then two halves to its right.
        #expect(items[0] == Frame(id: "056078", x: 0, y: 0, width: 250, height: g))
        #expect(items[1].x == 250 && items[1].y == 0 && items[1].width == 125 && abs(items[1].height - g / 2) < 1e-9)
        #expect(abs(items[2].y - g / 2) < 1e-9)
        // The third section (items 9–11) is trailingLarge: two halves, then the large item at W/3.
        #expect(items[11].x == 125 && abs(items[11].y - 2 * g) < 1e-9 && items[11].width == 250)
        #expect(overlapCount(items) == 0)
    }

    @Test func aRectQueryGivesExactlyTheIntersectingElementsInOrder() throws {
        let layout = ["layout", "waterfall", "Catalogs/goodbooks-10k.csv", "--device", "iphone-13"]
        let (all, _) = try frames(try CommandRunner.run(layout))
        for (x, y, width, height) in [(0.0, 100_000.0, 390.0, 844.0), (195, 5_000, 1, 1), (0, 0, 390, 0), (-50, 1_000_000, 40, 9_000)] {
            let result = try CommandRunner.run(layout + ["--query=\(x),\(y),\(width),\(height)"])  // "=": the value may start with "-"
            #expect(result.status == 0)
            let (found, _) = try frames(result)
            let expected = all.filter {
                $0.x <= x + width && x <= $0.x + $0.width && $0.y <= y + height && y <= $0.y + $0.height
            }
            #expect(found == expected, "query \(x),\(y),\(width),\(height)")
        }
    }

    /// The waterfall is placed and written as the cards are measured; error records still
    /// come where their records came, before the next item, and footers and headers where
    /// their sections end and begin.
    @Test(arguments: [1, 2])
    func streamedWaterfallKeepsErrorRecordsAndSectionsInInputOrder(threads: Int) throws {
        let catalog = FileManager.default.temporaryDirectory.appendingPathComponent("stream-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: catalog) }
        let rows = ["r1,Dune,Frank Herbert", "r2,Emma,Jane Austen", ",No id,Nobody", "r4,Ulysses,James Joyce",
                    "r5,Beloved,Toni Morrison", "r6,吾輩は猫である,夏目漱石", ",No id either,Nobody",
                    "r8,Middlemarch,George Eliot", ",Trailing,Nobody"]
        try Data((["id,title,author"] + rows).joined(separator: "\n").utf8).write(to: catalog)
        let result = try CommandRunner.run([
            "layout", "waterfall", catalog.path, "--width", "300", "--scale", "2", "--section-size", "3",
            "--header-height", "20", "--footer-height", "10", "--threads", "\(threads)",
        ])
        #expect(result.status == 2)  // some records failed
        let objects = try result.outputLines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let sequence = objects.map { object in
            object["error"] != nil ? "error@\(object["line"] as? Int ?? 0)" : "\(object["kind"] as? String ?? "?"):\(object["id"] as? String ?? "")"
        }
        #expect(sequence == [
            "header:", "item:r1", "item:r2", "error@4", "item:r4", "footer:",
            "header:", "item:r5", "item:r6", "error@8", "item:r8", "footer:", "error@10", "content:",
        ])
        let footers = objects.filter { $0["kind"] as? String == "footer" }
        let lastItemBottom = objects.filter { ["r5", "r6", "r8"].contains($0["id"] as? String) }
            .map { ($0["y"] as! Double) + ($0["height"] as! Double) }.max()!
        #expect(footers.last?["y"] as? Double == lastItemBottom)
    }

    /// A card that fails to measure (a title over the engine's limit) moves every later card
    /// one place back, into another section's columns for some: they are measured at their
    /// own places' widths, as if the failed record had not been there, on any thread count.
    @Test func aCardThatFailsToMeasureShiftsTheLaterCardsToTheirOwnWidths() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shift-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = ["a1,Dune,Frank Herbert", "a2,Emma,Jane Austen", "a3,Ulysses,James Joyce",
                    "a4,Beloved,Toni Morrison", "a5,吾輩は猫である,夏目漱石", "a6,Middlemarch,George Eliot",
                    "a7,The Hunger Games (The Hunger Games #1),Suzanne Collins", "a8,Kokoro,Natsume Sōseki",
                    "a9,The Great Gatsby,F. Scott Fitzgerald"]
        let huge = "bad," + String(repeating: "a", count: 300_000) + ",Nobody"
        let sections = directory.appendingPathComponent("sections.json")
        try Data(#"[null, {"columnCount": 3}]"#.utf8).write(to: sections)
        func run(_ rows: [String], threads: Int) throws -> CommandResult {
            let catalog = directory.appendingPathComponent("catalog-\(rows.count)-\(threads).csv")
            try Data((["id,title,author"] + rows).joined(separator: "\n").utf8).write(to: catalog)
            return try CommandRunner.run([
                "layout", "waterfall", catalog.path, "--width", "300", "--scale", "2", "--section-size", "4",
                "--sections", sections.path, "--threads", "\(threads)",
            ])
        }
        let clean = try run(rows, threads: 1)
        #expect(clean.status == 0)
        let withBad = Array(rows[..<2]) + [huge] + Array(rows[2...])
        let one = try run(withBad, threads: 1)
        let two = try run(withBad, threads: 2)
        #expect(one.status == 2)
        #expect(one.standardOutput == two.standardOutput)
        let errors = one.outputLines.filter { $0.contains(#""error":"#) }
        #expect(errors.count == 1 && errors[0].contains(#""field":"title""#) && errors[0].contains(#""line":4"#))
        #expect(one.outputLines.filter { !$0.contains(#""error":"#) } == clean.outputLines)
        // Cards 4–7 are section 1's: 3 columns of ⌊(300 − 20) / 3⌋ = 93; the others 145.
        #expect(clean.outputLines.filter { $0.contains(#""width":93"#) }.count == 4)
    }

    @Test func perSectionOptionsComeFromAJSONFileAndCardsAreMeasuredAtTheirSectionsWidth() throws {
        let sections = FileManager.default.temporaryDirectory.appendingPathComponent("sections-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: sections) }
        try Data(#"[null, {"columnCount": 3, "headerHeight": 44}]"#.utf8).write(to: sections)
        let result = try CommandRunner.run([
            "layout", "waterfall", "Catalogs/goodbooks-10k.csv", "--width", "300", "--scale", "1",
            "--section-size", "100", "--sections", sections.path,
        ])
        #expect(result.status == 0)
        let objects = try result.outputLines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let items = objects.filter { $0["kind"] as? String == "item" }
        #expect(items.count == 10_000)
        #expect(Set(items.compactMap { $0["section"] as? Int }).count == 100)
        // Section 1 has 3 columns of ⌊(300 − 20) / 3⌋ = 93 and a 44 pt header; the others 2 of 145.
        let widths = { (section: Int) in Set(items.filter { $0["section"] as? Int == section }.compactMap { $0["width"] as? Double }) }
        #expect(widths(0) == [145] && widths(1) == [93] && widths(2) == [145])
        let headers = objects.filter { $0["kind"] as? String == "header" }
        #expect(headers.count == 1 && headers.first?["section"] as? Int == 1 && headers.first?["height"] as? Double == 44)
        // Narrower cards are shorter: their cover is 93 × 10/7 tall instead of 145 × 10/7.
        let heights = { (section: Int) in items.filter { $0["section"] as? Int == section }.compactMap { $0["height"] as? Double } }
        #expect(heights(1).max()! < heights(0).min()!)
    }

    /// The per-section options file is read as strict JSON: a trailing comma is named, not
    /// let pass.
    @Test func laxSectionOptionsAreRefused() throws {
        let sections = FileManager.default.temporaryDirectory.appendingPathComponent("sections-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: sections) }
        try Data(#"[null, {"columnCount": 3},]"#.utf8).write(to: sections)
        let result = try CommandRunner.run([
            "layout", "waterfall", "Catalogs/goodbooks-10k.csv", "--section-size", "100", "--sections", sections.path,
        ])
        #expect(result.status != 0)
        #expect(result.standardError.contains("\(sections.path): not valid JSON: expected a value at byte 27"))
        #expect(result.standardOutput.isEmpty)
    }

    /// Each entry of the per-section options file is an object of known options or null: a
    /// number, or a misspelt key, is named rather than changing nothing; an inset past the
    /// limits found mid-run ends the run with the error, not with a trap (the run's threads
    /// are stopped with batches still queued).
    @Test(arguments: [
        (#"[null, 5]"#, "section 1: expected an object of options or null"),
        (#"[{"spacing": 8}]"#, "section 0: unknown option 'spacing'; expected one of "),
        (#"[{"sectionInset": {"top": 1e308, "left": 0, "bottom": 0, "right": 0}}]"#,
         "section 0 sectionInset.top: must be a number from 0 up to 1000000"),
    ])
    func badSectionEntriesAreNamed(entries: String, message: String) throws {
        let sections = FileManager.default.temporaryDirectory.appendingPathComponent("sections-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: sections) }
        try Data(entries.utf8).write(to: sections)
        let result = try CommandRunner.run([
            "layout", "grid", "Catalogs/goodbooks-10k.csv", "--section-size", "50", "--sections", sections.path,
        ])
        #expect(result.status == 1)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test func compositionalCardsAreSelfSizedWithTheCardModel() throws {
        // Rows of 3 in 390 pt with spacing 8 around and between: cells of (390 − 16 − 16) / 3 =
        // 119.33 pt, the width `measure` gives the same cards on an iPhone 13 (@3x).
        let layout = try CommandRunner.run([
            "layout", "compositional", "Catalogs/aozora-bunko.csv", "--preset", "cards", "--width", "390", "--scale", "3",
        ])
        let measured = try CommandRunner.run([
            "measure", "Catalogs/aozora-bunko.csv", "--device", "iphone-13", "--template", "book-hug",
        ])
        #expect(layout.status == 0 && measured.status == 0)
        let (items, _) = try frames(layout)
        let heights = try measured.outputLines.map { line -> Double in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["height"] as? Double)
        }
        #expect(items.count == heights.count)
        #expect(items.map(\.height) == heights)
        #expect(Set(items.map(\.height)).count == 2)
        #expect(overlapCount(items) == 0)
    }
}
