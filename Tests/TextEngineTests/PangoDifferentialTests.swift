// The engine's Pango profile against Pango 1.50 itself, on every title of both catalogs.
import CatalogIO
import Foundation
import JSON
import TextBatch
import Testing

@testable import TextEngine

/// The Pango reference harness, Tools/pango-reference, which the test command builds.
enum PangoHarness {
    static let executable = TestSupport.repositoryRoot.appendingPathComponent("Tools/pango-reference/pango-reference")
    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: executable.path) }
}

/// Runs the Pango reference harness (Tools/pango-reference, built by the test command) and
/// the engine on the same requests, with the same font files, and compares line by line.
///
/// Every title of goodbooks-10k and of Aozora Bunko is measured twice per font chain,
/// each time at a size, width and line limit taken in turn from a grid (sizes 12-20 px,
/// widths 80-320 px, with and without a 2-line limit), so every cell of the grid sees
/// thousands of titles. Aozora titles are measured with a Latin-primary chain (Japanese by
/// fallback) and a Japanese-primary one. Known kinds of difference: docs/pango-differences.md.
@Suite(
    .tags(.oracle),
    .enabled(
        if: PangoHarness.isBuilt,
        "the Pango harness is not built (make -C Tools/pango-reference; scripts/test.sh builds it and runs this suite)"))
struct PangoDifferentialTests {

    static let sizes: [Double] = [12, 14, 16, 18, 20]
    static let widths: [Double] = [80, 120, 160, 200, 320]
    static let lineLimits = [0, 2]

    @Test func lineStartsAndHeightsAgreeWithPangoOnBothCatalogs() throws {
        let requests = try Self.requests()
        let agreement = try Self.compareWithPango(requests)
        #expect(requests.count > 75_000)
        #expect(agreement >= 0.995, "identical line starts in \(agreement * 100)% of cases")
    }

    /// Pango's line spacing factor moves every baseline after the first by the factor times
    /// the line's height. Checked on Latin titles in one font; with fallback fonts Pango
    /// takes the spacing from font metrics the engine does not model (docs/pango-differences.md).
    @Test(arguments: [1.25, 1.5])
    func lineSpacingAgreesWithPango(factor: Double) throws {
        let titles = Array(try CatalogTitles.goodbooks.get().prefix(3000))
        let requests = titles.enumerated().map { index, title in
            TextRequest(
                id: .number(JSONNumber(Int64(index))), text: title, fonts: [TestSupport.dejaVuPath], size: 16, width: 120,
                lineSpacing: factor)
        }
        #expect(try Self.compareWithPango(requests) >= 0.995)
    }

    /// Spaces between Japanese and Latin words, which choose no font of their own: Pango
    /// keeps them in the item before them unless the next item's font comes earlier in the
    /// chain within the same script run. Every pairing of Japanese and Latin words around one
    /// or two spaces, U+3000 and NBSP, with spaces at both ends too, in both chain orders.
    /// Before the rule was copied, 99.59% of these agreed; the rest differ by other kinds
    /// (docs/pango-differences.md).
    @Test func spacesBetweenScriptsAreSetInThePangoFont() throws {
        let words = ["統計処理システムの", "マニュアル", "日本語", "東京", "info", "GNU R", "Swift 6", "iOS"]
        let spaces = [" ", "  ", "\u{3000}", "\u{A0}", " \u{3000}"]
        let latin = [TestSupport.dejaVuPath, TestSupport.notoCJKPath + "#0", TestSupport.symbolaPath]
        let japanese = [TestSupport.notoCJKPath + "#0", TestSupport.dejaVuPath, TestSupport.symbolaPath]
        var texts: Set<String> = []
        for first in words {
            for second in words {
                for space in spaces {
                    texts.insert(first + space + second)
                    texts.insert(space + first + space + second + space)
                }
            }
        }
        var requests: [TextRequest] = []
        for text in texts.sorted() {
            for chain in [latin, japanese] {
                for (size, width) in [(10.0, 60.0), (13, 90), (16, 140), (20, 400)] {
                    requests.append(
                        TextRequest(
                            id: .number(JSONNumber(Int64(requests.count))), text: text, fonts: chain, size: size,
                            width: width, language: "ja"))
                }
            }
        }
        #expect(try Self.compareWithPango(requests) >= 0.999)
        // The case that showed it: Pango sets it on one line of 199.43 px.
        let example = TextRequest(
            id: nil, text: "GNU R 統計処理システムの info マニュアル", fonts: latin, size: 10, width: 200, language: "ja")
        #expect(try Self.compareWithPango([example]) == 1)
    }

