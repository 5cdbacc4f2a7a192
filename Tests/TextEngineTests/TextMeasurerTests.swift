// TextMeasurer: widths, heights, wrapping, truncation and errors, checked against facts that
// can be worked out by hand from the fonts' own tables.
import BundledFonts
import Foundation
import Synchronization
import Testing

@testable import TextEngine
import Geometry

/// Metrics of the bundled fonts, read from their `head`, `hhea`, `cmap` and `hmtx` tables
/// with a separate table parser (not HarfBuzz or FreeType), so the expected values below do
/// not come from the code under test.
enum BundledFontMetrics {
    /// DejaVu Sans (DejaVuSans.ttf): upem 2048, hhea ascender 1901, descender −483, gap 0.
    enum DejaVu {
        static let unitsPerEm = 2048.0
        static let ascender = 1901.0
        static let descender = -483.0
        /// Advance widths in font units (`hmtx`).
        static let advances: [Character: Double] = [
            "H": 1540, "e": 1260, "l": 569, "o": 1253, "a": 1255, "b": 1300, " ": 651,
            "f": 721, "u": 1298, "n": 1298,
            "ש": 1451, "ל": 1164, "ו": 558, "ם": 1359, "ע": 1282, "י": 458, "פ": 1279, "ה": 1338,
        ]

        /// The width of `text` in px at `size`: the sum of its advances (these texts have no
        /// kerning pairs; the Pango reference harness gives the same numbers).
        static func width(_ text: String, size: Double = 16) -> Double {
            text.reduce(0) { $0 + advances[$1]! } * size / unitsPerEm
        }

        static func lineHeight(size: Double = 16) -> Double {
            onGrid(ascender, unitsPerEm, size) - onGrid(descender, unitsPerEm, size)
        }
    }

    /// Noto Sans CJK JP (NotoSansCJK-Regular.ttc face 0): upem 1000, hhea ascender 1160,
    /// descender −288; every ideograph, kana and CJK punctuation mark used here advances 1000.
    enum NotoCJK {
        static let unitsPerEm = 1000.0
        static let ascender = 1160.0
        static let descender = -288.0
        static func lineHeight(size: Double = 16) -> Double {
            onGrid(ascender, unitsPerEm, size) - onGrid(descender, unitsPerEm, size)
        }
    }

    /// Symbola (Symbola_hint.ttf): upem 2048; 👨 👩 👧 🇯 🇵 advance 2048, the space 512.
    enum Symbola {
        static let unitsPerEm = 2048.0
    }

    /// Font units scaled to `size` px and rounded to the 1/1024 px grid (a HarfBuzz scale
    /// of 1024 units per px, as Pango uses), half-way cases up as HarfBuzz's fixed-point
    /// `em_mult` does: ⌊x + ½⌋.
    static func onGrid(_ units: Double, _ unitsPerEm: Double, _ size: Double) -> Double {
        (units * size * 1024 / unitsPerEm + 0.5).rounded(.down) / 1024
    }
}

private let measurer = TestSupport.measurer

/// The scalar offsets where the lines of a measurement start.
private func starts(_ measurement: TextMeasurement) -> [Int] { measurement.lines.map(\.scalarOffset) }

// MARK: - Widths and heights

@Suite("Widths and heights from the font tables")
struct MeasurerWidthHeightTests {
    @Test("\"Hello\" in DejaVu Sans at 16 px is 40.5546875 px wide")
    func helloWidth() throws {
        // H 1540 + e 1260 + l 569 + l 569 + o 1253 = 5191 units; 5191 × 16 / 2048.
        #expect(BundledFontMetrics.DejaVu.width("Hello") == 40.5546875)
        for profile in MetricsProfile.allCases {
            let measurement = try measurer.measure(
                "Hello", style: try TestSupport.style(size: 16, profile: profile), width: .infinity)
            // The published Pango measurement (pango-reference, 1/1024 px units) is the same;
            // the browser reports CSS layout units, 1/64 px, rounded up (Chromium: 40.5625).
            let expected = profile == .browser ? (40.5546875 * 64).rounded(.up) / 64 : 40.5546875
            #expect(measurement.naturalWidth == expected, "\(profile)")
            #expect(measurement.lineCount == 1)
            #expect(measurement.lines.first?.width == expected, "\(profile)")
            #expect(measurement.isTruncated == false)
        }
        // The same with DejaVu Sans alone: no fallback involved.
        let alone = TextStyle(fonts: try TestSupport.dejaVuOnlyChain(), size: 16)
        #expect(try measurer.measure("Hello", style: alone, width: .infinity).naturalWidth == 40.5546875)
    }

