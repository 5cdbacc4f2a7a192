// A bounded, thread-safe cache with O(1) eviction: prepared texts, measurements, cards.
import Locked
import Synchronization

/// Values by key, bounded, safe to share between threads.
///
/// Eviction is by generations, an approximation of least-recently-used with O(1) work: each
/// shard fills a current generation; when it is full, it becomes the previous one and the
/// one before is dropped. A hit in the previous generation moves the entry forward. Sharding
/// by hash keeps threads from waiting on each other's locks. Keys hash themselves
/// (``CacheKey``), and the cache mixes in a random seed of its own.
///
/// Admission adapts, per class of keys (``CacheKey/admissionClass``: say, one label's texts
/// in one style): while a class's last 256 requests in a shard hit less than once in 64,
/// the shard looks up and keeps only that class's keys of one hash in 32, and its other
/// requests of the class take no lock at all, so a stream of values seen once (a catalog's
/// unique titles) pays for neither the lookups nor filling and dropping generations, while
/// another class that repeats (the same catalog's authors) is kept as before; as soon as
/// the keys it still looks up repeat, the class is looked up and kept whole again. What the
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
public final class GenerationalCache<Key: CacheKey, Value: Sendable>: Sendable {
    @usableFromInline struct Shard {
        @usableFromInline init(generationCapacity: Int) {
            current = Generation(capacity: generationCapacity)
            previous = Generation(capacity: generationCapacity)
        }

        @usableFromInline var current: Generation
        @usableFromInline var previous: Generation
        /// Per admission slot, the lookups and hits since its last verdict: whether its keys
        /// hit so rarely that most are not worth looking up, nor their values worth keeping.
        @usableFromInline var windows = [GenerationalCache.AdmissionWindow](
            repeating: GenerationalCache.AdmissionWindow(), count: GenerationalCache.admissionSlotCount)
        /// Lifetime counts, kept under the shard's lock rather than in shared atomics that
        /// every lookup on every thread would write.
        @usableFromInline var hits = 0
        @usableFromInline var misses = 0
    }

    /// One generation: its entries in the order they came, found by hash through
    /// ``HashSlots`` (a `Dictionary` keyed by the key copied every key it probed to compare
    /// it, and one keyed by the hash hashed the hash again on every probe). The slots hold
    /// the entries' addresses, so that a lookup goes from its slot to the entry without
    /// reading `entries`, which owns them.
    @usableFromInline struct Generation {
        @usableFromInline var entries: [Entry] = []
        @usableFromInline var slots: HashSlots

        @inlinable init(capacity: Int) { slots = HashSlots(capacity: capacity) }

        /// The entry for `key`, if this generation has one, unretained: valid while the
        /// generation holds it. Each entry asked is borrowed, not retained: both threads'
        /// hits on a popular entry wrote its reference count, a cache line passed between
        /// the cores on every hit.
        @inlinable func entry(for key: Key, hash: UInt64) -> Unmanaged<Entry>? {
            slots.firstIndex(hash: hash) { address in
                Self.entry(at: address)._withUnsafeGuaranteedRef { $0.isFor(key, hash: hash) }
            }.map(Self.entry(at:))
        }

        /// The entry whose address a slot holds.
        @inlinable static func entry(at address: Int) -> Unmanaged<Entry> {
            Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
        }

        @inlinable mutating func add(_ entry: Entry) {
            entries.append(entry)
            slots.add(index: Int(bitPattern: Unmanaged.passUnretained(entry).toOpaque()), hash: entry.hash)
        }

        @inlinable mutating func removeAll() {
            entries.removeAll(keepingCapacity: true)
            slots.removeAll()
        }
    }

    /// A value with the key it was made for; a class, so that reading one out of a
    /// generation retains it once rather than every string and array of its key and value.
    @usableFromInline final class Entry: Sendable {
        @usableFromInline let hash: UInt64
        @usableFromInline let key: Key
        @usableFromInline let value: Value

        @inlinable init(_ key: Key, hash: UInt64, value: Value) {
            self.hash = hash
            self.key = key
            self.value = value
        }