    /// A hyphen that starts a word (`dpkg -Dhelp`, `INTEGER1 -gt`): Pango breaks after it
    /// before a letter, ICU does not; with digits (`-5`) and inside words both agree.
    @Test func wordInitialHyphensBreakAsInPango() throws {
        let texts = [
            "dpkg -Dhelp now", "ab -cd ef", "-Z x", "INTEGER1 -gt INTEGER2", "a (-b) c", "ab-cd ef", "x -5 y",
            "Long-Term Capital", "mode \u{2010}quiet on", "see -- options", "-w BYTES, --width BYTES",
        ]
        var requests: [TextRequest] = []
        for text in texts {
            for width in stride(from: 20.0, through: 120, by: 10) {
                requests.append(
                    TextRequest(
                        id: .number(JSONNumber(Int64(requests.count))), text: text, fonts: [TestSupport.dejaVuPath],
                        size: 16, width: width))
            }
        }
        #expect(try Self.compareWithPango(requests) == 1)
    }

    /// Words wider than the line, broken between characters: where Pango inserts a hyphen
    /// follows its own UAX #29 word rules (`_` joins words, `'` `.` `:` join letters only
    /// when a letter follows, no hyphen after Common or CJK characters), and it takes the
    /// last break that fits, one without a hyphen after one with.
    @Test func hyphensInsideWordsAsInPango() throws {
        let bundled = [TestSupport.dejaVuPath, TestSupport.notoCJKPath + "#0", TestSupport.symbolaPath]
        let texts = [
            "log_min_duration_sample", "invalid='fail' option", ".debug_line_str section", "ALPHA_R_BSR here",
            "don't stop", "rock'n'roll", "3.14159265 pi", "e.g.something", "Ishmael:A Novel", "naïve café",
            "Ελληνικά γράμματα", "русский язык", "co\u{AD}operation", "hy\u{2027}phen\u{2027}ation",
            "g_io_channel_read_line_string", "pg_execute_server_program", "x86_64-linux-gnu", "ＳＯＳ信号",
            "a\u{301}b\u{301}c\u{301}d\u{301}e\u{301}f", "O'Reilly's_book", "C++/CLI", "日本語_english_mix",
        ]
        var requests: [TextRequest] = []
        for text in texts {
            for (size, width) in [(10.0, 30.0), (10, 45), (13, 60), (16, 70), (20, 90)] {
                // Japanese only with the chain that has it: Pango draws a missing glyph as a
                // box of its own width.
                let chains = text.unicodeScalars.contains { $0.value >= 0x3000 } ? [bundled] : [[TestSupport.dejaVuPath], bundled]
                for chain in chains {
                    requests.append(
                        TextRequest(
                            id: .number(JSONNumber(Int64(requests.count))), text: text, fonts: chain, size: size,
                            width: width, language: "ja"))
                }
            }
        }
        #expect(try Self.compareWithPango(requests) == 1)
    }