    @Test("Pango profile: one DejaVu line at 16 px is (1901 + 483) / 2048 × 16 = 18.625 px")
    func helloPangoHeight() throws {
        #expect(BundledFontMetrics.DejaVu.lineHeight() == 18.625)
        let measurement = try measurer.measure(
            "Hello", style: try TestSupport.style(size: 16, profile: .pango), width: .infinity)
        #expect(measurement.height == 18.625)
        #expect(measurement.lines.map(\.height) == [18.625])
    }

    @Test(
        "UIKit profile: the height rounds up to the display's pixel grid",
        arguments: [(1.0, 19.0), (2.0, 19.0), (3.0, 56.0 / 3)])
    func helloUIKitHeight(scale: Double, expected: Double) throws {
        // 18.625 → ⌈18.625⌉ = 19; ⌈37.25⌉ / 2 = 19; ⌈55.875⌉ / 3 = 56/3 = 18.666…
        let measurement = try measurer.measure(
            "Hello", style: try TestSupport.style(size: 16, displayScale: scale, profile: .uikit), width: 200)
        #expect(abs(measurement.height - expected) < 1e-9, "scale \(scale): \(measurement.height)")
        #expect(measurement.lines.map(\.height) == [18.625])  // line heights are not rounded
    }

    @Test("UIKit's line spacing multiplies every line; Pango's spaces the lines after the first")
    func lineSpacing() throws {
        var uikit = try TestSupport.style(size: 16, profile: .uikit)
        uikit.lineSpacing = 1.5
        let stacked = try measurer.measure("a\nb", style: uikit, width: 200)
        #expect(stacked.lines.map(\.height) == [18.625 * 1.5, 18.625 * 1.5])
        #expect(stacked.height == 56)  // ⌈2 × 27.9375⌉

        var pango = try TestSupport.style(size: 16, profile: .pango)
        pango.lineSpacing = 1.5
        let spaced = try measurer.measure("a\nb\nc", style: pango, width: 200)
        #expect(spaced.lines.map(\.height) == [18.625, 18.625, 18.625])
        #expect(spaced.height == 18.625 + 2 * 1.5 * 18.625)
    }

    @Test("a Hebrew title has the widths of its DejaVu glyphs and breaks at its spaces")
    func rightToLeft() throws {
        let text = "שלום עולם יפה"
        let style = try TestSupport.style(size: 16)
        let wide = try measurer.measure(text, style: style, width: 200)
        #expect(wide.lineCount == 1)
        #expect(wide.naturalWidth == BundledFontMetrics.DejaVu.width(text))  // 103.6875

        let narrow = try measurer.measure(text, style: style, width: 40)
        #expect(narrow.lineCount == 3)
        #expect(starts(narrow) == [0, 5, 10])  // after each space
        #expect(TestSupport.lineTexts(text, narrow) == ["שלום ", "עולם ", "יפה"])
        #expect(narrow.lines.map(\.width) == ["שלום", "עולם", "יפה"].map { BundledFontMetrics.DejaVu.width($0) })
        #expect(narrow.lines.allSatisfy { $0.width > 0 && $0.width <= 40 })
        // Every line but the first starts right after a space.
        let scalars = Array(text.unicodeScalars)
        for start in starts(narrow).dropFirst() { #expect(scalars[start - 1] == " ") }
    }
}

// MARK: - Fallback fonts and metrics profiles

@Suite("Fallback fonts and the metrics profiles")
struct MeasurerFallbackTests {
    static let japaneseTitle = "吾輩は猫である"

    @Test("Noto Sans CJK's line at 16 px is 23.16796875 px on the 1/1024 grid")
    func notoLineHeight() {
        // 1160 × 16.384 = 19005.44 → 19005; 288 × 16.384 = 4718.592 → 4719; 23724 / 1024.
        #expect(BundledFontMetrics.NotoCJK.lineHeight() == 23.16796875)
        // The unrounded 1.448 × 16 = 23.168 px is the same to within one grid unit.
        #expect(abs(BundledFontMetrics.NotoCJK.lineHeight() - 1.448 * 16) < 1.0 / 1024)
    }

