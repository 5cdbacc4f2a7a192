// The generational cache: bounded, the same values as making them, admission that adapts.
import BoundedCache
import Testing

@Suite struct GenerationalCacheTests {
    @Test func repeatsHitAndValuesAreTheMadeOnes() {
        let cache = GenerationalCache<Int, String>(capacity: 10_000)
        for pass in 0..<3 {
            for key in 0..<500 {
                #expect(cache.value(for: key) { "value \(key)" } == "value \(key)", "pass \(pass)")
            }
        }
        #expect(cache.statistics == CacheStatistics(hits: 1_000, misses: 500, entries: 500))
    }

    /// Looking up and keeping in two steps is `value(for:make:)`: a kept value is found.
    @Test func aValueKeptAfterALookupIsFoundByTheNext() {
        let cache = GenerationalCache<String, Int>(capacity: 64)
        let first = cache.lookUp("Dune")
        #expect(first.found == nil)
        cache.keep(4, for: first, key: "Dune")
        #expect(cache.lookUp("Dune").found == 4)
        #expect(cache.value(for: "Dune") { 5 } == 4)
        #expect(cache.statistics == CacheStatistics(hits: 2, misses: 1, entries: 1))
    }

    @Test func itHoldsNoMoreThanItsCapacity() {
        let cache = GenerationalCache<Int, Int>(capacity: 256)
        for key in 0..<10_000 { _ = cache.value(for: key) { key } }
        #expect(cache.statistics.entries <= 256)
        #expect(cache.statistics.entries > 0)
    }

    /// Keys seen once (a catalog of unique titles) fill the cache far less than keys that
    /// repeat; when keys start repeating, the cache keeps them all again.
    @Test func keysSeenOnceAreMostlyNotKeptUntilKeysRepeat() {
        let cache = GenerationalCache<Int, Int>(capacity: 1 << 20)
        for key in 0..<200_000 { _ = cache.value(for: key) { key } }
        let afterUnique = cache.statistics.entries
        #expect(afterUnique < 200_000 / 4)  // about one in 8 after each shard's first window
        #expect(afterUnique > 200_000 / 16)
        // A small set of keys, asked again and again: all kept once hits come back.
        for _ in 0..<50 {
            for key in 1_000_000..<1_002_000 { #expect(cache.value(for: key) { key * 2 } == key * 2) }
        }
        let hitsNow = cache.statistics.hits
        for key in 1_000_000..<1_002_000 { _ = cache.value(for: key) { key * 2 } }
        #expect(cache.statistics.hits - hitsNow == 2_000)
    }

    /// Keys of one hash are told apart by their keys: each is answered with its own value,
    /// and once made, each is found, whatever other keys of its hash came after it.
    @Test func keysOfOneHashGetTheirOwnValues() {
        struct Colliding: CacheKey {
            let id: Int
            func hash(into hasher: inout Hasher) { hasher.combine(id % 3) }
        }
        let cache = GenerationalCache<Colliding, Int>(capacity: 1_024)
        var made: [Int] = []
        for round in 0..<4 {
            for id in [1, 1, 4, 4, 1, 7, 2, 2, 5, 1] {
                let value = cache.value(for: Colliding(id: id)) { made.append(id); return id * 10 }
                #expect(value == id * 10, "round \(round), key \(id)")
            }
        }
        #expect(made == [1, 4, 7, 2, 5])
        #expect(cache.statistics == CacheStatistics(hits: 35, misses: 5, entries: 5))
    }

    /// Byte strings: canonically equivalent texts are different keys; equal bytes are equal.
    @Test func byteStringsCompareBytes() {
        let composed = ByteString("Caf\u{E9}")
        let decomposed = ByteString("Cafe\u{301}")
        #expect(composed.string == decomposed.string)
        #expect(composed != decomposed)
        #expect(ByteString("Caf" + "\u{E9}") == composed)
        #expect(ByteString("Caf" + "\u{E9}").hashValue == composed.hashValue)
        #expect(ByteString("") == ByteString(String()))
        let long = String(repeating: "吾輩は猫である", count: 20)
        #expect(ByteString(long) == ByteString(String(decoding: Array(long.utf8), as: UTF8.self)))
        #expect(ByteString(long) != ByteString(long + " "))
    }
}
