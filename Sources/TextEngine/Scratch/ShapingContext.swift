// Per-thread scratch state for preparing texts: a HarfBuzz buffer and ICU line breakers.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locked
import Synchronization

/// The objects that preparing a text needs and that are not thread-safe: a HarfBuzz
/// buffer and one ICU line breaker per locale. A context is used by one thread at a time,
/// lent by a ``ScratchPool``; that is why it may be `@unchecked Sendable`.
///
/// Its storage is not checked for overlapping accesses at run time (`@exclusivity(unchecked)`):
/// one thread holds the context, each access is a plain borrow by that thread, and the checks
/// cost a sixtieth of a unique catalog's run.
final class ShapingContext: @unchecked Sendable {
    let buffer = HarfBuzzBuffer()
    /// Storage reused from one text to the next, so preparing a text allocates little
    /// beyond its result.
    @exclusivity(unchecked) var analysis = TextAnalysis()
    @exclusivity(unchecked) var scalarAdvances = ScratchBuffer<Int32>()
    @exclusivity(unchecked) var utf16 = BreakOpportunities.UTF16Scratch()
    @exclusivity(unchecked) var boundaries = ScratchBuffer<Boundary>()
    /// Words and runs this thread has shaped, for measurers with fast paths.
    @exclusivity(unchecked) var segments: SegmentAdvanceCache? = SegmentAdvanceCache()
    /// By ICU locale (``TextStyle/lineBreakLocale``): tags of one bounded form share one.
    @exclusivity(unchecked) private var breakers: [String: ICULineBreaker] = [:]
    @exclusivity(unchecked) private var recentLanguages = RecentPair<String, OpaquePointer?>()
    @exclusivity(unchecked) private var recentBreakers = RecentPair<LineBreakKey, ICULineBreaker>()
    /// This thread's own sized fonts per chain and scale: HarfBuzz fonts are cheap to make,
    /// and objects no other thread touches keep reference counting off shared cache lines.
    @exclusivity(unchecked) private var sizedFonts: [SizedFontsKey: FontCoverageMemo] = [:]
    /// The last chain and scale asked for, at hand without hashing.
    @exclusivity(unchecked) private var lastCoverage: (key: SizedFontsKey, coverage: FontCoverageMemo)?

    /// The most line breakers and sized chains kept: a few cover any catalog's styles, and
    /// requests that each name another size or language never fill memory.
    private static let keptPerThread = 64

    private struct SizedFontsKey: Hashable {
        var chain: ObjectIdentifier
        var scale: Int32
        var advances: ProfilePolicy.GlyphAdvances
    }

    private struct LineBreakKey: Hashable {
        var language: String
        var strictness: LineBreakStrictness
    }

    /// The line breaker for a style's language and strictness, opened on first use (which
    /// costs more than measuring a title) and then reused; the last two are at hand without
    /// hashing.
    func breaker(for style: TextStyle) throws(TextEngineError) -> ICULineBreaker {
        let key = LineBreakKey(language: style.language, strictness: style.lineBreak)
        if let recent = recentBreakers.value(for: key) { return recent }
        let locale = style.lineBreakLocale
        let breaker: ICULineBreaker
        if let opened = breakers[locale] {
            breaker = opened
        } else {
            breaker = try ICULineBreaker(locale: locale)
            if breakers.count >= Self.keptPerThread { breakers.removeAll() }
            breakers[locale] = breaker
        }
        recentBreakers.note(breaker, for: key)
        return breaker
    }

    /// For a style breaking between phrases, the strict breaker of its language, whose
    /// opportunities inside a phrase serve a phrase wider than the line; nil otherwise.
    func insidePhraseBreaker(for style: TextStyle) throws(TextEngineError) -> ICULineBreaker? {
        guard style.lineBreak == .phrase else { return nil }
        var strict = style
        strict.lineBreak = .strict
        return try breaker(for: strict)
    }

    /// HarfBuzz's language for the style, looked up (a walk of HarfBuzz's interned list)
    /// only when it is neither of the last two texts' languages.
    func harfBuzzLanguage(for style: TextStyle) -> OpaquePointer? {
        if let recent = recentLanguages.value(for: style.language) { return recent }
        let language = HarfBuzzUnicode.language(style.language)
        recentLanguages.note(language, for: style.language)
        return language
    }

    /// The style's font chain at its size, with this thread's memory of which font draws
    /// each character; made on first use by this context. The entry's sized fonts keep their
    /// chain alive, so the chain's identifier cannot be reused while it is here.
    func fontCoverage(for style: TextStyle, policy: ProfilePolicy) -> FontCoverageMemo {
        let key = SizedFontsKey(
            chain: ObjectIdentifier(style.fonts), scale: Int32(policy.units.units(style.size)),
            advances: policy.glyphAdvances)
        if let lastCoverage, lastCoverage.key == key { return lastCoverage.coverage }
        let coverage: FontCoverageMemo
        if let known = sizedFonts[key] {
            coverage = known
        } else {
            let sized = SizedFontChain(
                chain: style.fonts, size: style.size, units: policy.units, advances: policy.glyphAdvances)
            coverage = FontCoverageMemo(fonts: sized)
            if sizedFonts.count >= Self.keptPerThread { sizedFonts.removeAll() }  // so are sizes and chains
            sizedFonts[key] = coverage
        }
        lastCoverage = (key, coverage)
        return coverage
    }
}