    @Test("bundled chain (Latin primary): Pango takes the fallback's taller line, UIKit stays at DejaVu's")
    func latinPrimary() throws {
        let pango = try measurer.measure(
            Self.japaneseTitle, style: try TestSupport.style(size: 16, profile: .pango), width: .infinity)
        #expect(pango.lines.map(\.height) == [23.16796875])
        #expect(pango.height == 23.16796875)

        let uikit = try measurer.measure(
            Self.japaneseTitle, style: try TestSupport.style(size: 16, profile: .uikit), width: .infinity)
        #expect(uikit.lines.map(\.height) == [18.625])
        #expect(uikit.height == 19)
        #expect(pango.naturalWidth == uikit.naturalWidth)
    }

    @Test("Japanese-primary chain: Noto's height in every profile")
    func japanesePrimary() throws {
        for profile in MetricsProfile.allCases {
            let style = TextStyle(
                fonts: try TestSupport.japanesePrimaryChain(), size: 16, language: "ja", profile: profile)
            let measurement = try measurer.measure(Self.japaneseTitle, style: style, width: .infinity)
            // Noto's 1160 + 288 units of 1000 at 16 px: 18.56 + 4.608. CSS rounds each to whole
            // px (19 + 5); Pango keeps the fraction; UIKit rounds the sum up to 24.
            let line = profile == .browser ? 24 : 23.16796875
            #expect(measurement.lines.map(\.height) == [line], "\(profile)")
            #expect(measurement.height == (profile == .pango ? 23.16796875 : 24), "\(profile)")
        }
    }

    @Test("Pango profile: each line is as tall as the fonts on that line")
    func perLineUnion() throws {
        // "Tokyo" (five DejaVu letters, each over 1186/2048 em) fits 60 px; with the space
        // and 東 (16 px) it does not.
        let text = "Tokyo 東京"
        let measurement = try measurer.measure(
            text, style: try TestSupport.style(size: 16, profile: .pango), width: 60)
        #expect(TestSupport.lineTexts(text, measurement) == ["Tokyo ", "東京"])
        #expect(measurement.lines.map(\.height) == [18.625, 23.16796875])
        #expect(measurement.height == 18.625 + 23.16796875)
        #expect(measurement.lines[1].width == 32)  // two ideographs of 1000/1000 em at 16 px
    }

    @Test("Pango profile: an empty paragraph between lines of one fallback font is the primary font's height")
    func emptyParagraphInFallbackText() throws {
        // pango-reference on the bundled chain: [23.16796875, 18.625, 23.16796875], natural
        // width 32. Every drawn cluster is Noto's, yet the empty line has none of its own:
        // the text's one font must not stand for the lines' fonts when it has separators.
        let measurement = try measurer.measure(
            "東京\n\n東京", style: try TestSupport.style(size: 16, profile: .pango), width: .infinity)
        #expect(measurement.lines.map(\.height) == [23.16796875, 18.625, 23.16796875])
        #expect(measurement.naturalWidth == 32)
        // Without a separator the text's one font is every line's, a wrapped one's too.
        let wrapped = try measurer.measure(
            "東京東京", style: try TestSupport.style(size: 16, profile: .pango), width: 40)
        #expect(wrapped.lines.map(\.height) == [23.16796875, 23.16796875])
        #expect(wrapped.naturalWidth == 64)
    }

    @Test("a space between an emoji and Latin text takes the primary font, as in Pango")
    func spaceAfterEmoji() throws {
        // Pango draws the space after an emoji with the first font that has a space (DejaVu,
        // 651 units), not the emoji's (Symbola, 512 units): 3 × 2048 / 128 + (651 + 721 +
        // 1298 + 1298) / 128 = 48 + 31 = 79 px, pango-reference's natural width too.
        let expected = 3 * 2048 / BundledFontMetrics.Symbola.unitsPerEm * 16 + BundledFontMetrics.DejaVu.width(" fun")
        #expect(expected == 79)
        for profile in MetricsProfile.allCases {
            let measurement = try measurer.measure(
                "👨‍👩‍👧 fun", style: try TestSupport.style(size: 16, profile: profile), width: .infinity)
            #expect(measurement.naturalWidth == expected, "\(profile)")
        }
    }
}

// MARK: - Truncation and reserved lines

@Suite("Line limits, ellipsis and reserved lines")
struct MeasurerTruncationTests {
    static let title = "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)"

