// One thread's shaped segments (words, or whole runs), by font, script, direction,
// language and scalars: shaping a segment seen before is a hash lookup and a copy.
import BoundedCache

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The per-scalar advances of segments shaped before, kept by one thread.
///
/// An open-addressing table (``HashSlots``) rather than a `Dictionary`: a lookup hashes the
/// segment's scalars where they lie in the text and compares them in place, so a hit
/// allocates nothing (a `Dictionary` would need each segment copied into a key first).
/// Per thread, so lookups take no lock and touch no shared cache line. Bounded: two
/// generations of at most ``generationEntries`` segments; when the current one is full it
/// becomes the previous one and the one before is dropped, and a hit in the previous one
/// moves the segment forward. Entries are exact copies of what shaping produced, so the
/// cache changes no result.
struct SegmentAdvanceCache {
    /// What a segment is shaped with besides its scalars.
    struct Style: Equatable {
        /// The sized font (`HarfBuzzFont`); its owner keeps it alive while cached here.
        var font: ObjectIdentifier
        var script: UInt32
        var rightToLeft: Bool
        /// HarfBuzz's interned language, stable for the process.
        var language: OpaquePointer?
    }

    /// Segments longer than this are shaped every time: they rarely repeat.
    static let maximumScalars = 48
    static let generationEntries = 1 << 14

    private var current = Generation()
    private var previous = Generation()
    /// The advances of single walls (a kanji, a space) shaped alone, by style and scalar:
    /// most of a Japanese title's segments and half a Latin one's, each read from a block of
    /// 256 BMP characters instead of hashed and probed. Styles are few (a font, size, script
    /// and language each); past ``maximumWallStyles`` all are dropped and learnt again.
    private var wallStyles: [Style] = []
    /// Per style, 256 blocks of 256 advances (``unknownAdvance`` where not yet shaped); a
    /// block is empty until one of its characters is asked for.
    private var wallBlocks: [[Int32]] = []
    private static let unknownAdvance = Int32.min
    static let maximumWallStyles = 64

    /// Writes the advances of `scalars` in `style` into `advances` (same count): a copy of
    /// the cached ones, or those `shape` writes, which are then kept.
    @inline(__always) mutating func advances(
        of scalars: UnsafeBufferPointer<UInt32>, style: Style, into advances: UnsafeMutableBufferPointer<Int32>,
        shape: (UnsafeMutableBufferPointer<Int32>) -> Void
    ) {
        guard (1...Self.maximumScalars).contains(scalars.count) else { return shape(advances) }
        let hash = Self.hash(scalars, style)
        if current.copy(scalars, style, hash: hash, into: advances) { return }
        if previous.copy(scalars, style, hash: hash, into: advances) {
            insert(scalars, style, hash: hash, advances: UnsafeBufferPointer(advances))
            return
        }
        shape(advances)
        insert(scalars, style, hash: hash, advances: UnsafeBufferPointer(advances))
    }

    private mutating func insert(
        _ scalars: UnsafeBufferPointer<UInt32>, _ style: Style, hash: UInt64, advances: UnsafeBufferPointer<Int32>
    ) {
        if current.entries.count >= Self.generationEntries {
            swap(&current, &previous)
            current.removeAll()
        }
        current.insert(scalars, style, hash: hash, advances: advances)
    }

    /// The index ``wallAdvance(of:styleIndex:shape:)`` takes for `style`, for one run.
    mutating func wallStyleIndex(_ style: Style) -> Int {
        if let index = wallStyles.firstIndex(of: style) { return index }
        if wallStyles.count == Self.maximumWallStyles {
            wallStyles.removeAll()
            wallBlocks.removeAll()
        }
        wallStyles.append(style)
        wallBlocks.append(contentsOf: repeatElement([], count: 256))
        return wallStyles.count - 1
    }

    /// The advance of the wall `scalar` (of the Basic Multilingual Plane) alone in the style
    /// at `styleIndex`: the one `shape` returned the first time, kept.
    @inline(__always) mutating func wallAdvance(of scalar: UInt32, styleIndex: Int, shape: () -> Int32) -> Int32 {
        assert(scalar < 0x1_0000, "walls are in the BMP (GlyphWalls.isWall); a block index holds 8 bits of the scalar")
        let block = styleIndex << 8 | Int(scalar >> 8)
        let slot = Int(scalar & 0xFF)
        if !wallBlocks[block].isEmpty, wallBlocks[block][slot] != Self.unknownAdvance { return wallBlocks[block][slot] }
        let advance = shape()
        if wallBlocks[block].isEmpty { wallBlocks[block] = Array(repeating: Self.unknownAdvance, count: 256) }
        wallBlocks[block][slot] = advance
        return advance
    }

    /// A multiply–xorshift mix of the style and the scalars.
    @inline(__always) private static func hash(_ scalars: UnsafeBufferPointer<UInt32>, _ style: Style) -> UInt64 {
        var hash = UInt64(UInt(bitPattern: style.font)) &* 0x9E37_79B9_7F4A_7C15
        hash ^= UInt64(style.script) << 1 | (style.rightToLeft ? 1 : 0)
        hash ^= UInt64(UInt(bitPattern: style.language)) &* 0xC2B2_AE3D_27D4_EB4F
        for scalar in scalars {
            hash = (hash ^ UInt64(scalar)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
        }
        return hash
    }

    /// One generation: entries, their scalars and advances in two arenas, found by hash.
    private struct Generation {
        struct Entry {
            var hash: UInt64
            var style: Style
            var start: Int32
            var count: Int32
        }

        var entries: [Entry] = []
        var scalars: [UInt32] = []
        var advances: [Int32] = []
        var slots = HashSlots(capacity: SegmentAdvanceCache.generationEntries)

        mutating func removeAll() {
            entries.removeAll(keepingCapacity: true)
            scalars.removeAll(keepingCapacity: true)
            advances.removeAll(keepingCapacity: true)
            slots.removeAll()
        }

        /// Copies the advances of the segment into `out` if this generation has it.
        func copy(
            _ key: UnsafeBufferPointer<UInt32>, _ style: Style, hash: UInt64, into out: UnsafeMutableBufferPointer<Int32>
        ) -> Bool {
            guard let entry = find(key, style, hash: hash) else { return false }
            let start = Int(entries[entry].start)
            advances.withUnsafeBufferPointer { stored in
                _ = out.initialize(from: stored[start..<(start + key.count)])
            }
            return true
        }

        private func find(_ key: UnsafeBufferPointer<UInt32>, _ style: Style, hash: UInt64) -> Int? {
            scalars.withUnsafeBufferPointer { stored in
                entries.withUnsafeBufferPointer { entries in
                    slots.firstIndex(hash: hash) { index in
                        let entry = entries[index]
                        return entry.hash == hash && Int(entry.count) == key.count && entry.style == style
                            && memcmp(stored.baseAddress! + Int(entry.start), key.baseAddress!, 4 * key.count) == 0
                    }
                }
            }
        }

        mutating func insert(
            _ key: UnsafeBufferPointer<UInt32>, _ style: Style, hash: UInt64, advances added: UnsafeBufferPointer<Int32>
        ) {
            entries.append(Entry(hash: hash, style: style, start: Int32(scalars.count), count: Int32(key.count)))
            scalars.append(contentsOf: key)
            advances.append(contentsOf: added)
            slots.add(index: entries.count - 1, hash: hash)
        }
    }
}
