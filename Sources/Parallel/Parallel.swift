// Work over the items of a batch, spread over threads, results in the items' order.
import Dispatch
import Foundation
import Synchronization

/// Runs work for every index of a batch on several threads; what it gives does not depend
/// on the number of threads.
public enum Parallel {
    /// Calls `body` for every index in `0..<count`, on up to `threads` threads (nil: every
    /// core). Threads take contiguous chunks in turn, so each thread's caches see
    /// neighbouring items; the chunks are small (a sixteenth of a thread's share, at most
    /// 256), so that no thread waits long for the others at the end of a batch.
    public static func forEachIndex(count: Int, threads: Int?, _ body: @Sendable (Int) -> Void) {
        let workers = min(count, max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount))
        guard workers > 1 else {
            for index in 0..<count { body(index) }
            return
        }
        let chunkSize = max(1, min(256, count / (workers * 16)))
        let nextChunk = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let start = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue * chunkSize
                guard start < count else { return }
                for index in start..<min(count, start + chunkSize) { body(index) }
            }
        }
    }

    /// `transform` of every index in `0..<count`, in order, computed on up to `threads`
    /// threads (nil: every core) as ``forEachIndex(count:threads:_:)`` spreads them.
    public static func map<Element: Sendable>(
        count: Int, threads: Int?, _ transform: @Sendable (Int) -> Element
    ) -> [Element] {
        Array(unsafeUninitializedCapacity: count) { buffer, initializedCount in
            // Each index is written by exactly one thread, once.
            let slots = Slots(base: buffer.baseAddress)
            forEachIndex(count: count, threads: threads) { index in
                (slots.base! + index).initialize(to: transform(index))
            }
            initializedCount = count
        }
    }

    /// The results' memory, shared by the threads that each fill their own indices.
    private struct Slots<Element>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>?
    }
}