    @Test("maxLines 2 at 120 px: two lines, the last one ellipsized and within the width")
    func ellipsized() throws {
        let style = try TestSupport.style(size: 15)
        let measurement = try measurer.measure(Self.title, style: style, width: 120, maxLines: 2)
        #expect(measurement.lineCount == 2)
        #expect(measurement.isTruncated)
        let last = try #require(measurement.lines.last)
        #expect(last.hasEllipsis)
        #expect(last.width <= 120)
        #expect(measurement.lines[0].hasEllipsis == false)

        let unlimited = try measurer.measure(Self.title, style: style, width: 120, maxLines: 0)
        #expect(unlimited.lineCount > 2)
        #expect(unlimited.isTruncated == false)
        #expect(unlimited.lines.allSatisfy { !$0.hasEllipsis })
        // The first line does not depend on the limit.
        #expect(unlimited.lines[0] == measurement.lines[0])
        // DejaVu at 15 px: ⌊14257.5 + ½⌋ + ⌊3622.5 + ½⌋… = (14258 + 3622) / 1024 = 17.4609375.
        #expect(BundledFontMetrics.DejaVu.lineHeight(size: 15) == 17.4609375)
        #expect(measurement.height == (2 * BundledFontMetrics.DejaVu.lineHeight(size: 15)).rounded(.up))
    }

    @Test("maxLines 2 without ellipsis: the first two lines of the unlimited layout, truncated")
    func clippedWithoutEllipsis() throws {
        let style = try TestSupport.style(size: 15)
        let clipped = try measurer.measure(Self.title, style: style, width: 120, maxLines: 2, ellipsize: false)
        let unlimited = try measurer.measure(Self.title, style: style, width: 120)
        #expect(clipped.lineCount == 2)
        #expect(clipped.isTruncated)
        #expect(clipped.lines.allSatisfy { !$0.hasEllipsis })
        #expect(Array(unlimited.lines.prefix(2)) == clipped.lines)
    }

    @Test("an ellipsized last line ends at its paragraph's end, not the text's")
    func ellipsisStopsAtTheParagraph() throws {
        var preLine = try TestSupport.style(size: 15, profile: .browser)
        preLine.css.whiteSpace = .preLine  // in CSS's `normal` a line feed is a space
        let styles = [try TestSupport.style(size: 15, profile: .uikit), try TestSupport.style(size: 15, profile: .pango)]
        for style in styles + [preLine] {
            let profile = style.profile
            let clamped = try measurer.measure("Short\nSecond paragraph", style: style, width: 300, maxLines: 1)
            let alone = try measurer.measure("Short…", style: style, width: 300)
            #expect(clamped.isTruncated, "\(profile)")
            #expect(clamped.lines.map(\.width) == alone.lines.map(\.width), "\(profile)")
            #expect(clamped.lines.map(\.hasEllipsis) == [true], "\(profile)")
        }
    }

    @Test("a text that fits its line limit is not truncated")
    func fitsLimit() throws {
        let measurement = try measurer.measure("Hello", style: try TestSupport.style(), width: 120, maxLines: 2)
        #expect(measurement.lineCount == 1)
        #expect(!measurement.isTruncated)
        #expect(!measurement.lines[0].hasEllipsis)
    }

    @Test("reserveLines: a short text is as tall as the reserved lines, a longer one as its own")
    func reserveLines() throws {
        for profile in MetricsProfile.allCases {
            var style = try TestSupport.style(size: 16, profile: profile)
            style.css.whiteSpace = .preLine  // line feeds break lines in the browser too
            // DejaVu's line at 16 px: 18.625 px; in CSS its ascent and descent rounded, 15 + 4.
            let line = profile == .browser ? 19 : 18.625
            let rounded = { (value: Double) in profile == .uikit ? value.rounded(.up) : value }
            let short = try measurer.measure("Hi", style: style, width: 200, reserveLines: 2)
            #expect(short.lineCount == 1)
            #expect(short.height == rounded(2 * line), "\(profile)")  // 38 / 37.25 / 38

            let threeLines = try measurer.measure("a\nb\nc", style: style, width: 200, reserveLines: 2)
            #expect(threeLines.lineCount == 3)
            #expect(threeLines.height == rounded(3 * line), "\(profile)")  // 56 / 55.875 / 57
        }
    }
}

// MARK: - Hard breaks and empty text

@Suite("Hard line breaks and empty text")
struct MeasurerHardBreakTests {
    @Test(
        "separators end lines",
        arguments: [
            ("a\nb", [0, 2]),
            ("Label\n", [0, 6]),  // the seed's trick: a second, empty line
            ("\n\n", [0, 1, 2]),
            ("a\r\nb", [0, 3]),  // CR LF is one break
            ("a\u{2028}b\u{2029}c", [0, 2, 4]),  // line and paragraph separators
        ])
    func separators(text: String, expectedStarts: [Int]) throws {
        let measurement = try measurer.measure(text, style: try TestSupport.style(), width: 200)
        #expect(starts(measurement) == expectedStarts)
        #expect(!measurement.isTruncated)
        #expect(measurement.height == (Double(expectedStarts.count) * 18.625).rounded(.up))
    }

