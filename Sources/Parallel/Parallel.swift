// Work over the items of a batch, spread over threads, results in the items' order.
import Dispatch
import Foundation
import Synchronization

/// Runs work for every index of a batch on several threads; what it gives does not depend
/// on the number of threads.
public enum Parallel {
    /// Calls `body` for every index in `0..<count`, on up to `threads` threads (nil: every
    /// core). Threads take contiguous chunks in turn, so each thread's caches see
    /// neighbouring items; the chunks are small (a sixty-fourth of a thread's share, at most
    /// 256), so that no thread waits long for the others at the end of a batch: with a
    /// sixteenth, 128 of a batch of 4,096 text requests, two threads waited at each batch's
    /// end for a chunk's worth of work, 2.4% of `text --jsonl`'s wall time.
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
        let workers = min(count, max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount))
        guard workers > 1 else {
            var state = makeState()
            for index in 0..<count { body(&state, index) }
            return
        }
        let chunkSize = max(1, min(256, count / (workers * 64)))
        let nextChunk = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var state = makeState()
            while true {
                let start = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue * chunkSize
                guard start < count else { return }
                for index in start..<min(count, start + chunkSize) { body(&state, index) }
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
