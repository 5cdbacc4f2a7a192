// Glyph lines: the glyphs of a measured text agree with its measurement, line by line.
import Testing

@testable import TextEngine

@Suite struct GlyphLinesTests {
    let measurer = TestSupport.measurer

    /// The glyphs of `text` measured at `width`, with the measurement.
    func glyphs(
        _ text: String, style: TextStyle, width: Double, maxLines: Int = 0
    ) throws -> (measured: TextMeasurement, lines: [GlyphLine]) {
        let prepared = try measurer.prepare(text, style: style)
        let measured = try measurer.measure(prepared, width: width, maxLines: maxLines)
        return (measured, try prepared.glyphLines(for: measured))
    }

    /// Checks the glyph lines of every title against their measurement: the same lines, the
    /// same starts, advances adding up to each measured width exactly, ellipses where the
    /// measurement has them. Returns how many lines had an ellipsis.
    func checkAgreement(_ titles: [String], style: TextStyle, width: Double, maxLines: Int) throws -> Int {
        var ellipses = 0
        for title in titles {
            let (measured, lines) = try glyphs(title, style: style, width: width, maxLines: maxLines)
            try #require(lines.count == measured.lineCount, "\(title)")
            for (line, glyphLine) in zip(measured.lines, lines) {
                let advances = glyphLine.runs.flatMap(\.glyphs).reduce(0) { $0 + $1.advance }
                try #require(advances == line.width, "\(title): \(advances) ≠ \(line.width)")
                try #require(glyphLine.scalarRange.lowerBound == line.scalarOffset, "\(title)")
                try #require(glyphLine.hasEllipsis == line.hasEllipsis, "\(title)")
                if line.hasEllipsis { ellipses += 1 }
            }
        }
        return ellipses
    }

    @Test func glyphAdvancesAddUpToEveryMeasuredLineOfBothCatalogs() throws {
        let goodbooks = try CatalogTitles.goodbooks.get()
        let aozora = try CatalogTitles.aozora.get()
        let style = try TestSupport.style(size: 15, displayScale: 2)
        var japanese = style
        japanese.language = "ja"
        let truncated = try checkAgreement(goodbooks, style: style, width: 127, maxLines: 2)
            + checkAgreement(aozora, style: japanese, width: 127, maxLines: 2)
        #expect(truncated > 5000)  // half the goodbooks titles are cut at two lines
    }

    @Test func thePangoProfileAgreesToIncludingItsHyphensAndHangingSpace() throws {
        let titles = Array(try CatalogTitles.goodbooks.get().prefix(3000))
        let style = try TestSupport.style(size: 16, profile: .pango)
        _ = try checkAgreement(titles, style: style, width: 80, maxLines: 0)
        _ = try checkAgreement(titles, style: style, width: 160, maxLines: 3)
        // A word wider than the line breaks with a hyphen that counts in the line's width.
        let (_, lines) = try glyphs("Supercalifragilisticexpialidocious", style: style, width: 100)
        #expect(lines.count > 1)
        #expect(lines.dropLast().allSatisfy { $0.runs.last?.role == .hyphen })
        #expect(lines.last?.runs.last?.role == .text)
        // At a hyphenation point (U+2027) the hyphen replaces it: the line's glyphs end in the
        // hyphen, not in the point.
        _ = try checkAgreement(["hy\u{2027}phen\u{2027}ation", "co\u{AD}operation", "log_min_duration"], style: style, width: 45, maxLines: 0)
        // Words broken between characters are drawn as Pango measures them, their parts shaped
        // alone: a ligature the break cuts falls apart, and the glyphs still add up.
        let broken = ["Insufficient certificate", "RWConflictPool", "OpenOffice Writer", "TRUNCATE Real Text"]
        for width in [30.0, 45, 60, 75] { _ = try checkAgreement(broken, style: style, width: width, maxLines: 0) }
        let (_, split) = try glyphs("Insufficient", style: style, width: 45)
        #expect(split.count > 1)
        #expect(split[0].runs.filter { $0.role == .text }.flatMap(\.glyphs).count == split[0].scalarRange.count)
        let (measured, pointLines) = try glyphs("hy\u{2027}phen\u{2027}ation", style: style, width: 70)
        #expect(measured.lines.map(\.scalarOffset) == [0, 3, 8])  // as Pango 1.50 sets it
        #expect(pointLines.dropLast().allSatisfy { $0.runs.last?.role == .hyphen })
        #expect(pointLines[0].runs.filter { $0.role == .text }.flatMap(\.glyphs).count == 2)  // h, y
    }