    @Test("\"Label\\n\": the second line is empty")
    func trailingNewline() throws {
        let measurement = try measurer.measure("Label\n", style: try TestSupport.style(), width: 200)
        #expect(measurement.lineCount == 2)
        #expect(measurement.lines[1].width == 0)
        #expect(measurement.lines[0].width == measurement.naturalWidth)
    }

    @Test("empty text: UIKit has no lines, Pango one empty line of the primary font")
    func emptyText() throws {
        let uikit = try measurer.measure("", style: try TestSupport.style(profile: .uikit), width: 200)
        #expect(uikit.lineCount == 0)
        #expect(uikit.height == 0)
        #expect(uikit.naturalWidth == 0)

        let pango = try measurer.measure("", style: try TestSupport.style(profile: .pango), width: 200)
        #expect(pango.lineCount == 1)
        #expect(pango.height == 18.625)
        #expect(pango.lines.first?.width == 0)

        let reserved = try measurer.measure("", style: try TestSupport.style(profile: .uikit), width: 200, reserveLines: 1)
        #expect(reserved.height == 19)
    }
}

// MARK: - Wrapping

@Suite("Wrapping")
struct MeasurerWrappingTests {
    @Test("a word wider than the line breaks between grapheme clusters")
    func longWord() throws {
        // "é" is e + U+0301: a line must never start at the combining mark.
        let text = String(repeating: "Cafe\u{301}", count: 8)
        let scalars = Array(text.unicodeScalars)
        let style = try TestSupport.style(size: 16)
        let natural = try measurer.measure(text, style: style, width: .infinity).naturalWidth
        for width in stride(from: 1.0, through: natural + 1, by: 3) {
            let measurement = try measurer.measure(text, style: style, width: width)
            #expect(TestSupport.lineTexts(text, measurement).joined() == text)
            for (line, lineText) in zip(measurement.lines, TestSupport.lineTexts(text, measurement)) {
                #expect(scalars[line.scalarOffset] != "\u{301}", "width \(width)")
                if lineText.count > 1 {  // only a lone cluster may overflow
                    #expect(line.width <= width, "width \(width): \(lineText)")
                }
            }
            if width < natural { #expect(measurement.lineCount > 1, "width \(width)") }
        }
    }

    @Test("white space at a wrap point hangs: \"aaa aaa\" at the width of \"aaa\"", arguments: MetricsProfile.allCases)
    func hangingSpace(profile: MetricsProfile) throws {
        let style = try TestSupport.style(size: 16, profile: profile)
        let aaa = try measurer.measure("aaa", style: style, width: .infinity).naturalWidth
        // 3 × 1255 / 128 = 29.4140625; the browser's layout units round it up to 1/64 px.
        let exact = BundledFontMetrics.DejaVu.width("aaa")
        #expect(aaa == (profile == .browser ? (exact * 64).rounded(.up) / 64 : exact))

        let measurement = try measurer.measure("aaa aaa", style: style, width: aaa)
        #expect(starts(measurement) == [0, 4])
        #expect(measurement.lines.map(\.width) == [aaa, aaa])

        // "bbb" (3 × 1300 units) is wider than "aaa", so it is measured at its own width.
        let bbb = BundledFontMetrics.DejaVu.width("bbb")
        let mixed = try measurer.measure("aaa bbb", style: style, width: bbb)
        #expect(starts(mixed) == [0, 4])
        #expect(mixed.lines.map(\.width) == [aaa, bbb])
    }

    @Test(
        "emoji sequences are never split across lines",
        arguments: [
            ("Family 👨‍👩‍👧 fun", 7..<12),  // man ZWJ woman ZWJ girl
            ("Go 🇯🇵 now", 3..<5),  // a regional-indicator pair
        ])
    func emojiSequences(text: String, sequence: Range<Int>) throws {
        let style = try TestSupport.style(size: 16)
        for width in 1...200 {
            let measurement = try measurer.measure(text, style: style, width: Double(width))
            for start in starts(measurement) {
                #expect(!(sequence.lowerBound + 1..<sequence.upperBound).contains(start), "width \(width)")
            }
        }
    }

    @Test("prepare once, measure at many widths: the same as measuring directly")
    func preparedEqualsDirect() throws {
        let texts = [
            "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", "吾輩は猫である。名前はまだ無い。",
            "Family 👨‍👩‍👧 fun", "שלום עולם יפה", "Label\n", "",
        ]
        for profile in MetricsProfile.allCases {
            let style = try TestSupport.style(size: 15, language: "en", profile: profile)
            for text in texts {
                let prepared = try measurer.prepare(text, style: style)
                for width in 40...400 {
                    for maxLines in [0, 2] {
                        let once = try measurer.measure(prepared, width: Double(width), maxLines: maxLines)
                        let direct = try measurer.measure(text, style: style, width: Double(width), maxLines: maxLines)
                        #expect(once == direct, "\(text) at \(width)")
                    }
                }
            }
        }
    }

    @Test("slack: the distance to the other break decision")
    func slack() throws {
        let style = try TestSupport.style(size: 16)
        let text = "Hello world again"
        let first = try measurer.measure(text, style: style, width: 100)
        #expect(starts(first) == [0, 12])
        let lineWidth = first.lines[0].width  // "Hello world", without the hanging space
        let unit = 1.0 / 1024

        // Exactly the line's width still fits (≤), with no room left.
        let exact = try measurer.measure(text, style: style, width: lineWidth)
        #expect(starts(exact) == [0, 12])
        #expect(exact.lines[0].slack == 0)
        // A hair wider: the room left is the slack.
        let wider = try measurer.measure(text, style: style, width: lineWidth + unit)
        #expect(starts(wider) == [0, 12])
        #expect(wider.lines[0].slack == unit)
        #expect(wider.minimumSlack <= unit)
        // A hair narrower: "world" moves down.
        let narrower = try measurer.measure(text, style: style, width: lineWidth - unit)
        #expect(starts(narrower) == [0, 6, 12])

        // The other side: one unit short of taking "again" as well.
        let whole = try measurer.measure(text, style: style, width: .infinity).naturalWidth
        let almost = try measurer.measure(text, style: style, width: whole - unit)
        #expect(starts(almost) == [0, 12])
        #expect(almost.lines[0].slack == unit)
        #expect(try measurer.measure(text, style: style, width: whole).lineCount == 1)
    }
}

// MARK: - Line-break strictness (kinsoku)

@Suite("Japanese line-breaking strictness")
struct MeasurerStrictnessTests {
    @Test("ICU: strict keeps small kana with the kana before it, normal and loose do not")
    func icuSmallKana() throws {
        // ャ is Line_Break CJ: NS (no break before) under strict, ID under normal and loose.
        #expect(try TestSupport.breaks("シャ", locale: "ja@lb=strict") == [2])
        #expect(try TestSupport.breaks("シャ", locale: "ja@lb=normal") == [1, 2])
        #expect(try TestSupport.breaks("シャ", locale: "ja@lb=loose") == [1, 2])
    }

