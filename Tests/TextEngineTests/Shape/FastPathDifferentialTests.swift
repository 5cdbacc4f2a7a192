// The fast paths (words and runs shaped once and reused) against the full path: every
// prepared record and every measurement identical, on real and generated titles; where fonts
// let text be cut.
import CHarfBuzz
import CatalogGenerator
import Dispatch
import Synchronization
import Testing

@testable import TextEngine

@Suite struct FastPathDifferentialTests {
    /// A prepared text's records as plain values, to compare two preparations field by field.
    private static func records(_ prepared: PreparedText) -> [[Int64]] {
        prepared.clusterRecords.map {
            [$0.advancePrefix, Int64($0.scalarOffset), Int64($0.boundary.rawValue), Int64($0.flags.rawValue), Int64($0.font)]
        }
    }

    /// Prepares and measures `titles` with and without fast paths; returns the titles that differ.
    private static func differences(
        _ titles: [String], sizes: [Double], widths: [Double], languages: [String] = ["en", "ja"],
        lineBreak: LineBreakStrictness = .strict
    ) throws -> [String] {
        let fast = TextMeasurer()
        let full = TextMeasurer(fastPaths: false)
        var differing: [String] = []
        for size in sizes {
            for language in languages {
                let styles = try MetricsProfile.allCases.map {
                    try TestSupport.style(size: size, language: language, lineBreak: lineBreak, profile: $0)
                }
                for title in titles {
                    var same = true
                    for style in styles {
                        let expected = try full.prepare(title, style: style)
                        let actual = try fast.prepare(title, style: style)
                        same = same && records(actual) == records(expected)
                        for width in widths {
                            let clamped = try fast.measure(actual, width: width, maxLines: 2)
                            let unlimited = try fast.measure(actual, width: width)
                            same = try same && clamped == full.measure(expected, width: width, maxLines: 2)
                                && unlimited == full.measure(expected, width: width)
                        }
                    }
                    if !same { differing.append("\(size) px, \(language): \(title)") }
                }
            }
        }
        return differing
    }

    /// One size per test case, so that the cases run in parallel. At 15 px every second title
    /// of each catalog, in its own language and in the other; at the other sizes every
    /// eighth, in its own (`scripts/differential.sh` compares millions of generated titles and random
    /// strings at three sizes, in every profile).
    @Test(arguments: [11.0, 15, 24]) func bundledCatalogTitlesPrepareAndMeasureIdentically(size: Double) throws {
        let widths = [60.0, 127, 300]
        let crossed = size == 15
        let sample = { (titles: [String]) in stride(from: 0, to: titles.count, by: crossed ? 2 : 8).map { titles[$0] } }
        let english = sample(Array(Set(try CatalogTitles.goodbooks.get())).sorted())
        let japanese = sample(Array(Set(try CatalogTitles.aozora.get())).sorted())
        let differing = try Self.differences(english, sizes: [size], widths: widths, languages: crossed ? ["en", "ja"] : ["en"])
            + Self.differences(japanese, sizes: [size], widths: widths, languages: crossed ? ["en", "ja"] : ["ja"])
        #expect(differing.isEmpty, "\(differing.count) titles differ, first: \(differing.prefix(5))")
    }

    /// Breaking between phrases takes no fast path of its own, but shares the shaping ones.
    /// The first 2,000 goodbooks titles and every third Aozora title.
    @Test func bundledCatalogTitlesBrokenBetweenPhrasesPrepareAndMeasureIdentically() throws {
        let aozora = Array(Set(try CatalogTitles.aozora.get())).sorted()
        let titles = Array(Set(try CatalogTitles.goodbooks.get().prefix(2000) + stride(from: 0, to: aozora.count, by: 3).map { aozora[$0] }))
            .sorted()
        let differing = try Self.differences(titles, sizes: [15], widths: [40, 127], lineBreak: .phrase)
        #expect(differing.isEmpty, "\(differing.count) titles differ, first: \(differing.prefix(5))")
    }

    /// Unseen titles in every profile; `text-benchmark --differential` (scripts/differential.sh)
    /// compares hundreds of thousands more in a release build.
    @Test func generatedUniqueTitlesPrepareAndMeasureIdentically() throws {
        let generator = try CatalogGenerator(sources: SourceCatalogs(), mode: .unique, seed: 7)
        let records = try generator.records(count: 10_000)
        let english = records.filter { $0.language == .english }.map(\.title)
        let japanese = records.filter { $0.language == .japanese }.map(\.title)
        #expect(english.count > 3_000 && japanese.count > 3_000)
        var differing = try Self.differences(english, sizes: [15], widths: [127], languages: ["en"])
        differing += try Self.differences(japanese, sizes: [15], widths: [127], languages: ["ja"])
        #expect(differing.isEmpty, "\(differing.count) titles differ, first: \(differing.prefix(5))")
    }

