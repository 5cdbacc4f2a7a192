// Line heights from the fonts' vertical metrics, worked out by hand from DejaVu Sans's `hhea`
// table (ascender 1901, descender −483, no line gap, 2048 units per em): font units, Blink's
// whole-pixel CSS metrics and line boxes, Pango's line heights and reserved lines.
import Testing

@testable import TextEngine

@Suite struct LineHeightTests {
    @Test func fontUnitsRoundToNearestAsPangoDoes() {
        #expect(FontUnits.pango.units(1.5) == 1536)
        #expect(FontUnits.pango.pixels(1536) == 1.5)
        #expect(FontUnits.pango.units(0.5 / 1024) == 1)  // half a unit rounds up
        #expect(FontUnits.pango.units(-0.5 / 1024) == 0)
        #expect(FontUnits.sixteenDotSixteen.units(1) == 65536)
        #expect(FontUnits.sixteenDotSixteen.pixels(FontUnits.sixteenDotSixteen.units(18.625)) == 18.625)
    }

    /// 1901 / 2048 × 16 = 14.85 rounds to 15 px above, 483 / 2048 × 16 = 3.77 to 4 below.
    @Test func blinkRoundsDejaVuSansToWholePixels() throws {
        let face = try TestSupport.dejaVuOnlyChain().harfBuzzFaces[0]
        let metrics = CSSFontMetrics(face: face, size: 16)
        #expect(metrics == CSSFontMetrics(face: face, size: 16))
        #expect((metrics.ascent, metrics.descent, metrics.lineGap) == (15, 4, 0))
        #expect((metrics.leadingAbove, metrics.leadingBelow) == (0, 0))
        let large = CSSFontMetrics(face: face, size: 100)  // 92.82 and 23.58
        #expect((large.ascent, large.descent) == (93, 24))
    }

    /// A line box of `line-height: normal` is the ascent and descent (19 px); a number
    /// multiplies the font size; reserved lines are line boxes too. (`pre-line` keeps the
    /// line break, which `white-space: normal` collapses into a space.)
    @Test func cssLineBoxes() throws {
        let fonts = try TestSupport.dejaVuOnlyChain()
        func height(_ text: String, _ css: CSSText = .initial, reserveLines: Int = 0) throws -> Double {
            let style = TextStyle(fonts: fonts, size: 16, profile: .browser, css: css)
            return try TestSupport.measurer.measure(text, style: style, width: 500, reserveLines: reserveLines).height
        }
        #expect(try height("Hello") == 19)
        #expect(try height("Hello\nWorld") == 19)
        #expect(try height("Hello\nWorld", CSSText(whiteSpace: .preLine)) == 38)
        #expect(try height("Hello\nWorld", CSSText(lineHeight: .number(1.5), whiteSpace: .preLine)) == 48)
        #expect(try height("Hello", CSSText(lineHeight: .pixels(20.25))) == 20.25)
        #expect(try height("Hello", reserveLines: 3) == 57)
    }

    /// Pango: each line (2384 / 2048 × 16 = 18.625 px), a reserved line as tall as the primary
    /// font's; a line spacing factor moves each line after the first.
    @Test func pangoLineHeights() throws {
        let fonts = try TestSupport.dejaVuOnlyChain()
        func height(_ text: String, lineSpacing: Double = 1, reserveLines: Int = 0) throws -> Double {
            let style = TextStyle(fonts: fonts, size: 16, lineSpacing: lineSpacing, profile: .pango)
            return try TestSupport.measurer.measure(text, style: style, width: 500, reserveLines: reserveLines).height
        }
        #expect(try height("Hello") == 18.625)
        #expect(try height("Hello", reserveLines: 3) == 3 * 18.625)
        #expect(try height("Hello\nWorld", lineSpacing: 1.5) == 18.625 + 1.5 * 18.625)
    }

    /// UIKit: the primary font's line times the spacing, the label rounded up to the pixel grid.
    @Test func uikitRoundsTheLabelUpToThePixelGrid() throws {
        let fonts = try TestSupport.dejaVuOnlyChain()
        func height(scale: Double) throws -> Double {
            let style = TextStyle(fonts: fonts, size: 16, displayScale: scale, profile: .uikit)
            return try TestSupport.measurer.measure("Hello\nWorld", style: style, width: 500).height
        }
        #expect(try height(scale: 1) == 38)  // 37.25 up to whole points
        #expect(try height(scale: 2) == 37.5)
        #expect(try height(scale: 4) == 37.25)
    }
}