        /// Whether this entry holds `key`'s value, compared in place: read out of the entry
        /// for comparing, the key was copied, a reference count for each of its texts, in
        /// memory a lookup of a large cache does not otherwise touch.
        @inlinable func isFor(_ key: Key, hash: UInt64) -> Bool { self.hash == hash && self.key == key }
    }

    /// `key`'s hash mixed with the cache's `seed`, so that which keys share a probe cannot
    /// be worked out from outside the process. The shard is chosen by it and the shard's
    /// generations are keyed by it.
    @inlinable static func hash(of key: Key, seed: UInt64) -> UInt64 {
        // MurmurHash3's 64-bit finaliser: every bit of the key's hash reaches every bit
        // here, for the shard (low bits), the slot (middle bits) and sampling (top bits).
        var hash = (key.cacheHash ^ seed) &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        hash = hash &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 33)
    }

    /// One admission slot's lookups and hits since its last verdict.
    @usableFromInline struct AdmissionWindow: Sendable {
        @usableFromInline var lookups: Int32 = 0
        @usableFromInline var hits: Int32 = 0
        @usableFromInline init() {}
    }

    /// Admission classes fall into this many slots, each with its own verdict: two classes
    /// share one only by chance (one in 16).
    @usableFromInline static var admissionSlotCount: Int { 16 }

    /// The admission slot of keys of class `admissionClass`: its mix's top bits.
    @inlinable static func admissionSlot(of admissionClass: UInt64) -> Int {
        Int(truncatingIfNeeded: (admissionClass &* 0x9E37_79B9_7F4A_7C15) >> 60)
    }

    /// A shard and its lock. A ``ThreadLock`` rather than a `Mutex`: a `Mutex`'s closure cannot
    /// be inlined into client modules under strict concurrency checking. The verdicts (a bit
    /// per admission slot: set while it samples) and the count of requests they skipped are
    /// atomics, read and counted without the lock; a bit is set or cleared on its own, by a
    /// lookup's verdict under the lock or by a skipped request that reopens its slot.
    @usableFromInline final class LockedShard: @unchecked Sendable {
        @usableFromInline let lock = ThreadLock()
        /// Guarded by `lock`, so not also checked for overlapping accesses at run time.
        @exclusivity(unchecked) @usableFromInline var shard: Shard
        @usableFromInline let sampledSlots = Atomic<UInt16>(0)
        @usableFromInline let skipped = Atomic<Int>(0)
        @usableFromInline init(generationCapacity: Int) { shard = Shard(generationCapacity: generationCapacity) }

        @inlinable func withLock<Result>(_ body: (inout Shard) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&shard)
        }
    }

    @usableFromInline static var shardCount: Int { 16 }
    /// The shards, retained once by the cache and borrowed by each use (``withShard(of:_:)``):
    /// a strong reference read out of the array was retained and released per lookup, a
    /// reference count that every thread's lookups wrote, which cost two threads more than
    /// the lookup itself.
    @usableFromInline let shards: [Unmanaged<LockedShard>]
    @usableFromInline let generationCapacity: Int
    @usableFromInline let seed = UInt64.random(in: .min ... .max)

    /// A cache of at most `capacity` values (rounded up to a multiple of 32).
    public init(capacity: Int) {
        generationCapacity = max(1, (capacity + 2 * Self.shardCount - 1) / (2 * Self.shardCount))
        let generationCapacity = generationCapacity
        shards = (0..<Self.shardCount).map { _ in .passRetained(LockedShard(generationCapacity: generationCapacity)) }
    }

    deinit {
        for shard in shards { shard.release() }
    }

    /// The cached value for `key`, or the one `make` makes, which is then cached.
    @inlinable
    public func value<Failure: Error>(for key: Key, make: () throws(Failure) -> Value) throws(Failure) -> Value {
        let lookup = lookUp(key)
        if let found = lookup.found { return found }
        let made = try make()
        keep(made, for: lookup, key: key)
        return made
    }

    /// A lookup's outcome: the cached value, if any, and the key's hash worked out, to
    /// ``keep(_:for:key:)`` the value made instead. It holds no copy of the key: a lookup
    /// borrows its key, and only a value kept takes one (each copy of a key retained and
    /// released its texts, several times per lookup).
    public struct Lookup {
        @usableFromInline let hash: UInt64
        public let found: Value?
        /// Not looked up (its class rarely hits in the shard, which samples other keys of
        /// it): not to be kept.
        @usableFromInline let skipped: Bool

        @inlinable init(hash: UInt64, found: Value?, skipped: Bool) {
            self.hash = hash
            self.found = found
            self.skipped = skipped
        }
    }

    /// While a slot rarely hits, whether its requests for `key` are looked up: those of one
    /// hash in 32 (its top bits; the low ones chose the shard): few enough that filling and
    /// dropping generations with the sampled values costs a catalog of unique titles little.
    @inlinable static func isSampled(hash: UInt64) -> Bool { hash >> 59 == 0 }

    /// ``value(for:make:)`` in two steps, for a caller whose making would otherwise be a
    /// closure capturing values it must not copy (a copy of a shared object's reference
    /// touches a reference count that every thread shares).
    @inlinable public func lookUp(_ key: Key) -> Lookup {
        let hash = Self.hash(of: key, seed: seed)
        let slot = Self.admissionSlot(of: key.admissionClass)
        let capacity = generationCapacity
        return withShard(of: hash) { shard in
            let bit: UInt16 = 1 << slot
            if shard.sampledSlots.load(ordering: .relaxed) & bit != 0, !Self.isSampled(hash: hash) {
                // Every so many skipped requests, the slot is looked up whole again for a
                // window: a class with too few keys in this shard for any to be sampled
                // would otherwise never be looked up again, nor its repeats noticed.
                if shard.skipped.add(1, ordering: .relaxed).newValue % 8_192 == 0 {
                    shard.sampledSlots.bitwiseAnd(~bit, ordering: .relaxed)
                }
                return Lookup(hash: hash, found: nil, skipped: true)
            }
            let found = shard.take(key, hash: hash, admissionSlot: slot, generationCapacity: capacity)
            return Lookup(hash: hash, found: found, skipped: false)
        }
    }

    /// Keeps `value` for `key`, made after `lookup` of that key found nothing (unless the
    /// lookup was skipped).
    @inlinable public func keep(_ value: Value, for lookup: Lookup, key: Key) {
        // Another key than the lookup's would be kept where no lookup of it looks: never a
        // wrong value, but a value lost.
        assert(Self.hash(of: key, seed: seed) == lookup.hash, "kept for another key than the lookup's")
        guard !lookup.skipped else { return }
        let capacity = generationCapacity
        let entry = Entry(key, hash: lookup.hash, value: value)
        withShard(of: lookup.hash) { $0.withLock { $0.add(entry, generationCapacity: capacity) } }
    }

    /// Runs `body` on the shard of `hash`, borrowed: the cache holds it for its lifetime.
    @inlinable func withShard<Result>(of hash: UInt64, _ body: (LockedShard) -> Result) -> Result {
        shards[Int(hash % UInt64(Self.shardCount))]._withUnsafeGuaranteedRef(body)
    }

    /// Lookups so far and entries held now.
    public var statistics: CacheStatistics {
        shards.map { $0.takeUnretainedValue() }.reduce(CacheStatistics(hits: 0, misses: 0, entries: 0)) {
            total, lockedShard in
            let skipped = lockedShard.skipped.load(ordering: .relaxed)
            return lockedShard.withLock { shard in
                CacheStatistics(
                    hits: total.hits + shard.hits, misses: total.misses + shard.misses + skipped,
                    entries: total.entries + shard.current.entries.count + shard.previous.entries.count)
            }
        }
    }
}

