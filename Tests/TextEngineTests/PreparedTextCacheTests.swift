// The prepared-text cache: identical results, real hits, bounded size.
import Testing

@testable import TextEngine

@Suite struct PreparedTextCacheTests {
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
}
