// A bounded, thread-safe cache with O(1) eviction: prepared texts, measurements, cards.
import Foundation

/// Values by key, bounded, safe to share between threads.
///
/// Eviction is by generations, an approximation of least-recently-used with O(1) work: each
/// shard fills a current generation; when it is full, it becomes the previous one and the
/// one before is dropped. A hit in the previous generation moves the entry forward. Sharding
/// by hash keeps threads from waiting on each other's locks.
///
/// Admission adapts: while a shard's last 1,024 requests hit less than once in 64, it looks
/// up only one request in 8 and keeps only one miss in 8, so a stream of values seen once
/// (a catalog of unique titles) pays for neither the lookups nor filling and dropping
/// generations; as soon as values repeat, it looks up and keeps them all again. What the
/// cache returns never changes, only how often it is asked to make.
///
/// Written here rather than taken from a library: swift-collections has no concurrent or
/// bounded cache, and this one is small. Its lookup is inlinable, so each client
/// module gets a copy specialised for its key and value types: a generic lookup through
/// witness tables cost as much as the hit saved.
///
/// ```swift
/// let cache = GenerationalCache<String, Int>(capacity: 1024)
/// let length = cache.value(for: "Dune") { "Dune".count }  // made once, then looked up
/// ```
public final class GenerationalCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline struct Shard {
        @usableFromInline init() {}
        @usableFromInline var current: [Hashed: Value] = [:]
        @usableFromInline var previous: [Hashed: Value] = [:]
        /// Requests and hits since the last verdict, and the verdict: whether the last window
        /// of requests hit so rarely that most are not worth looking up, nor their values
        /// worth keeping.
        @usableFromInline var windowLookups = 0
        @usableFromInline var windowHits = 0
        @usableFromInline var rarelyHits = false
        @usableFromInline var lookupsSkipped = 0
        @usableFromInline var missesNotKept = 0
        /// Lifetime counts, kept under the shard's lock rather than in shared atomics that
        /// every lookup on every thread would write.
        @usableFromInline var hits = 0
        @usableFromInline var misses = 0
    }

    /// A key with its hash worked out once: the shard is chosen by it and the shard's
    /// dictionary hashes only it, not the key's text again.
    @usableFromInline struct Hashed: Hashable {
        @usableFromInline let hash: Int
        @usableFromInline let key: Key

        @inlinable init(_ key: Key) {
            self.key = key
            hash = key.hashValue
        }

        @inlinable static func == (lhs: Self, rhs: Self) -> Bool { lhs.hash == rhs.hash && lhs.key == rhs.key }
        @inlinable func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    /// A shard and its lock. An `NSLock` rather than a `Mutex`: a `Mutex`'s closure cannot
    /// be inlined into client modules under strict concurrency checking.
    @usableFromInline final class LockedShard: @unchecked Sendable {
        @usableFromInline let lock = NSLock()
        @usableFromInline var shard = Shard()  // guarded by `lock`
        @usableFromInline init() {}

        @inlinable func withLock<Result>(_ body: (inout Shard) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&shard)
        }
    }

    @usableFromInline static var shardCount: Int { 16 }
    @usableFromInline let shards: [LockedShard]
    @usableFromInline let generationCapacity: Int

    /// A cache of at most `capacity` values (rounded up to a multiple of 32).
    public init(capacity: Int) {
        generationCapacity = max(1, (capacity + 2 * Self.shardCount - 1) / (2 * Self.shardCount))
        shards = (0..<Self.shardCount).map { _ in LockedShard() }
    }

    /// The cached value for `key`, or the one `make` makes, which is then cached.
    @inlinable
    public func value<Failure: Error>(for key: Key, make: () throws(Failure) -> Value) throws(Failure) -> Value {
        let key = Hashed(key)
        let shard = shards[Int(UInt(bitPattern: key.hash) % UInt(Self.shardCount))]
        let capacity = generationCapacity
        if let found = shard.withLock({ $0.take(key, generationCapacity: capacity) }) { return found }
        let made = try make()
        shard.withLock { $0.insert(made, for: key, generationCapacity: capacity) }
        return made
    }

    /// Lookups so far and entries held now.
    public var statistics: CacheStatistics {
        shards.reduce(CacheStatistics(hits: 0, misses: 0, entries: 0)) { total, shard in
            shard.withLock { shard in
                CacheStatistics(
                    hits: total.hits + shard.hits, misses: total.misses + shard.misses,
                    entries: total.entries + shard.current.count + shard.previous.count)
            }
        }
    }
}

/// How a cache has done so far.
public struct CacheStatistics: Sendable, Hashable {
    public var hits: Int
    public var misses: Int
    /// Values held now.
    public var entries: Int
    /// Hits over lookups, 0 before the first.
    public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }

    public init(hits: Int, misses: Int, entries: Int) {
        self.hits = hits
        self.misses = misses
        self.entries = entries
    }
}

extension GenerationalCache.Shard {
    /// The entry for `key`, moved into the current generation if it was in the previous one.
    @inlinable mutating func take(_ key: GenerationalCache.Hashed, generationCapacity: Int) -> Value? {
        windowLookups += 1
        if windowLookups == 1024 {
            // While it rarely hits, one request in 8 is looked up: its hits stand for 8.
            rarelyHits = (rarelyHits ? 8 * windowHits : windowHits) * 64 < windowLookups
            windowLookups = 0
            windowHits = 0
        }
        if rarelyHits {
            lookupsSkipped += 1
            guard lookupsSkipped % 8 == 0 else {
                misses += 1
                return nil
            }
        }
        let found: Value?
        if let current = current[key] {
            found = current
        } else if let previous = previous.removeValue(forKey: key) {
            store(previous, for: key, generationCapacity: generationCapacity)
            found = previous
        } else {
            found = nil
        }
        if found == nil {
            misses += 1
        } else {
            hits += 1
            windowHits += 1
        }
        return found
    }

    /// Keeps a value just made, or (while the shard rarely hits) one in 8 of them.
    @inlinable mutating func insert(_ value: Value, for key: GenerationalCache.Hashed, generationCapacity: Int) {
        if rarelyHits {
            missesNotKept += 1
            guard missesNotKept % 8 == 0 else { return }
        }
        store(value, for: key, generationCapacity: generationCapacity)
    }

    @inlinable mutating func store(_ value: Value, for key: GenerationalCache.Hashed, generationCapacity: Int) {
        if current.count >= generationCapacity {
            // The dropped generation's storage becomes the new one's: no allocation, no
            // freeing and no regrowing on every turn.
            swap(&previous, &current)
            current.removeAll(keepingCapacity: true)
        }
        current[key] = value
    }
}