    /// More styles than a thread's word cache keeps (``SegmentAdvanceCache/maximumStyles``):
    /// past them it forgets every style and every word, and a style seen later takes an
    /// index an earlier one had. The same words at 80 sizes in turn, twice.
    @Test func moreStylesThanTheWordCacheKeepsPrepareAndMeasureIdentically() throws {
        let titles = ["The Hunger Games", "Games of the Hunger", "吾輩は猫である The Cat"]
        let sizes = (0..<80).map { 10 + Double($0) / 4 }
        #expect(sizes.count > SegmentAdvanceCache.maximumStyles)
        let differing = try Self.differences(titles, sizes: sizes + sizes, widths: [90], languages: ["en"])
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(5))")
    }

    /// Strings that exercise what a cut at spaces must respect: spaces at the ends, several
    /// spaces, marks and joiners after a space, mixed scripts, kerned pairs around spaces,
    /// emoji, right-to-left text and a mark that starts the text.
    @Test func edgeCasesPrepareAndMeasureIdentically() throws {
        let texts = [
            " The Hunger Games ", "AV  AV   To", "a \u{301}b", "x \u{200D}y", "  ", " ", "A", "Ta Ta Ta",
            "GNU R 統計処理システムの info マニュアル", "の info の", "\u{301}abc def", "שלום עולם 123",
            "مرحبا بالعالم", "Café au lait", "f i fi ffi", "1984 (Signet Classics)", "👩‍👩‍👧 family 🇯🇵",
            "Ελληνικά και English", "Война и мир", "ΑΥ ΑΥ", "LT. WAVY", "ヴァイオリン ソナタ", "「吾輩は猫である」 夏目 漱石",
            // HarfBuzz joins a pictograph after a ZWJ to its cluster: no cut between them,
            // though U+00A9 and the ideographs are walls in Noto Sans CJK.
            "ザЛ\u{200D}©ハ且", "丣\u{200D}©", "e·\u{200D}©\u{FE0F}\u{306}â", "漢\u{301}字", "漢\u{FE00}字",
        ]
        let differing = try Self.differences(texts, sizes: [10, 16, 33], widths: [0, 40, 127, .infinity])
        #expect(differing.isEmpty, "\(differing)")
    }
}

/// Where fonts let text be cut: read from their tables, and stated here from an independent
/// reading (HarfBuzz's `hb_ot_layout_lookup_collect_glyphs` over every lookup of the
/// bundled fonts, checked with a small C program, and a fontTools scan).
@Suite struct GlyphWallTests {
    private static func walls(_ path: String, script: UInt32, language: String) throws -> GlyphWalls {
        let chain = try FontChain(references: [FontFaceReference(path: path, faceIndex: 0)])
        let font = chain.harfBuzzFaces[0].makeFont(scale: 16 * 1024)
        return HarfBuzzBuffer().walls(
            font: font, script: script, rightToLeft: HarfBuzzUnicode.isRightToLeft(script: script),
            language: HarfBuzzUnicode.language(language)
        ).takeUnretainedValue()  // the face keeps them, and the chain the face
    }

    @Test func dejaVuSansShapesLatinWordsApart() throws {
        #expect(try Self.walls(TestSupport.dejaVuPath, script: HarfBuzzUnicode.latin, language: "en").isWall(0x20))
        #expect(try Self.walls(TestSupport.dejaVuPath, script: HarfBuzzUnicode.common, language: "ja").isWall(0x20))
        #expect(try Self.walls(TestSupport.dejaVuPath, script: HarfBuzzUnicode.cyrillic, language: "ru").isWall(0x20))
        // Kerned letters are no walls.
        #expect(try !Self.walls(TestSupport.dejaVuPath, script: HarfBuzzUnicode.latin, language: "en").isWall(0x41))
    }

    /// DejaVu Sans's Arabic `liga` feature has a lookup (19) with the space in its input.
    @Test func dejaVuSansArabicLigaturesInvolveTheSpace() throws {
        #expect(try !Self.walls(TestSupport.dejaVuPath, script: HarfBuzzUnicode.script(of: 0x0627), language: "ar").isWall(0x20))
    }

    /// Noto Sans CJK's default `calt` feature has a lookup (30) with the space in its input,
    /// its `kern` (GPOS lookup 6) pairs kana and its `ccmp` (GSUB lookup 2) composes them
    /// with sound marks; no lookup of the Japanese plan touches a unified ideograph.
    @Test func notoSansCJKWallsAreItsIdeographs() throws {
        let latin = try Self.walls(TestSupport.notoCJKPath, script: HarfBuzzUnicode.latin, language: "en")
        #expect(!latin.isWall(0x20))
        let han = try Self.walls(TestSupport.notoCJKPath, script: HarfBuzzUnicode.han, language: "ja")
        #expect(!han.isWall(0x20))
        #expect(!han.isWall(0x3042))  // あ
        #expect(!han.isWall(0x30A2))  // ア
        let ideographs = (UInt32(0x4E00)...0x9FFF).filter { han.isWall($0) }.count
        #expect(ideographs == 20_976)  // every unified ideograph the face has
        #expect(!han.isWall(0x3099))  // a combining sound mark is never a wall
        #expect(!han.isWall(0x3164))  // nor a default-ignorable filler
    }