    @Test func aTruncatedLineEndsInTheEllipsisGlyph() throws {
        let style = try TestSupport.style(size: 15)
        let ellipsis = try #require(try glyphs("…", style: style, width: 100).lines.first?.runs.first?.glyphs)
        let text = "Harry Potter and the Sorcerer's Stone (Harry Potter, #1)"
        let (measured, lines) = try glyphs(text, style: style, width: 127, maxLines: 2)
        #expect(measured.isTruncated)
        let last = try #require(lines.last?.runs.last)
        #expect(last.role == .ellipsis)
        #expect(last.glyphs.map(\.glyphID) == ellipsis.map(\.glyphID))
        // The ellipsis replaces the rest of the text: the content stops well before the end.
        #expect(try #require(lines.last).scalarRange.upperBound < text.unicodeScalars.count)
        #expect(last.glyphs[0].x + last.glyphs[0].advance == measured.lines[1].width)
    }

    @Test func eachGlyphComesFromTheFontThatCoversItsCluster() throws {
        let (_, lines) = try glyphs("Kokoro こころ", style: try TestSupport.style(size: 15, language: "ja"), width: 300)
        let runs = try #require(lines.first).runs
        #expect(runs.map(\.font.family) == ["DejaVu Sans", "Noto Sans CJK JP"])
        #expect(runs.map(\.glyphs.count) == [7, 3])  // "Kokoro " (the space takes its left neighbour's font), "こころ"
        let glyphs = runs.flatMap(\.glyphs)
        #expect(zip(glyphs, glyphs.dropFirst()).allSatisfy { $0.x < $1.x })
        #expect(glyphs.map(\.scalarOffset) == Array(0..<10))
    }

    @Test(arguments: [1.0, 1.5])
    func baselinesStepByTheLineHeightWithTheSpacingAboveTheGlyphs(spacing: Double) throws {
        var style = try TestSupport.style(size: 15)
        style.lineSpacing = spacing
        let (measured, lines) = try glyphs("The Hunger Games (The Hunger Games, #1)", style: style, width: 100)
        #expect(lines.count > 2)
        // DejaVu Sans: ascender 1901, descender −483 of 2048 units per em; 15 px lines are
        // (1901 + 483) / 2048 × 15 = 17.4609375 tall.
        let ascender = 1901.0 / 2048 * 15
        let lineHeight = 17.4609375 * spacing
        for (index, line) in lines.enumerated() {
            #expect(line.top == Double(index) * lineHeight)
            #expect(line.height == lineHeight)
            #expect(abs(line.baseline - (line.top + lineHeight - 17.4609375 + ascender)) < 0.001)
        }
        #expect(lines.last!.top + lines.last!.height <= measured.height)
    }

    @Test func aMeasurementOfAnotherTextIsRejected() throws {
        let style = try TestSupport.style(size: 15)
        let prepared = try measurer.prepare("Dune", style: style)
        let other = try measurer.measure("Children of Dune", style: style, width: 60)
        #expect(throws: TextEngineError.self) { try prepared.glyphLines(for: other) }
        #expect(try prepared.glyphLines(for: measurer.measure(prepared, width: 60)).count == 1)
    }

    @Test func hardBreaksAndAnEmptyTextGiveTheirLines() throws {
        let style = try TestSupport.style(size: 15)
        let (measured, lines) = try glyphs("Dune\nMessiah\n", style: style, width: 200)
        #expect(lines.map(\.scalarRange) == [0..<4, 5..<12, 13..<13])
        #expect(lines.map(\.width) == measured.lines.map(\.width))
        #expect(try glyphs("", style: style, width: 100).lines.isEmpty)
    }
}
