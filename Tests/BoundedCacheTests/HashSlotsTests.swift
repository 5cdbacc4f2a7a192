// The slots under the caches' generations: every entry found by its hash, and a probe
// that asks about no entry whose hash differs in its top 16 bits.
import BoundedCache
import Testing

@Suite struct HashSlotsTests {
    /// Entries whose hashes start the same probe (the same middle bits): a lookup finds each
    /// one, asking about the entries of its own hash only, while the entries of other top
    /// bits fill the probe in between; a hash never added finds nothing and asks about
    /// nothing.
    @Test func aLookupAsksOnlyAboutEntriesOfItsHashsTopBits() {
        var slots = HashSlots(capacity: 64)
        // One probe start for all: bits 8… equal, the top 16 bits 1…8, two entries of each.
        let hashes = (0..<16).map { UInt64($0 % 8 + 1) << 48 | 0x4200 }
        for (index, hash) in hashes.enumerated() { slots.add(index: index, hash: hash) }
        for (index, hash) in hashes.enumerated() {
            var asked: [Int] = []
            let found = slots.firstIndex(hash: hash) { candidate in
                asked.append(candidate)
                return candidate == index
            }
            #expect(found == index)
            #expect(asked.allSatisfy { hashes[$0] == hash }, "asked about \(asked) for entry \(index)")
        }
        var asked = 0
        #expect(slots.firstIndex(hash: 9 << 48 | 0x4200) { _ in asked += 1; return true } == nil)
        #expect(asked == 0)
        slots.removeAll()
        #expect(slots.firstIndex(hash: hashes[0]) { _ in true } == nil)
    }
}