    @Test func symbolaHasNoLookupOnTheSpace() throws {
        #expect(try Self.walls(TestSupport.symbolaPath, script: HarfBuzzUnicode.common, language: "en").isWall(0x20))
    }

    /// A face works its walls out once per plan and every buffer gets them; characters first
    /// asked about by two threads at once (in opposite orders, so both decide some) get the
    /// verdicts walls made apart and asked on one thread give, for the whole BMP.
    @Test func sharedWallsDecideAsWallsOfTheirOwn() throws {
        let chain = try FontChain(references: [TestSupport.notoCJKPath, TestSupport.dejaVuPath].map {
            FontFaceReference(path: $0, faceIndex: 0)
        })
        let plans = [(0, HarfBuzzUnicode.han, "ja"), (0, HarfBuzzUnicode.latin, "en"),
            (1, HarfBuzzUnicode.latin, "en"), (1, HarfBuzzUnicode.script(of: 0x0627), "ar")]  // the last involves spaces
        for (faceIndex, script, language) in plans {
            let face = chain.harfBuzzFaces[faceIndex]
            let hbLanguage = HarfBuzzUnicode.language(language)
            let rightToLeft = HarfBuzzUnicode.isRightToLeft(script: script)
            let shared = HarfBuzzBuffer().walls(
                font: face.makeFont(scale: 16 * 1024), script: script, rightToLeft: rightToLeft, language: hbLanguage
            ).takeUnretainedValue()
            let again = HarfBuzzBuffer().walls(
                font: face.makeFont(scale: 9 * 1024), script: script, rightToLeft: rightToLeft, language: hbLanguage
            ).takeUnretainedValue()
            #expect(again === shared)

            var properties = hb_segment_properties_t()
            properties.direction = rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
            properties.script = hb_script_t(rawValue: script)
            properties.language = hbLanguage
            let plan = hb_shape_plan_create_cached(face.face, &properties, nil, 0, nil)!
            defer { hb_shape_plan_destroy(plan) }
            let alone = GlyphWalls(lookups: PlanLookups(plan: plan), face: face.face)
            let bmp = Array(UInt32(0)...0xFFFF)
            let verdicts = Mutex([[Bool]](repeating: [], count: 2))
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                let seen = (thread == 0 ? bmp : bmp.reversed()).map { shared.isWall($0) }
                verdicts.withLock { $0[thread] = thread == 0 ? seen : seen.reversed() }
            }
            let expected = bmp.map { alone.isWall($0) }
            let seen = verdicts.withLock { $0 }
            let differing = bmp.filter { seen[0][Int($0)] != expected[Int($0)] || seen[1][Int($0)] != expected[Int($0)] }
            #expect(expected.contains(true))
            #expect(differing.isEmpty, "\(language): \(differing.count) differ, first \(differing.prefix(5).map { "U+" + String($0, radix: 16) })")
        }
    }
}

extension GlyphWallTests {
    /// A wall of a left-to-right plan shaped alone has its nominal glyph's advance, which is
    /// what a text's one-character wall segments take without shaping: every wall of the BMP
    /// in each bundled face, for the plans of the scripts shaped without context, at two sizes.
    @Test func wallsShapedAloneHaveTheirNominalAdvance() throws {
        let chain = try TestSupport.bundledChain()
        let plans = [(HarfBuzzUnicode.latin, "en"), (HarfBuzzUnicode.common, "en"), (HarfBuzzUnicode.common, "ja"),
            (HarfBuzzUnicode.han, "ja"), (HarfBuzzUnicode.hiragana, "ja"), (HarfBuzzUnicode.katakana, "ja"),
            (HarfBuzzUnicode.greek, "el"), (HarfBuzzUnicode.cyrillic, "ru")]
        let buffer = HarfBuzzBuffer()
        var differing: [String] = []
        var checked = 0
        for face in chain.harfBuzzFaces {
            for scale: Int32 in [11 * 1024, 15 * 1024 + 512] {
                let font = face.makeFont(scale: scale)
                for (script, language) in plans {
                    let shaper = Shaper(fonts: [font], language: HarfBuzzUnicode.language(language))
                    let walls = buffer.walls(font: font, script: script, rightToLeft: false, language: shaper.language)
                        .takeUnretainedValue()
                    for value in UInt32(0)...0xFFFF where walls.isWall(value) {
                        let alone = [value].withUnsafeBufferPointer {
                            shaper.shapeAlone($0, font: font, script: script, rightToLeft: false, buffer: buffer)
                        }
                        checked += 1
                        if alone != font.nominalAdvance(of: value) { differing.append("U+\(String(value, radix: 16)) \(language)") }
                    }
                }
            }
        }
        #expect(checked > 100_000)
        #expect(differing.isEmpty, "\(differing.count) differ, first \(differing.prefix(5))")
    }
}