/// A key of a ``GenerationalCache``: hashable, and hashing itself to 64 bits without
/// `Hasher` when it can. A key made of fields already hashed (a text's bytes hashed once
/// for the two caches that look it up) returns their mix: a `Hasher` pass, seeded and
/// finalised, costs more per lookup than the rest of a hit. The
/// cache mixes the value further with its own seed, so it need not be well spread, only
/// equal for equal keys.
public protocol CacheKey: Hashable, Sendable {
    /// The key's hash: equal keys have equal ones. By default, `hashValue`.
    var cacheHash: UInt64 { get }
    /// Which keys are likely to repeat alike: the cache decides per class whether its keys
    /// are worth looking up (see ``GenerationalCache``). The text engine's keys of one style
    /// (and, for a measurement, one width and limits) are one class, so that a catalog's
    /// titles, all different, do not cost its authors, which repeat, their cache. By
    /// default, 0: one class.
    var admissionClass: UInt64 { get }
}

extension CacheKey {
    @inlinable public var cacheHash: UInt64 { UInt64(UInt(bitPattern: hashValue)) }
    @inlinable public var admissionClass: UInt64 { 0 }
}

extension Int: CacheKey {}
extension String: CacheKey {}

/// How a cache has done so far.
public struct CacheStatistics: Sendable, Hashable {
    public var hits: Int
    public var misses: Int
    /// Values held now; one moved forward from the previous generation counts in both until
    /// that generation is dropped.
    public var entries: Int
    /// Hits over lookups, 0 before the first.
    public var hitRate: Double { hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses) }

    public init(hits: Int, misses: Int, entries: Int) {
        self.hits = hits
        self.misses = misses
        self.entries = entries
    }
}

