// Entry indices addressed by a 64-bit hash: the table under the caches' generations.

/// The slots of an open-addressing hash table (linear probing) that hold what the caller
/// finds its entries by (an index into its own storage, or an entry's address), each beside
/// the top 16 bits of its entry's hash. The caller keeps each entry's key; a lookup visits
/// the slots of the entries whose hash starts the same probe and lets the caller compare
/// only those whose hash has the same top bits, so a probe past other entries reads none of
/// them (in a cache of megabytes, each entry read is a cache miss; an entry's address in its
/// slot spares the read of an array of entries, one miss more). Entries are only ever added, and all removed at once,
/// which is what a cache generation does: no deletion, no tombstones.
///
/// Written here rather than taken from a library: a `Dictionary` keyed by a precomputed
/// hash hashes that hash again (SipHash) on every probe, and one keyed by the key itself
/// copies each key it compares; swift-collections has no table that takes a caller's hash.
public struct HashSlots: Sendable {
    /// Per slot, the entry's index + 1 in the low 48 bits and its hash's top 16 bits above
    /// them; 0 for an empty slot. A power of two of slots, at least twice the most entries
    /// it is made for, so probes stay short. Allocated by the first ``add``: a table never
    /// added to costs nothing.
    @usableFromInline var slots: [UInt64] = []
    @usableFromInline let slotCount: Int

    /// Slots for up to `capacity` entries.
    @inlinable public init(capacity: Int) {
        var count = 1
        while count < 2 * max(1, capacity) { count <<= 1 }
        slotCount = count
    }

    /// The first index, in the order they were added, of the entries added with `hash` for
    /// which `matches` holds (the caller compares its own key), or nil. `matches` is asked
    /// only about entries whose hash has the same top 16 bits.
    @inlinable public func firstIndex(hash: UInt64, where matches: (Int) -> Bool) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            guard !slots.isEmpty else { return nil }
            let mask = slots.count - 1
            let tag = Self.tag(of: hash)
            var slot = Self.start(of: hash, mask: mask)
            while slots[slot] != 0 {
                if slots[slot] & Self.tagMask == tag {
                    let index = Int(truncatingIfNeeded: slots[slot] & ~Self.tagMask) - 1
                    if matches(index) { return index }
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Adds entry `index` (below 2^48 − 1: an index, or an address in a 48-bit address
    /// space), with `hash`. At most the capacity's count of entries are added between two
    /// ``removeAll()``s.
    @inlinable public mutating func add(index: Int, hash: UInt64) {
        precondition(index >= 0 && UInt64(index) < ~Self.tagMask, "a slot holds an index or address of 48 bits")
        if slots.isEmpty { slots = Array(repeating: 0, count: slotCount) }
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            var slot = Self.start(of: hash, mask: mask)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Self.tag(of: hash) | UInt64(index + 1)
        }
    }

    /// Empties every slot, keeping the storage.
    @inlinable public mutating func removeAll() {
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// A slot's bits that hold its entry's hash's top 16 bits.
    @inlinable static var tagMask: UInt64 { 0xFFFF_0000_0000_0000 }

    /// The top 16 bits of `hash`, where a slot keeps them.
    @inlinable static func tag(of hash: UInt64) -> UInt64 { hash & tagMask }

    /// Where a hash's probe starts: its bits above the low 8, which may have chosen the
    /// caller's shard (every hash in one shard shares them).
    @inlinable static func start(of hash: UInt64, mask: Int) -> Int { Int(truncatingIfNeeded: hash >> 8) & mask }
}