/// Lends reusable scratch objects to one thread at a time.
///
/// Items live in one slot per processor, each claimed with one atomic exchange; a thread
/// starts at the slot its identity picks, so each thread keeps coming back to the same
/// item (and its warm per-thread caches) and threads touch no common cache line. One lock
/// around a shared list of items, taken twice per text, was a line that every measuring
/// thread wrote. Threads beyond the slots (a server's many) share a locked list of items,
/// as many as they use at once.
final class ScratchPool<Item: Sendable>: Sendable {
    /// A slot and its item, padded to two cache lines so that neighbouring slots' claims do
    /// not share one.
    private final class Slot: @unchecked Sendable {
        let claimed = Atomic<Bool>(false)
        var item: Item?  // read and written only by the thread that claimed the slot
        private let padding: (Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int, Int) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    }

    /// Retained once by the pool and borrowed by each use: a slot read out of an array of
    /// strong references was retained and released per text.
    private let slots: [Unmanaged<Slot>]
    private let overflow = Locked<[Item]>([])
    private let make: @Sendable () -> Item

    init(make: @escaping @Sendable () -> Item) {
        self.make = make
        // No more than a slot per processor: each item keeps caches of a few megabytes.
        let slotCount = min(64, max(2, ProcessInfo.processInfo.activeProcessorCount))
        slots = (0..<slotCount).map { _ in .passRetained(Slot()) }
    }

    deinit {
        for slot in slots { slot.release() }
    }

    func withItem<Result, Failure: Error>(_ body: (Item) throws(Failure) -> Result) throws(Failure) -> Result {
        let lastSlot = Int(bitPattern: pthread_getspecific(LastSlot.key))
        let first = lastSlot > 0 ? (lastSlot - 1) % slots.count : Self.threadHash() % slots.count
        for offset in 0..<slots.count {
            let index = (first + offset) % slots.count
            // The outcome as a value: the borrowing call does not pass a typed error through.
            let outcome = slots[index]._withUnsafeGuaranteedRef { slot -> Swift.Result<Result, Failure>? in
                let claim = slot.claimed.compareExchange(expected: false, desired: true, ordering: .acquiring)
                guard claim.exchanged else { return nil }
                if index + 1 != lastSlot { pthread_setspecific(LastSlot.key, UnsafeRawPointer(bitPattern: index + 1)) }
                defer { slot.claimed.store(false, ordering: .releasing) }
                // Stored once: storing the item back on every use retained it and released
                // the old reference, the same object, per text.
                if slot.item == nil { slot.item = make() }
                do throws(Failure) {
                    return .success(try body(slot.item.unsafelyUnwrapped))
                } catch {
                    return .failure(error)
                }
            }
            if let outcome { return try outcome.get() }
        }
        let item = overflow.withLock { $0.popLast() } ?? make()
        defer { overflow.withLock { $0.append(item) } }
        return try body(item)
    }

    /// The calling thread's identity, mixed: threads' identities are their stacks'
    /// addresses, alike in their low bits.
    private static func threadHash() -> Int {
        #if canImport(Darwin)
        let identity = UInt64(UInt(bitPattern: pthread_self()))
        #else
        let identity = UInt64(pthread_self())
        #endif
        return Int((identity &* 0x9E37_79B9_7F4A_7C15) >> 33)
    }
}

/// Each thread's slot of its last use in a ``ScratchPool``, as the slot's index plus one
/// (zero: none yet), in pthread's thread-specific data, one key for all pools (every pool
/// has as many slots): a thread goes back to the slot it used, where two threads whose
/// identities picked the same slot kept trading the items, and the caches warm in them,
/// between cores.
private enum LastSlot {
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific data key left")
        return key
    }()
}

/// The values of the last two keys asked for, found without hashing: a catalog of two
/// languages alternates between them, which missed a memo of the last one for every other
/// text.
struct RecentPair<Key: Equatable, Value> {
    private var latest: (key: Key, value: Value)?
    private var previous: (key: Key, value: Value)?

    /// The value noted for `key`, if it is one of the last two; it becomes the latest.
    mutating func value(for key: Key) -> Value? {
        if let latest, latest.key == key { return latest.value }
        guard let previous, previous.key == key else { return nil }
        swap(&self.latest, &self.previous)
        return previous.value
    }

    mutating func note(_ value: Value, for key: Key) {
        previous = latest
        latest = (key, value)
    }
}
