// A bounded, thread-safe cache with O(1) eviction: prepared texts, measurements, cards.
import Synchronization

/// Values by key, bounded, safe to share between threads.
///
/// Eviction is by generations, an approximation of least-recently-used with O(1) work: each
/// shard fills a current generation; when it is full, it becomes the previous one and the
/// one before is dropped. A hit in the previous generation moves the entry forward. Sharding
/// by hash keeps threads from waiting on each other's locks.
///
/// Written here rather than taken from a library: swift-collections has no concurrent or
/// bounded cache, and this one is forty lines.
///
/// ```swift
/// let cache = GenerationalCache<String, Int>(capacity: 1024)
/// let length = cache.value(for: "Dune") { "Dune".count }  // made once, then looked up
/// ```
public final class GenerationalCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    fileprivate struct Shard {
        var current: [Hashed: Value] = [:]
        var previous: [Hashed: Value] = [:]
    }

    /// A key with its hash worked out once: the shard is chosen by it and the shard's
    /// dictionary hashes only it, not the key's text again.
    fileprivate struct Hashed: Hashable {
        let hash: Int
        let key: Key

        init(_ key: Key) {
            self.key = key
            hash = key.hashValue
        }

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.hash == rhs.hash && lhs.key == rhs.key }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    private final class LockedShard: Sendable {
        let state = Mutex(Shard())
    }

    private static var shardCount: Int { 16 }
    private let shards: [LockedShard]
    private let generationCapacity: Int
    private let hitCount = Atomic<Int>(0)
    private let missCount = Atomic<Int>(0)

    /// A cache of at most `capacity` values (rounded up to a multiple of 32).
    public init(capacity: Int) {
        generationCapacity = max(1, (capacity + 2 * Self.shardCount - 1) / (2 * Self.shardCount))
        shards = (0..<Self.shardCount).map { _ in LockedShard() }
    }

    /// The cached value for `key`, or the one `make` makes, which is then cached.
    public func value<Failure: Error>(for key: Key, make: () throws(Failure) -> Value) throws(Failure) -> Value {
        let key = Hashed(key)
        let shard = shards[Int(UInt(bitPattern: key.hash) % UInt(Self.shardCount))]
        let capacity = generationCapacity
        if let found = shard.state.withLock({ $0.take(key, generationCapacity: capacity) }) {
            hitCount.add(1, ordering: .relaxed)
            return found
        }
        missCount.add(1, ordering: .relaxed)
        let made = try make()
        shard.state.withLock { $0.insert(made, for: key, generationCapacity: capacity) }
        return made
    }

    /// Lookups so far and entries held now.
    public var statistics: CacheStatistics {
        CacheStatistics(
            hits: hitCount.load(ordering: .relaxed), misses: missCount.load(ordering: .relaxed),
            entries: shards.reduce(0) { total, shard in
                total + shard.state.withLock { $0.current.count + $0.previous.count }
            })
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
    fileprivate mutating func take(_ key: GenerationalCache.Hashed, generationCapacity: Int) -> Value? {
        if let found = current[key] { return found }
        guard let found = previous.removeValue(forKey: key) else { return nil }
        insert(found, for: key, generationCapacity: generationCapacity)
        return found
    }

    fileprivate mutating func insert(_ value: Value, for key: GenerationalCache.Hashed, generationCapacity: Int) {
        if current.count >= generationCapacity {
            previous = current
            current = [:]
        }
        current[key] = value
    }
}
