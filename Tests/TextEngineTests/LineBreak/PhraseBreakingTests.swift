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

    /// A long text whose runs of kana and ideographs are short, as real text's are: the
    /// phrase breaker's answer is ICU's for the whole text, unchanged.
    @Test func aLongTextWithPunctuationGetsICUsPhrasesUnchanged() throws {
        let titles = try CatalogTitles.aozora.get()
        let text = titles.prefix(2_000).joined(separator: "、")
        let utf16 = Array(text.utf16)
        #expect(utf16.count > 4 * ICULineBreaker.maximumPhraseRun)
        let breaker = try ICULineBreaker(locale: "ja@lb=strict;lw=phrase")
        var whole: [Int] = [], phrases: [Int] = []
        utf16.withUnsafeBufferPointer { text in
            #expect(ICULineBreaker.phraseCuts(in: text).isEmpty)
            breaker.forEachBreak(in: text) { offset, _ in whole.append(offset) }
            breaker.forEachPhraseBreak(in: text) { offset, _ in phrases.append(offset) }
        }
        #expect(phrases == whole)
    }

    /// A run of kana and ideographs longer than ICU can break between phrases in linear time
    /// goes to ICU in pieces: each cut is before a character a line may start with, each
    /// piece is at most twice the longest run, and the phrases are ICU's for each piece.
    @Test func aVeryLongRunIsBrokenInPiecesAtCharactersALineMayStartWith() throws {
        let titles = try CatalogTitles.aozora.get()
        // Aozora titles with their punctuation, spaces and Latin letters removed: one run.
        let kanaAndIdeographs: [ClosedRange<UInt32>] = [0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF]
        let run = titles.joined().unicodeScalars.filter { scalar in kanaAndIdeographs.contains { $0.contains(scalar.value) } }
        let utf16 = Array(String(String.UnicodeScalarView(run.prefix(5 * ICULineBreaker.maximumPhraseRun))).utf16)
        let breaker = try ICULineBreaker(locale: "ja@lb=strict;lw=phrase")
        let strict = Set(try TestSupport.breaks(String(decoding: utf16, as: UTF16.self), locale: "ja@lb=strict"))
        utf16.withUnsafeBufferPointer { text in
            let cuts = ICULineBreaker.phraseCuts(in: text)
            #expect(cuts.count >= 2)
            var expected: [Int] = []
            for (start, end) in zip([0] + cuts, cuts + [text.count]) {
                #expect(end - start <= 2 * ICULineBreaker.maximumPhraseRun)
                breaker.forEachBreak(in: UnsafeBufferPointer(rebasing: text[start..<end])) { offset, _ in expected.append(start + offset) }
            }
            #expect(cuts.allSatisfy { strict.contains($0) }, "a cut where the strict rules allow no line to start")
            var phrases: [Int] = []
            var mandatory: [Int] = []
            breaker.forEachPhraseBreak(in: text) { offset, isMandatory in
                phrases.append(offset)
                if isMandatory { mandatory.append(offset) }
            }
            #expect(phrases == expected)
            #expect(mandatory.allSatisfy { $0 == text.count }, "a cut reported as a forced break")
        }
    }
}
