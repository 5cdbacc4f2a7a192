// Work over the items of a batch, spread over threads, results in the items' order.
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Runs work for every index of a batch on several threads; what it gives does not depend
/// on the number of threads.
public enum Parallel {
    /// Calls `body` for every index in `0..<count`, on up to `threads` threads (nil: every
    /// core). Threads take contiguous chunks in turn, so each thread's caches see
    /// neighbouring items; the chunks are small (a sixty-fourth of a thread's share, at most
    /// 256), so that at the end of a batch no thread waits for the others longer than one
    /// small chunk's work.
    public static func forEachIndex(count: Int, threads: Int?, _ body: @Sendable (Int) -> Void) {
        forEachIndex(count: count, threads: threads, state: {}) { _, index in body(index) }
    }

    /// Calls `body` for every index in `0..<count` as ``forEachIndex(count:threads:_:)``
    /// does, with state of the thread's own that `makeState` makes once per thread: a memo
    /// of what the thread's last items had in common, which no other thread touches. Which
    /// indices share a state depends on the threads' timing, so what `body` does with an
    /// index must not depend on the state, only how fast it does it.
    public static func forEachIndex<State>(
        count: Int, threads: Int?, state makeState: @Sendable () -> State, _ body: @Sendable (inout State, Int) -> Void
    ) {
        forEachChunk(of: Chunking(count: count, threads: threads), state: makeState) { state, chunk, _ in
            for index in chunk { body(&state, index) }
        }
    }

    /// `transform` of each chunk of `0..<count` that ``forEachIndex(count:threads:state:_:)``
    /// hands out, in order, with state of the thread's own. The chunks' bounds depend on the
    /// number of threads (one chunk on one thread), so what is made of them must not, only
    /// how it is split: a chunk's results made into one value (one buffer of output rather
    /// than one per index, which whoever frees the results would free one by one).
    public static func mapChunks<Element: Sendable, State>(
        count: Int, threads: Int?, state makeState: @Sendable () -> State,
        _ transform: @Sendable (inout State, Range<Int>) -> Element
    ) -> [Element] {
        let chunking = Chunking(count: count, threads: threads)
        return Array(unsafeUninitializedCapacity: chunking.chunkCount) { buffer, initializedCount in
            // Each chunk is written by exactly one thread, once.
            let slots = Slots(base: buffer.baseAddress)
            forEachChunk(of: chunking, state: makeState) { state, chunk, chunkIndex in
                (slots.base! + chunkIndex).initialize(to: transform(&state, chunk))
            }
            initializedCount = chunking.chunkCount
        }
    }

    /// How a batch is split: how many threads work on it and how many indices a chunk has.
    private struct Chunking {
        let count: Int
        let workers: Int
        let chunkSize: Int

        init(count: Int, threads: Int?) {
            self.count = count
            workers = min(count, max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount))
            chunkSize = workers > 1 ? max(1, min(256, count / (workers * 64))) : max(1, count)
        }

        var chunkCount: Int { (count + chunkSize - 1) / chunkSize }
    }

    /// Calls `body` with every chunk of the batch and its index, on the chunking's threads,
    /// each taking the next chunk in turn.
    private static func forEachChunk<State>(
        of chunking: Chunking, state makeState: @Sendable () -> State,
        _ body: @Sendable (inout State, Range<Int>, Int) -> Void
    ) {
        guard chunking.workers > 1 else {
            var state = makeState()
            if chunking.count > 0 { body(&state, 0..<chunking.count, 0) }
            return
        }
        let nextChunk = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: chunking.workers) { _ in
            var state = makeState()
            while true {
                let chunkIndex = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
                let start = chunkIndex * chunking.chunkSize
                guard start < chunking.count else { return }
                body(&state, start..<min(chunking.count, start + chunking.chunkSize), chunkIndex)
            }
        }
    }

    /// `transform` of every index in `0..<count`, in order, computed on up to `threads`
    /// threads (nil: every core) as ``forEachIndex(count:threads:_:)`` spreads them.
    public static func map<Element: Sendable>(
        count: Int, threads: Int?, _ transform: @Sendable (Int) -> Element
    ) -> [Element] {
        map(count: count, threads: threads, state: {}) { _, index in transform(index) }
    }

    /// `transform` of every index in `0..<count`, in order, with state of the thread's own
    /// (see ``forEachIndex(count:threads:state:_:)``: the results must not depend on it).
    public static func map<Element: Sendable, State>(
        count: Int, threads: Int?, state makeState: @Sendable () -> State,
        _ transform: @Sendable (inout State, Int) -> Element
    ) -> [Element] {
        Array(unsafeUninitializedCapacity: count) { buffer, initializedCount in
            // Each index is written by exactly one thread, once.
            let slots = Slots(base: buffer.baseAddress)
            forEachIndex(count: count, threads: threads, state: makeState) { state, index in
                (slots.base! + index).initialize(to: transform(&state, index))
            }
            initializedCount = count
        }
    }

    /// The results' memory, shared by the threads that each fill their own indices.
    private struct Slots<Element>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>?
    }
}