    @Test(
        "small kana start a line only when the strictness allows it",
        arguments: [
            (LineBreakStrictness.strict, [0, 2, 4]),  // シャ|シャ|シャ
            (.normal, [0, 3]),  // シャシ|ャシャ
            (.loose, [0, 3]),
        ])
    func smallKanaAtWrap(strictness: LineBreakStrictness, expectedStarts: [Int]) throws {
        // Each kana is 1000/1000 em = 16 px, so 50 px holds three.
        let style = try TestSupport.style(size: 16, language: "ja", lineBreak: strictness)
        let measurement = try measurer.measure("シャシャシャ", style: style, width: 50)
        #expect(starts(measurement) == expectedStarts)
        #expect(measurement.lines.allSatisfy { $0.width <= 50 })
    }

    @Test("closing brackets and full stops never start a line; opening brackets never end one")
    func kinsoku() throws {
        let text = "「東京」。「大阪」、京都。"
        let scalars = Array(text.unicodeScalars)
        let noStart: Set<Unicode.Scalar> = ["。", "、", "」"]
        // `anywhere` breaks between any two characters, by definition.
        for strictness in LineBreakStrictness.allCases where strictness != .anywhere {
            let style = try TestSupport.style(size: 16, language: "ja", lineBreak: strictness)
            // Narrower than 48 px (three characters: 京」。) a line must be cut anyway.
            for width in stride(from: 48.0, through: 210, by: 0.5) {
                let measurement = try measurer.measure(text, style: style, width: width)
                let lineStarts = starts(measurement)
                for start in lineStarts.dropFirst() {
                    #expect(!noStart.contains(scalars[start]), "\(strictness) at \(width)")
                    #expect(scalars[start - 1] != "「", "\(strictness) at \(width)")
                }
                #expect(measurement.lines.allSatisfy { $0.width <= width })
            }
        }
    }
}

// MARK: - Concurrency

@Suite("Concurrency")
struct MeasurerConcurrencyTests {
    @Test("2,000 catalog titles measured from 8 threads at once match a serial run")
    func concurrentEqualsSerial() throws {
        let titles = Array(try CatalogTitles.goodbooks.get().prefix(2000))
        try #require(titles.count == 2000)
        #expect(titles[0] == "The Hunger Games (The Hunger Games, #1)")  // a quoted comma
        #expect(titles.contains("A Child Called \"It\" (Dave Pelzer #1)"))  // doubled quotes
        let styles = try [
            TestSupport.style(size: 15, profile: .uikit), TestSupport.style(size: 17, profile: .pango),
        ]
        // Varying widths, sizes and limits, so threads prepare different sized fonts at once.
        @Sendable func measure(_ index: Int, with measurer: TextMeasurer) throws -> TextMeasurement {
            try measurer.measure(
                titles[index], style: styles[index % 2], width: Double(80 + index % 7 * 20), maxLines: index % 3)
        }
        let serial = try titles.indices.map { try measure($0, with: TextMeasurer()) }

        let shared = TextMeasurer()
        let collected = Collected()
        let group = DispatchGroup()
        for thread in 0..<8 {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    // Each thread walks all titles from a different starting point.
                    var mine = [TextMeasurement?](repeating: nil, count: titles.count)
                    for step in titles.indices {
                        let index = (step + thread * 250) % titles.count
                        mine[index] = try measure(index, with: shared)
                    }
                    collected.results.withLock { $0[thread] = mine.map { $0! } }
                } catch {
                    collected.errors.withLock { $0.append("\(error)") }
                }
            }.start()
        }
        group.wait()
        #expect(collected.errors.withLock { $0 }.isEmpty)
        let all = collected.results.withLock { $0 }
        #expect(all.count == 8)
        for (thread, measurements) in all {
            let differing = measurements.indices.filter { measurements[$0] != serial[$0] }
            #expect(differing.isEmpty, "thread \(thread): \(differing.prefix(5).map { titles[$0] })")
        }
    }
}

