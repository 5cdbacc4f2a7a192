// A bounded cache of prepared texts, so a title seen before is re-broken, not re-shaped.
import Synchronization

/// Prepared texts by (text, style), bounded, safe to share between threads.
///
/// Eviction is by generations, an approximation of least-recently-used with O(1) work: each
/// shard fills a current generation; when it is full, it becomes the previous one and the
/// one before is dropped. A hit in the previous generation moves the entry forward. Results
/// are identical with or without the cache: an entry is the very `PreparedText` that
/// `prepare` made for the same text and style.
final class PreparedTextCache: Sendable {
    /// What a prepared text depends on. The font chain is identified by object: the cached
    /// `PreparedText` holds its chain, so the identifier cannot be reused while cached.
    struct Key: Hashable, Sendable {
        var text: String
        var fonts: ObjectIdentifier
        var size: Double
        var displayScale: Double
        var language: String
        var lineSpacing: Double
        var lineBreak: LineBreakStrictness
        var profile: MetricsProfile

        init(text: String, style: TextStyle) {
            self.text = text
            fonts = ObjectIdentifier(style.fonts)
            size = style.size
            displayScale = style.displayScale
            language = style.language
            lineSpacing = style.lineSpacing
            lineBreak = style.lineBreak
            profile = style.profile
        }
    }

    fileprivate struct Shard {
        var current: [Key: PreparedText] = [:]
        var previous: [Key: PreparedText] = [:]
    }

    /// One shard's lock; shards keep threads from waiting on each other.
    private final class LockedShard: Sendable {
        let state = Mutex(Shard())
    }

    private static let shardCount = 16
    private let shards: [LockedShard]
    private let generationCapacity: Int
    private let hitCount = Atomic<Int>(0)
    private let missCount = Atomic<Int>(0)

    /// A cache of at most `capacity` prepared texts (rounded up to a multiple of 32).
    init(capacity: Int) {
        generationCapacity = max(1, (capacity + 2 * Self.shardCount - 1) / (2 * Self.shardCount))
        shards = (0..<Self.shardCount).map { _ in LockedShard() }
    }

    /// The cached text for `key`, or the one `make` prepares, which is then cached.
    func prepared(for key: Key, make: () throws(TextEngineError) -> PreparedText) throws(TextEngineError) -> PreparedText {
        let shard = shards[Int(UInt(bitPattern: key.hashValue) % UInt(Self.shardCount))]
        let capacity = generationCapacity
        if let found = shard.state.withLock({ $0.take(key, generationCapacity: capacity) }) {
            hitCount.add(1, ordering: .relaxed)
            return found
        }
        missCount.add(1, ordering: .relaxed)
        let prepared = try make()
        shard.state.withLock { $0.insert(prepared, for: key, generationCapacity: capacity) }
        return prepared
    }

    var statistics: TextMeasurer.CacheStatistics {
        TextMeasurer.CacheStatistics(
            hits: hitCount.load(ordering: .relaxed), misses: missCount.load(ordering: .relaxed),
            entries: shards.reduce(0) { total, shard in
                total + shard.state.withLock { $0.current.count + $0.previous.count }
            })
    }
}

extension PreparedTextCache.Shard {
    /// The entry for `key`, moved into the current generation if it was in the previous one.
    fileprivate mutating func take(_ key: PreparedTextCache.Key, generationCapacity: Int) -> PreparedText? {
        if let found = current[key] { return found }
        guard let found = previous.removeValue(forKey: key) else { return nil }
        insert(found, for: key, generationCapacity: generationCapacity)
        return found
    }

    fileprivate mutating func insert(_ prepared: PreparedText, for key: PreparedTextCache.Key, generationCapacity: Int) {
        if current.count >= generationCapacity {
            previous = current
            current = [:]
        }
        current[key] = prepared
    }
}
