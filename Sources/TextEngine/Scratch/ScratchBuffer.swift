// The resizable buffers a thread's shaping context reuses from one text to the next.

/// A buffer of plain values, resized text after text within the storage it keeps.
///
/// Written by hand rather than used as an `Array`: an array resized within its capacity
/// (emptied and refilled, or shortened and lengthened) goes through its generic range
/// replacement each time, and preparing a text resizes about ten of them. Resizing this buffer sets its count when the storage is its
/// own and large enough. A value, as an array is: a copy shares the storage until
/// either is changed, when the one changed takes a copy of its own.
struct ScratchBuffer<Element: BitwiseCopyable>: RandomAccessCollection, MutableCollection {
    /// Storage for `capacity` elements, of which a buffer's first `count` are set.
    private final class Storage {
        let base: UnsafeMutablePointer<Element>
        let capacity: Int

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        deinit { base.deallocate() }
    }

    /// Nil until the buffer first holds an element: an empty buffer allocates nothing.
    private var storage: Storage?
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element {
        get {
            precondition(position >= 0 && position < count, "index out of range")
            return storage.unsafelyUnwrapped.base[position]
        }
        set {
            precondition(position >= 0 && position < count, "index out of range")
            makeUnique(capacity: count)
            storage.unsafelyUnwrapped.base[position] = newValue
        }
    }

    /// Makes the buffer `count` copies of `filler`, then lets `body` write its elements in
    /// place.
    mutating func overwrite(count: Int, with filler: Element, _ body: (UnsafeMutableBufferPointer<Element>) -> Void = { _ in })
    {
        resize(count)
        withUnsafeMutableBufferPointer { elements in
            elements.initialize(repeating: filler)
            body(elements)
        }
    }

    /// Empties the buffer, keeping its storage.
    mutating func removeAll() { count = 0 }

    mutating func append(_ element: Element) {
        resize(count + 1)
        storage.unsafelyUnwrapped.base[count - 1] = element
    }

    mutating func append(contentsOf elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<Element>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(UnsafeBufferPointer(start: storage?.base, count: count))
    }

    mutating func withUnsafeMutableBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeMutableBufferPointer<Element>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        makeUnique(capacity: count)
        return try body(UnsafeMutableBufferPointer(start: storage?.base, count: count))
    }

    func withContiguousStorageIfAvailable<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows
        -> Result?
    {
        try body(UnsafeBufferPointer(start: storage?.base, count: count))
    }

    /// Sets the count, keeping the first elements; elements added are unset until written.
    private mutating func resize(_ newCount: Int) {
        makeUnique(capacity: newCount)
        count = newCount
    }

    /// Makes the storage this buffer's own and able to hold `capacity` elements, copying the
    /// elements set into new storage when it is shared or too small.
    @inline(__always) private mutating func makeUnique(capacity: Int) {
        if isKnownUniquelyReferenced(&storage), storage.unsafelyUnwrapped.capacity >= capacity { return }
        reallocate(capacity: capacity)
    }

    /// ``makeUnique(capacity:)``'s rare path, out of line.
    @inline(never) private mutating func reallocate(capacity: Int) {
        guard capacity > 0 || storage != nil else { return }
        // A shared storage is copied at its size; one too small grows at least twofold.
        let current = storage?.capacity ?? 0
        let copy = Storage(capacity: capacity <= current ? current : Swift.max(capacity, 2 * current, 16))
        if let storage { copy.base.initialize(from: storage.base, count: count) }
        storage = copy
    }
}

extension ScratchBuffer: Equatable where Element: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.elementsEqual(rhs) }
}

/// Elements that lie one after another in memory, read through a buffer pointer: an array
/// or a scratch buffer, for the functions that take either.
protocol ContiguousElements<Element> {
    associatedtype Element
    func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<Element>) throws(Failure) -> Result
    ) throws(Failure) -> Result
}

extension Array: ContiguousElements {}
extension ScratchBuffer: ContiguousElements {}

/// Sendable as an array is: storage is written only through a buffer that holds the one
/// reference to it (``ScratchBuffer/makeUnique(capacity:)``), so a buffer shared between
/// threads is only ever read.
extension ScratchBuffer: @unchecked Sendable where Element: Sendable {}