/// What the threads of ``MeasurerConcurrencyTests`` hand back.
private final class Collected: Sendable {
    let results = Mutex<[Int: [TextMeasurement]]>([:])
    let errors = Mutex<[String]>([])
}

// MARK: - Invalid values

/// The `field` of the `invalidValue` error that `body` throws, or a description of what
/// happened instead.
private func invalidField(_ body: () throws -> Void) -> String {
    do {
        try body()
        return "no error"
    } catch let error as TextEngineError {
        if case .invalidValue(let field, _) = error { return field }
        return "other error: \(error)"
    } catch {
        return "other error: \(error)"
    }
}

@Suite("Invalid values")
struct MeasurerInvalidValueTests {
    @Test("bad widths", arguments: [Double.nan, -1, -Double.infinity, -Double.ulpOfOne])
    func badWidth(width: Double) throws {
        let style = try TestSupport.style()
        #expect(invalidField { _ = try measurer.measure("Hello", style: style, width: width) } == "width")
        let prepared = try measurer.prepare("Hello", style: style)
        #expect(invalidField { _ = try measurer.measure(prepared, width: width) } == "width")
    }

    @Test("bad sizes", arguments: [0.0, -1, .nan, .infinity, 10_001])
    func badSize(size: Double) throws {
        let style = try TestSupport.style(size: size)
        #expect(invalidField { _ = try measurer.measure("Hello", style: style, width: 100) } == "size")
        #expect(invalidField { _ = try measurer.prepare("Hello", style: style) } == "size")
    }

