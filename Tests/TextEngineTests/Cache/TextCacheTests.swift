// The prepared-text and measurement caches: identical results, real hits, bounded size.
import Testing

@testable import TextEngine

@Suite struct TextCacheTests {
    @Test func cachedMeasurementsEqualUncachedOnesAndRepeatsHit() throws {
        let titles = Array(try CatalogTitles.goodbooks.get().prefix(500)) + Array(try CatalogTitles.aozora.get().prefix(500))
        let style = try TestSupport.style(size: 15, language: "ja", profile: .pango)
        let cached = TextMeasurer(cacheCapacity: 4_000)
        let plain = TextMeasurer()
        for pass in 0..<2 {
            for title in titles {
                let expected = try plain.measure(title, style: style, width: 127, maxLines: 2)
                #expect(try cached.measure(title, style: style, width: 127, maxLines: 2) == expected, "pass \(pass): \(title)")
            }
        }
        let statistics = try #require(cached.cacheStatistics)
        let distinct = Set(titles).count
        #expect(statistics.misses == distinct)
        #expect(statistics.hits == 2 * titles.count - distinct)
        #expect(plain.cacheStatistics == nil)
    }

    @Test func aChangedStyleIsADifferentEntry() throws {
        let measurer = TextMeasurer(cacheCapacity: 100)
        let small = try TestSupport.style(size: 12)
        let large = try TestSupport.style(size: 20)
        let a = try measurer.measure("The Great Gatsby", style: small, width: 80)
        let b = try measurer.measure("The Great Gatsby", style: large, width: 80)
        #expect(a.naturalWidth < b.naturalWidth)
        #expect(measurer.cacheStatistics?.misses == 2)
    }

    @Test func theCacheStaysWithinItsCapacity() throws {
        let measurer = TextMeasurer(cacheCapacity: 64)
        let style = try TestSupport.style()
        for title in try CatalogTitles.goodbooks.get().prefix(2_000) { _ = try measurer.prepare(title, style: style) }
        let statistics = try #require(measurer.cacheStatistics)
        #expect(statistics.entries <= 64)
        #expect(statistics.entries > 0)
    }

    @Test func cachedMeasurementsEqualUncachedOnesAtEachWidthAndLimit() throws {
        let titles = Array(try CatalogTitles.goodbooks.get().prefix(300)) + Array(try CatalogTitles.aozora.get().prefix(300))
        let style = try TestSupport.style(size: 15, language: "ja")
        let cached = TextMeasurer(cacheCapacity: 0, measurementCacheCapacity: 10_000)
        let plain = TextMeasurer()
        let arguments = [(width: 127.0, maxLines: 2), (127.0, 1), (190.0, 2)]
        for _ in 0..<2 {
            for title in titles {
                for (width, maxLines) in arguments {
                    let expected = try plain.measure(title, style: style, width: width, maxLines: maxLines)
                    #expect(try cached.measure(title, style: style, width: width, maxLines: maxLines) == expected, "\(title)")
                }
            }
        }
        let statistics = try #require(cached.measurementCacheStatistics)
        let distinct = Set(titles).count * arguments.count
        #expect(statistics.misses == distinct)
        #expect(statistics.hits == 2 * titles.count * arguments.count - distinct)
        #expect(cached.cacheStatistics == nil)
    }

    /// A catalog's unique titles, measured between authors that repeat in another style, are
    /// mostly not kept, while the authors keep hitting: a label's texts in one style at one
    /// width are one admission class of the caches. Had titles and authors one verdict (half
    /// the lookups hit), every title would be kept.
    @Test func uniqueTitlesAreMostlyNotKeptWhileRepeatingAuthorsHit() throws {
        let titleStyle = try TestSupport.style(size: 15)
        let authorStyle = try TestSupport.style(size: 13)
        let measurer = TextMeasurer(measurementCacheCapacity: 1 << 17)
        let titles = 20_000
        let authors = (0..<40).map { "Author \($0)" }
        for index in 0..<titles {
            _ = try measurer.measure("Title \(index)", style: titleStyle, width: 127, maxLines: 2)
            _ = try measurer.measure(authors[index % authors.count], style: authorStyle, width: 127, maxLines: 1)
        }
        let statistics = try #require(measurer.measurementCacheStatistics)
        #expect(statistics.hits == titles - authors.count)
        #expect(statistics.entries < authors.count + titles / 4)
    }

    /// `String` calls a precomposed "é" and "e" + U+0301 equal, but they are different
    /// texts to shape (different scalars, possibly different glyphs): the caches key on bytes.
    @Test func canonicallyEquivalentTextsAreDifferentEntries() throws {
        let composed = "Caf\u{E9} au lait"
        let decomposed = "Cafe\u{301} au lait"
        #expect(composed == decomposed)
        let style = try TestSupport.style()
        let cached = TextMeasurer(cacheCapacity: 100, measurementCacheCapacity: 100)
        let plain = TextMeasurer()
        for text in [composed, decomposed] {
            #expect(try cached.prepare(text, style: style).scalarCount == text.unicodeScalars.count)
            #expect(try cached.measure(text, style: style, width: 40) == (try plain.measure(text, style: style, width: 40)))
        }
        #expect(cached.measurementCacheStatistics?.misses == 2)
        #expect(cached.cacheStatistics?.misses == 2)
    }

    /// The caches count entries, not bytes: a long text, or a measurement of many lines, is
    /// measured again rather than kept, so that a server client cannot fill the caches' count
    /// with megabytes each. Titles are kept as before.
    @Test func longTextsAndManyLinesAreNotKept() throws {
        let style = try TestSupport.style()
        let cached = TextMeasurer(cacheCapacity: 100, measurementCacheCapacity: 100)
        let plain = TextMeasurer()
        let long = String(repeating: "word ", count: 300)  // over 1 KiB
        let title = "The Hunger Games (The Hunger Games, #1)"
        for (text, width) in [(long, 200.0), (long, 200), (title, 1), (title, 1), (title, 127), (title, 127)] {
            #expect(try cached.measure(text, style: style, width: width) == (try plain.measure(text, style: style, width: width)))
        }
        #expect(try cached.measure(title, style: style, width: 1).lines.count > TextMeasurer.maximumCachedLines)
        let measurements = try #require(cached.measurementCacheStatistics)
        #expect(measurements.hits == 1)  // the title at 127 points, and only it
        #expect(measurements.entries == 1)
        #expect(cached.cacheStatistics?.entries == 1)  // the title prepared once; the long text never kept
    }
}