    /// Pango keeps quotation marks with both neighbours unless white space comes first, and
    /// measures a line with the text before its break shaped alone, so a kerning pair across
    /// the break (Noto Sans CJK JP kerns some kana: `に|す`, `っ|て`, `ま|せ`) does not count.
    /// (Words with an `fi` or `fl` ligature are left out: Pango breaks a word too wide for the
    /// line inside a ligature, which the engine does not; docs/pango-differences.md.)
    @Test func quotationMarksAndKerningAcrossTheBreakAsInPango() throws {
        let chain = [TestSupport.dejaVuPath, TestSupport.notoCJKPath + "#0", TestSupport.symbolaPath]
        let texts = [
            "mount は“remount”を実装していません", "<key> の属性としては、“type”、“enum”、“bool”のどれか一つ",
            "“健全性”の難しさ", "このクラスタでは”sql_name”データ型", "ビューへのコピーを可能にするためには、",
            "出力グラフィックの高さを VALUE にする", "可能であれば DWARF debuginfo を使って インライン 関数",
            "配列にはNULL値を含めてはいけません", "魔女のパン", "‘single’ and “double” quotes", "He said \"hi\" twice",
        ]
        let requests = Self.requests(texts, sizes: [10, 16, 20, 24], widths: stride(from: 60.0, through: 280, by: 40)) { _ in chain }
        #expect(try Self.compareWithPango(requests, isolated: true) == 1)
    }

    /// Runs both sides; expects identical heights wherever the line starts agree, and
    /// returns the share of requests whose line starts agree.
    /// A word wider than the line, broken between characters: Pango shapes each candidate's
    /// text on its own, so a ligature the break cuts falls apart (`Insuf|ficient`,
    /// `certif|icate`, `OpenOf|fice`) and a kerning pair across the break is lost
    /// (`TRUNC|ATE`, `Real|Text`, `D|WARF`); the rest of the word starts the next line shaped
    /// on its own too.
    @Test func wordsBrokenBetweenCharactersAsInPango() throws {
        let chain = [TestSupport.dejaVuPath, TestSupport.notoCJKPath + "#0", TestSupport.symbolaPath]
        let texts = [
            "Insufficient information", "server certificate", "RWConflictPool に読み書き", "OpenOffice Writer グローバル",
            "TRUNCATE トリガ", "RealText document", "DWARF debuginfo", "extra_float_digits", "AVAWAY Tokyo",
        ]
        let requests = Self.requests(texts, sizes: [10, 14, 20], widths: stride(from: 30.0, through: 110, by: 20)) { _ in chain }
        #expect(try Self.compareWithPango(requests, isolated: true) == 1)
    }

    /// Pango breaks before a digit after `. , : /` that does not follow a number (`No.|2`,
    /// `spec:|32`), where ICU keeps them together; inside a number (`3.14`) neither breaks.
    @Test func numbersAfterSeparatorsAsInPango() throws {
        let chain = [TestSupport.dejaVuPath, TestSupport.notoCJKPath + "#0", TestSupport.symbolaPath]
        let texts = [
            "熱河略図 No.2", "稼働中のAX.25ソケット", "(ZeroMQ spec:32/Z85);", "踊る地平線 09　Mrs.7 and Mr.23",
            "pi is 3.14159 and e is 2.71828", "see 1/2 and a/2", "version v.1.2.3, build 45", "第２章.３節 ＳＯＳ",
        ]
        let requests = Self.requests(texts, sizes: [10, 16, 20], widths: stride(from: 30.0, through: 150, by: 20)) { _ in chain }
        #expect(try Self.compareWithPango(requests, isolated: true) == 1)
    }

    /// Each text at each size and width, set with `chain` in Japanese.
    static func requests(
        _ texts: [String], sizes: [Double], widths: some Sequence<Double>, chain: (String) -> [String]
    ) -> [TextRequest] {
        var requests: [TextRequest] = []
        for text in texts {
            for size in sizes {
                for width in widths {
                    requests.append(
                        TextRequest(
                            id: .number(JSONNumber(Int64(requests.count))), text: text, fonts: chain(text), size: size,
                            width: width, language: "ja"))
                }
            }
        }
        return requests
    }

