// One thread's shaped segments (words, or whole runs), by font, script, direction,
// language and scalars: shaping a segment seen before is a hash lookup and a copy.
import BoundedCache

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
///
/// A style is asked for once per run (``styleIndex(_:)``) and entries name it by its index
/// among the few styles a thread sees, so an entry is a header word, its scalars and its
/// advances side by side in one array: a hit reads the slot and one stretch of memory (with
/// entries, scalars and advances in arrays of their own it read four places, each a cache
/// miss in a table of megabytes).
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

    /// Segments longer than this are shaped every time: they rarely repeat. (A header word
    /// keeps the count in its low 8 bits.)
    static let maximumScalars = 48
    static let generationEntries = 1 << 14

    private var current = Generation()
    private var previous = Generation()
    /// The styles of this thread's runs, in the order first seen; entries and blocks of
    /// walls name them by index. Styles are few (a font, size, script and language each);
    /// past ``maximumStyles`` everything is dropped and learnt again.
    private var styles: [Style] = []
    /// Indices into ``styles`` by a hash of the style's font and script (``styleIndex(_:)``).
    private var recentStyleIndices = [Int?](repeating: nil, count: 64)
    /// The advances of single characters shaped alone, by style and scalar: walls (a kanji,
    /// a space: most of a Japanese title's segments and half a Latin one's), one-letter
    /// words, and the character before each break that the Pango profile measures alone
    /// (`Shaper.addLineEndAdjustments`), each read from a block of 256 BMP characters instead
    /// of hashed and probed. Per style, 256 blocks of 256 advances (``unknownAdvance`` where
    /// not yet shaped); a block is empty until one of its characters is asked for.
    private var aloneBlocks: [[Int32]] = []
    private static let unknownAdvance = Int32.min
    static let maximumStyles = 64

    /// A segment of the run being shaped that the cache lacks: where it lies in the run's
    /// scalars, where the cache will keep it (header 0: too long to keep), and the earlier
    /// pending segment with the same scalars, if any.
    private struct PendingSegment {
        var range: Range<Int>
        var header: UInt32
        var hash: UInt64
        var original: Int?
    }

    /// The run's segments waiting to be shaped, and scratch for shaping them together.
    private var pending: [PendingSegment] = []
    private var joinedScalars: [UInt32] = []
    private var joinedAdvances: [Int32] = []

    /// The index ``advances(of:styleIndex:into:shape:)`` and
    /// ``aloneAdvance(of:styleIndex:shape:)`` take for `style`, for one run: from a slot the
    /// style's font picks (a thread that measures requests in many fonts and sizes sees
    /// dozens of styles, and comparing them one by one cost more than the rest of a hit),
    /// else found among the styles and put in that slot.
    mutating func styleIndex(_ style: Style) -> Int {
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: style.font) >> 4) ^ UInt(style.script)) & 63
        if let index = recentStyleIndices[slot], styles[index] == style { return index }
        let index = styles.firstIndex(of: style) ?? appendStyle(style)
        recentStyleIndices[slot] = index
        return index
    }

    private mutating func appendStyle(_ style: Style) -> Int {
        if styles.count == Self.maximumStyles {
            styles.removeAll()
            aloneBlocks.removeAll()
            current.removeAll()
            previous.removeAll()
            recentStyleIndices = Array(repeating: nil, count: 64)
        }
        styles.append(style)
        aloneBlocks.append(contentsOf: repeatElement([], count: 256))
        return styles.count - 1
    }

    /// Writes the advances of `scalars` in the style at `styleIndex` into `advances` (same
    /// count): a copy of the cached ones, or those `shape` writes, which are then kept.
    @inline(__always) mutating func advances(
        of scalars: UnsafeBufferPointer<UInt32>, styleIndex: Int, into advances: UnsafeMutableBufferPointer<Int32>,
        shape: (UnsafeMutableBufferPointer<Int32>) -> Void
    ) {
        guard (1...Self.maximumScalars).contains(scalars.count) else { return shape(advances) }
        let (header, hash) = Self.place(of: scalars, styleIndex: styleIndex)
        if copy(scalars, header: header, hash: hash, into: advances) { return }
        shape(advances)
        insert(scalars, header: header, hash: hash, advances: UnsafeBufferPointer(advances))
    }

    /// Writes the advances of the segment `scalars[piece]` of a run, in the style at
    /// `styleIndex`, into `advances[piece]` when they are cached; else notes the segment,
    /// for ``shapePending(in:joiner:into:shape:)`` to shape with the run's other missing
    /// segments. `advances[piece]` must be zero.
    @inline(__always) mutating func copyOrDefer(
        _ piece: Range<Int>, of scalars: UnsafeBufferPointer<UInt32>, styleIndex: Int,
        into advances: UnsafeMutableBufferPointer<Int32>
    ) {
        guard (1...Self.maximumScalars).contains(piece.count) else {
            return pending.append(PendingSegment(range: piece, header: 0, hash: 0, original: nil))
        }
        let key = UnsafeBufferPointer(rebasing: scalars[piece])
        let (header, hash) = Self.place(of: key, styleIndex: styleIndex)
        if copy(key, header: header, hash: hash, into: UnsafeMutableBufferPointer(rebasing: advances[piece])) { return }
        deferMissing(piece, of: scalars, header: header, hash: hash)
    }

    /// Notes a segment the cache lacks; apart, so that the lookup inlines into the shaper.
    @inline(never) private mutating func deferMissing(
        _ piece: Range<Int>, of scalars: UnsafeBufferPointer<UInt32>, header: UInt32, hash: UInt64
    ) {
        // The same word twice in a run ("The Hunger Games (The Hunger Games, #1)") is shaped once.
        let original = pending.firstIndex {
            $0.header == header && $0.hash == hash && scalars[$0.range].elementsEqual(scalars[piece])
        }
        pending.append(PendingSegment(range: piece, header: header, hash: hash, original: original))
    }

    /// Whether ``copyOrDefer(_:of:styleIndex:into:)`` has noted segments to shape.
    var hasPending: Bool { !pending.isEmpty }

    /// Whether as many segments wait as are shaped in one call: a long text of words
    /// never met is shaped in groups, so looking for the same word among those waiting
    /// stays short.
    var isPendingFull: Bool { pending.count >= Self.maximumPending }
    private static let maximumPending = 16

    /// Shapes the segments ``copyOrDefer(_:of:styleIndex:into:)`` noted in `scalars`, writes
    /// their advances into `advances` and keeps them. Several are shaped in one call of
    /// `shape` (which shapes all of its scalars, as a text of their own, into its zeroed
    /// advances), one after another with `joiner` between each two: a wall of the run's plan
    /// (``GlyphWalls``), next to which each segment shapes exactly as on its own, as where
    /// the run was cut at walls. Each HarfBuzz call has a fixed cost besides its glyphs,
    /// and a title met for the first time often has several words never shaped.
    /// Without `joiner`, each is shaped on its own.
    @inline(never) mutating func shapePending(
        in scalars: UnsafeBufferPointer<UInt32>, joiner: UInt32?, into advances: UnsafeMutableBufferPointer<Int32>,
        shape: (UnsafeBufferPointer<UInt32>, UnsafeMutableBufferPointer<Int32>) -> Void
    ) {
        defer { pending.removeAll(keepingCapacity: true) }
        var originals = 0
        for segment in pending where segment.original == nil { originals += 1 }
        if let joiner, originals > 1 {
            joinedScalars.removeAll(keepingCapacity: true)
            for segment in pending where segment.original == nil {
                if !joinedScalars.isEmpty { joinedScalars.append(joiner) }
                joinedScalars.append(contentsOf: UnsafeBufferPointer(rebasing: scalars[segment.range]))
            }
            joinedAdvances.removeAll(keepingCapacity: true)
            joinedAdvances.append(contentsOf: repeatElement(0, count: joinedScalars.count))
            joinedScalars.withUnsafeBufferPointer { joined in
                joinedAdvances.withUnsafeMutableBufferPointer { joinedAdvances in
                    shape(joined, joinedAdvances)
                    var offset = 0
                    for segment in pending where segment.original == nil {
                        UnsafeMutableBufferPointer(rebasing: advances[segment.range]).update(
                            fromContentsOf: joinedAdvances[offset..<(offset + segment.range.count)])
                        offset += segment.range.count + 1
                    }
                }
            }
        } else {
            for segment in pending where segment.original == nil {
                shape(
                    UnsafeBufferPointer(rebasing: scalars[segment.range]),
                    UnsafeMutableBufferPointer(rebasing: advances[segment.range]))
            }
        }
        for segment in pending {
            if let original = segment.original {
                UnsafeMutableBufferPointer(rebasing: advances[segment.range]).update(
                    fromContentsOf: advances[pending[original].range])
            } else if segment.header != 0 {
                insert(
                    UnsafeBufferPointer(rebasing: scalars[segment.range]), header: segment.header, hash: segment.hash,
                    advances: UnsafeBufferPointer(rebasing: advances[segment.range]))
            }
        }
    }

    /// Copies the cached advances of `scalars` into `advances`, if kept; a hit in the
    /// previous generation moves the segment forward.
    @inline(__always) private mutating func copy(
        _ scalars: UnsafeBufferPointer<UInt32>, header: UInt32, hash: UInt64, into advances: UnsafeMutableBufferPointer<Int32>
    ) -> Bool {
        if current.copy(scalars, header: header, hash: hash, into: advances) { return true }
        guard previous.copy(scalars, header: header, hash: hash, into: advances) else { return false }
        insert(scalars, header: header, hash: hash, advances: UnsafeBufferPointer(advances))
        return true
    }

    private mutating func insert(
        _ scalars: UnsafeBufferPointer<UInt32>, header: UInt32, hash: UInt64, advances: UnsafeBufferPointer<Int32>
    ) {
        if current.count >= Self.generationEntries {
            swap(&current, &previous)
            current.removeAll()
        }
        current.insert(scalars, header: header, hash: hash, advances: advances)
    }

    /// Whether ``aloneAdvance(of:styleIndex:shape:)`` keeps `scalar`: the Basic Multilingual
    /// Plane (a block index holds 8 bits of the scalar).
    static func keepsAlone(_ scalar: UInt32) -> Bool { scalar < 0x1_0000 }

    /// The advance of `scalar` (``keepsAlone(_:)``) shaped alone in the style at `styleIndex`:
    /// the one `shape` returned the first time, kept. The same value as ``advances(of:styleIndex:into:shape:)``
    /// for the one-scalar segment, without hashing.
    @inline(__always) mutating func aloneAdvance(of scalar: UInt32, styleIndex: Int, shape: () -> Int32) -> Int32 {
        assert(Self.keepsAlone(scalar))
        let block = styleIndex << 8 | Int(scalar >> 8)
        let slot = Int(scalar & 0xFF)
        if !aloneBlocks[block].isEmpty, aloneBlocks[block][slot] != Self.unknownAdvance {
            return aloneBlocks[block][slot]
        }
        let advance = shape()
        if aloneBlocks[block].isEmpty { aloneBlocks[block] = Array(repeating: Self.unknownAdvance, count: 256) }
        aloneBlocks[block][slot] = advance
        return advance
    }

    /// Where a segment of `scalars` (1...``maximumScalars``) in the style at `styleIndex` is
    /// kept: its header word (the style above the low 8 bits, the scalar count in them) and
    /// its hash.
    @inline(__always) private static func place(
        of scalars: UnsafeBufferPointer<UInt32>, styleIndex: Int
    ) -> (header: UInt32, hash: UInt64) {
        let header = UInt32(styleIndex) << 8 | UInt32(scalars.count)
        return (header, hash(scalars, header: header))
    }

    /// A multiply–xorshift mix of the header (style and count) and the scalars.
    @inline(__always) private static func hash(_ scalars: UnsafeBufferPointer<UInt32>, header: UInt32) -> UInt64 {
        var hash = UInt64(header) &* 0x9E37_79B9_7F4A_7C15
        for scalar in scalars {
            hash = (hash ^ UInt64(scalar)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
        }
        return hash
    }

    /// One generation: its entries one after another in one array, found by hash.
    private struct Generation {
        /// Per entry: its header (style index above the low 8 bits, scalar count in them),
        /// its scalars, then their advances (bit patterns of `Int32`).
        var arena: [UInt32] = []
        var count = 0
        var slots = HashSlots(capacity: SegmentAdvanceCache.generationEntries)

        mutating func removeAll() {
            arena.removeAll(keepingCapacity: true)
            count = 0
            slots.removeAll()
        }

        /// Copies the advances of the segment into `out` if this generation has it.
        func copy(
            _ key: UnsafeBufferPointer<UInt32>, header: UInt32, hash: UInt64, into out: UnsafeMutableBufferPointer<Int32>
        ) -> Bool {
            arena.withUnsafeBufferPointer { arena in
                // Compared in place, scalar by scalar: segments are a few scalars, shorter
                // than a call to `memcmp` is worth.
                let found = slots.firstIndex(hash: hash) { start in
                    guard arena[start] == header else { return false }
                    for index in 0..<key.count where arena[start + 1 + index] != key[index] { return false }
                    return true
                }
                guard let start = found else { return false }
                let advances = start + 1 + key.count
                for index in 0..<key.count { out[index] = Int32(bitPattern: arena[advances + index]) }
                return true
            }
        }

        mutating func insert(
            _ key: UnsafeBufferPointer<UInt32>, header: UInt32, hash: UInt64, advances added: UnsafeBufferPointer<Int32>
        ) {
            let start = arena.count
            arena.append(header)
            arena.append(contentsOf: key)
            arena.append(contentsOf: added.lazy.map { UInt32(bitPattern: $0) })
            count += 1
            slots.add(index: start, hash: hash)
        }
    }
}