    @Test("bad line counts, scale and spacing")
    func badOtherValues() throws {
        let style = try TestSupport.style()
        #expect(invalidField { _ = try measurer.measure("Hello", style: style, width: 100, maxLines: -1) } == "maxLines")
        #expect(
            invalidField { _ = try measurer.measure("Hello", style: style, width: 100, reserveLines: -1) }
                == "reserveLines")
        var scaled = style
        scaled.displayScale = 0
        #expect(invalidField { _ = try measurer.measure("Hello", style: scaled, width: 100) } == "displayScale")
        var spaced = style
        spaced.lineSpacing = .nan
        #expect(invalidField { _ = try measurer.measure("Hello", style: spaced, width: 100) } == "lineSpacing")
        // The limits themselves are fine.
        #expect(invalidField { _ = try measurer.measure("Hello", style: style, width: 0, maxLines: 0) } == "no error")
        #expect(invalidField { _ = try measurer.measure("Hello", style: style, width: .infinity) } == "no error")
    }

    @Test("a text over maximumTextBytes UTF-8 bytes is an error naming `text`")
    func tooLong() throws {
        let style = try TestSupport.style()
        #expect(TextMeasurer.maximumTextBytes == 1 << 18)
        // 131,073 characters but 262,146 bytes: the limit is on bytes.
        let long = String(repeating: "é", count: TextMeasurer.maximumTextBytes / 2 + 1)
        #expect(long.count < TextMeasurer.maximumTextBytes)
        #expect(invalidField { _ = try measurer.prepare(long, style: style) } == "text")
        #expect(invalidField { _ = try measurer.measure(long, style: style, width: 100) } == "text")
    }
}

// MARK: - Edge cases found by these tests

@Suite("Measurer edge cases")
struct MeasurerEdgeCaseTests {
    @Test("a huge but finite width is measured, not a crash")
    func hugeWidth() async {
        // Width × 1024 must not overflow Int64 (it trapped for widths ≥ 9.0e15 px).
        await #expect(processExitsWith: .success) {
            let style = TextStyle(fonts: try! BundledFonts.chain(), size: 16)
            let measurement = try! TextMeasurer().measure("Hello", style: style, width: 1e20)
            precondition(measurement.lineCount == 1)
        }
    }

    @Test("a huge reserveLines is an error naming the field, not a crash")
    func hugeReserveLines() throws {
        // reserveLines × line height overflowed Int64 for reserveLines ≥ ~4.8e14 and trapped.
        let style = try TestSupport.style(size: 16)
        #expect(throws: TextEngineError.self) {
            _ = try measurer.measure("Hello", style: style, width: 100, reserveLines: 1 << 60)
        }
        do {
            _ = try measurer.measure("Hello", style: style, width: 100, reserveLines: 1 << 60)
        } catch {
            guard case .invalidValue(let field, _) = error else { throw error }
            #expect(field == "reserveLines")
        }
    }

    @Test("an empty text's UIKit height is +0, not −0")
    func negativeZeroHeight() throws {
        let measurement = try measurer.measure("", style: try TestSupport.style(profile: .uikit), width: 100)
        #expect(measurement.height == 0)
        // (0 − 1e-7).rounded(.up) is −0.0, which JSON would print as "height":-0.
        #expect(measurement.height.sign == .plus)
        #expect(PixelGrid.roundUp(0, scale: 2).sign == .plus)
    }

    @Test("white space after a cluster wider than the line hangs on that line")
    func spaceAfterOverflowingCluster() throws {
        // The family emoji is 3 × 16 px wide (Symbola has no ZWJ ligature): at 30 px it
        // overflows alone. UAX #14 allows no break between it and the space after it (LB7),
        // and Pango (pango-reference) puts the space on the emoji's line: starts [0, 6].
        // The engine breaks before the space, and as " fun" (5.09 + 25.91 px) does not fit
        // 30 px, the space then got a line of its own: starts [0, 5, 6], one line too many.
        let text = "👨‍👩‍👧 fun"
        let measurement = try measurer.measure(text, style: try TestSupport.style(size: 16), width: 30)
        #expect(measurement.lines.first?.width == 48)
        #expect(starts(measurement) == [0, 6])
        #expect(TestSupport.lineTexts(text, measurement).dropFirst().allSatisfy { !$0.hasPrefix(" ") })
    }

    @Test("an emoji-presentation character is drawn with the font Pango picks for emoji")
    func emojiPresentationFont() throws {
        // 😀 (U+1F600, Emoji_Presentation) is in both DejaVu Sans (2135 units) and Symbola
        // (1876 units). Pango 1.50 itemizes emoji apart from text and, with the bundled chain,
        // draws 😀 with Symbola (pango-reference: 14.65625 px wide, a 20.28125 px line, i.e.
        // 1876 / 128 and (1896 + 700) / 128). The engine takes the first font with the glyph,
        // DejaVu: 2135 / 128 = 16.6796875 px on an 18.625 px line.
        let measurement = try measurer.measure(
            "😀", style: try TestSupport.style(size: 16, profile: .pango), width: .infinity)
        withKnownIssue("Itemizer.chooseFont ignores Pango's emoji font preference (Pango profile)") {
            #expect(measurement.naturalWidth == 1876.0 / 128)
            #expect(measurement.height == (1896.0 + 700) / 128)
        }
    }
}