    /// With `isolated`, Pango lays out each request in a font map of its own (the
    /// harness's `--isolated`, 28 ms a request): sharing one, a request's lines can depend
    /// on the requests before it (1 in 3,000 of the held-out set), which matters for tests
    /// that expect every case to agree.
    static func compareWithPango(_ requests: [TextRequest], isolated: Bool = false) throws -> Double {
        let pango = try Self.runHarness(PangoHarness.executable, on: requests, isolated: isolated)
        try #require(pango.count == requests.count)

        let batch = BatchMeasurer(defaultProfile: .pango)
        var sameStarts = 0
        var heightMismatches: [String] = []
        var startMismatches: [String] = []
        for (request, reference) in zip(requests, pango) {
            let ours = batch.result(for: request)
            #expect(ours.error == nil && reference.error == nil, "\(request.text): \(ours.error ?? reference.error ?? "")")
            guard ours.starts == reference.starts else {
                startMismatches.append("\(request.text) @\(request.size)px w\(request.width ?? 0): ours \(ours.starts ?? []) pango \(reference.starts ?? [])")
                continue
            }
            sameStarts += 1
            if abs((ours.height ?? -1) - (reference.height ?? -2)) > 0.01 {
                heightMismatches.append("\(request.text): ours \(ours.height ?? -1), pango \(reference.height ?? -1)")
            }
        }
        let agreement = Double(sameStarts) / Double(requests.count)
        print("Pango differential: \(requests.count) cases, identical line starts in \(sameStarts) (\(agreement * 100)%), height mismatches \(heightMismatches.count)")
        for example in startMismatches.prefix(25) { print("  differs: \(example)") }
        #expect(heightMismatches.isEmpty, "\(heightMismatches.prefix(10))")
        return agreement
    }

    /// Three requests per title and chain, walking the grid of sizes, widths and limits.
    static func requests() throws -> [TextRequest] {
        let latin = [TestSupport.dejaVuPath, TestSupport.notoCJKPath + "#0", TestSupport.symbolaPath]
        let japanese = [TestSupport.notoCJKPath + "#0", TestSupport.dejaVuPath, TestSupport.symbolaPath]
        let grid = sizes.flatMap { size in widths.flatMap { width in lineLimits.map { (size, width, $0) } } }
        var requests: [TextRequest] = []
        let sets: [(titles: [String], lang: String, chains: [[String]])] = [
            (try CatalogTitles.goodbooks.get(), "en", [latin]),
            (try CatalogTitles.aozora.get(), "ja", [latin, japanese]),
        ]
        for set in sets {
            for title in set.titles {
                for chain in set.chains {
                    for turn in 0..<2 {
                        let (size, width, maxLines) = grid[(requests.count * 7 + turn * 11) % grid.count]
                        requests.append(
                            TextRequest(
                                id: .number(JSONNumber(Int64(requests.count))), text: title, fonts: chain, size: size,
                                width: width, maxLines: maxLines, language: set.lang))
                    }
                }
            }
        }
        return requests
    }

    /// The harness's results for `requests`, in order.
    static func runHarness(_ harness: URL, on requests: [TextRequest], isolated: Bool = false) throws -> [HarnessResult] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pango-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("requests.jsonl")
        let output = directory.appendingPathComponent("results.jsonl")
        var lines = Data()
        for request in requests { lines.append(contentsOf: request.jsonLine) }
        try lines.write(to: input)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)

        let process = Process()
        process.executableURL = harness
        process.arguments = isolated ? ["--isolated"] : []
        process.standardInput = try FileHandle(forReadingFrom: input)
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)

        return try String(contentsOf: output, encoding: .utf8).split(separator: "\n").map {
            try HarnessResult(json: Array($0.utf8))
        }
    }

    /// What the tests compare of a harness's result line: its error, line starts and height.
    struct HarnessResult {
        var error: String?
        var starts: [Int]?
        var height: Double?

        init(json: [UInt8]) throws {
            guard case .object(let members) = try JSONParser.value(of: json) else { return }
            if case .string(let text)? = members["error"] { error = text }
            if case .array(let values)? = members["starts"] {
                starts = values.compactMap { if case .number(let number) = $0 { number.integerValue } else { nil } }
            }
            if case .number(let number)? = members["height"] { height = number.doubleValue }
        }
    }
}