extension GenerationalCache.LockedShard {
    /// The entry for `key`, moved into the current generation if it was in the previous one;
    /// every 256 requests of its admission slot, the slot's verdict (a shard sees one in 16
    /// of them: a window of 1,024 took a catalog's first 16,000 unique titles to learn).
    /// While the slot samples, each lookup stands for 32 requests, so its verdict comes
    /// after 8 lookups and compares the same rate: hits over lookups (one hit ends sampling).
    @inlinable func take(_ key: Key, hash: UInt64, admissionSlot slot: Int, generationCapacity: Int) -> Value? {
        withLock { shard in
            let found = shard.take(key, hash: hash, generationCapacity: generationCapacity)
            let verdicts = sampledSlots.load(ordering: .relaxed)
            let bit: UInt16 = 1 << slot
            shard.windows.withUnsafeMutableBufferPointer { windows in
                windows[slot].lookups += 1
                if found != nil { windows[slot].hits += 1 }
                if windows[slot].lookups >= (verdicts & bit != 0 ? 8 : 256) {
                    let rarelyHits = windows[slot].hits * 64 < windows[slot].lookups
                    if rarelyHits {
                        sampledSlots.bitwiseOr(bit, ordering: .relaxed)
                    } else {
                        sampledSlots.bitwiseAnd(~bit, ordering: .relaxed)
                    }
                    windows[slot] = GenerationalCache.AdmissionWindow()
                }
            }
            return found
        }
    }
}

extension GenerationalCache.Shard {
    /// The entry for `key`, added to the current generation if it was in the previous one
    /// (where it stays until that generation is dropped: generations only grow).
    @inlinable mutating func take(_ key: Key, hash: UInt64, generationCapacity: Int) -> Value? {
        if let found = current.entry(for: key, hash: hash) {
            hits += 1
            return found._withUnsafeGuaranteedRef { $0.value }  // read in place, not retained
        }
        guard let found = previous.entry(for: key, hash: hash) else {
            misses += 1
            return nil
        }
        hits += 1
        let entry = found.takeUnretainedValue()  // held while the generations turn over
        add(entry, generationCapacity: generationCapacity)
        return entry.value
    }

    @inlinable mutating func add(_ entry: GenerationalCache.Entry, generationCapacity: Int) {
        if current.entries.count >= generationCapacity {
            // The dropped generation's storage becomes the new one's: no allocation, no
            // freeing and no regrowing on every turn.
            swap(&previous, &current)
            current.removeAll()
        }
        current.add(entry)
    }
}
