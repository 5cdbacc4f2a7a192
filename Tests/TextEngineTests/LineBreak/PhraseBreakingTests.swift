// Japanese broken between phrases (ICU's lw=phrase) across the Aozora Bunko catalog.
import Testing

@testable import TextEngine

@Suite struct PhraseBreakingTests {
    /// Every line of every Aozora title, at widths 45–150 pt, starts where ICU's phrase
    /// iterator puts a phrase boundary, unless the phrase it cuts is wider than the line;
    /// the strict rules still hold wherever a legal break existed; and no title takes fewer
    /// lines than with the strict rules (a greedy filler with fewer places to break).
    @Test func linesEndBetweenPhrasesUnlessAPhraseIsWiderThanTheLine() throws {
        let titles = try CatalogTitles.aozora.get()
        let chain = try TestSupport.bundledChain()
        let phrase = TextStyle(fonts: chain, size: 15, language: "ja", lineBreak: .phrase)
        let strict = TextStyle(fonts: chain, size: 15, language: "ja", lineBreak: .strict)
        let measurer = TestSupport.measurer
        var insidePhrase = 0
        var betweenPhrases = 0
        for title in titles {
            let phrasePrepared = try measurer.prepare(title, style: phrase)
            let strictPrepared = try measurer.prepare(title, style: strict)
            let utf16Offsets = KinsokuCatalogTests.utf16Offsets(title)
            let phraseEnds = try TestSupport.breaks(title, locale: "ja@lw=phrase")
            let strictBreaks = Set(try TestSupport.breaks(title, locale: "ja@lb=strict"))
            let scalars = Array(title.unicodeScalars)
            for width in stride(from: 45.0, through: 150, by: 15) {
                let lines = try measurer.measure(phrasePrepared, width: width).lines
                #expect(lines.count >= (try measurer.measure(strictPrepared, width: width).lines.count), "'\(title)' at \(width)")
                for (previous, line) in zip(lines, lines.dropFirst()) {
                    let start = utf16Offsets[line.scalarOffset]
                    if phraseEnds.contains(start) {
                        betweenPhrases += 1
                        continue
                    }
                    insidePhrase += 1
                    // The phrase cut here is wider than the line, as shaped in the title.
                    let phraseStart = utf16Offsets.firstIndex(of: phraseEnds.last { $0 < start } ?? 0)!
                    let phraseEnd = utf16Offsets.firstIndex(of: phraseEnds.first { $0 > start } ?? utf16Offsets.last!)!
                    let clusters = phrasePrepared.clusterScalarOffsets.map(Int.init)
                    let first = clusters.firstIndex(of: phraseStart)!, end = clusters.firstIndex(of: phraseEnd)!
                    let phraseWidth = phrasePrepared.width(of: first..<phrasePrepared.contentEnd(from: first, to: end))
                    #expect(
                        phraseWidth > FontUnits.pango.units(width),
                        "'\(title)' at \(width): a line cuts the phrase at \(phraseStart)..<\(phraseEnd), which fits")
                    // Inside a phrase, a line ends where the strict rules allow, when they allow it anywhere there.
                    let range = (utf16Offsets[previous.scalarOffset] + 1)...start
                    #expect(
                        strictBreaks.contains(start) || strictBreaks.allSatisfy { !range.contains($0) },
                        "'\(title)' at \(width): starts at \(scalars[line.scalarOffset]) though a strict break existed")
                }
            }
        }
        #expect(betweenPhrases > 10_000 && insidePhrase > 100)
        print("phrase breaking: \(betweenPhrases) line starts between phrases, \(insidePhrase) inside a phrase wider than the line")
    }

    /// Latin text has no phrases: it breaks as with the strict rules.
    @Test func latinTitlesBreakAsWithTheStrictRules() throws {
        let chain = try TestSupport.bundledChain()
        for title in try CatalogTitles.goodbooks.get().prefix(500) {
            for width in [40.0, 127] {
                let phrase = try TestSupport.measurer.measure(title, style: TextStyle(fonts: chain, size: 15, lineBreak: .phrase), width: width)
                let strict = try TestSupport.measurer.measure(title, style: TextStyle(fonts: chain, size: 15), width: width)
                #expect(phrase == strict, "\(title) at \(width)")
            }
        }
    }
}
