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
    /// repeat; when keys start repeating, the cache keeps them all again, in every shard:
    /// also in those where none of the few repeating keys is of the sampled hashes (64 keys,
    /// about 4 a shard, each sampled one time in 32: most shards have none, and leave
    /// sampling only when their skipped requests reopen them, every 8,192; a shard with a
    /// single repeating key skips one request a pass, hence 8,200 passes).
    @Test func keysSeenOnceAreMostlyNotKeptUntilKeysRepeat() {
        let cache = GenerationalCache<Int, Int>(capacity: 1 << 20)
        for key in 0..<200_000 { _ = cache.value(for: key) { key } }
        let afterUnique = cache.statistics.entries
        // One in 32, after each shard's first window and in the windows reopened.
        #expect(afterUnique < 200_000 / 8)
        #expect(afterUnique > 200_000 / 64)
        let repeating = 1_000_000..<1_000_064
        for _ in 0..<8_200 {
            for key in repeating { #expect(cache.value(for: key) { key * 2 } == key * 2) }
        }
        let hitsNow = cache.statistics.hits
        for key in repeating { _ = cache.value(for: key) { key * 2 } }
        #expect(cache.statistics.hits - hitsNow == repeating.count)
    }

    /// Admission is decided per class: a class of keys seen once (a catalog's titles) is
    /// mostly not kept, while another class asked in between, whose keys repeat (its
    /// authors), is kept and hits as if alone. One verdict for both (the hits of the two
    /// together are half the lookups) kept every title.
    @Test func aClassOfKeysSeenOnceDoesNotCostARepeatingClassItsCache() {
        struct Label: CacheKey {
            let text: Int
            let isAuthor: Bool
            var admissionClass: UInt64 { isAuthor ? 1 : 2 }
        }
        let cache = GenerationalCache<Label, Int>(capacity: 1 << 20)
        let authors = 500
        for title in 0..<200_000 {
            #expect(cache.value(for: Label(text: title, isAuthor: false)) { title } == title)
            let author = title % authors
            #expect(cache.value(for: Label(text: author, isAuthor: true)) { -author } == -author)
        }
        let statistics = cache.statistics
        #expect(statistics.hits == 200_000 - authors)
        #expect(statistics.entries < authors + 200_000 / 8)
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
