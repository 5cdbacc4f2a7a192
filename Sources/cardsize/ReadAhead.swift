// A producer on its own thread, a bounded queue between it and the consumer.
import Foundation

/// Runs `produce` on a thread of its own until it returns `nil`, keeping at most `depth`
/// results waiting, so that reading and parsing a catalog overlaps measuring it while
/// memory stays bounded by `depth` batches.
///
/// Written with a thread and a condition rather than Swift concurrency: the consumer is
/// synchronous code on the main thread, and the producer blocks on file reads.
final class ReadAhead<Element: Sendable>: @unchecked Sendable {
    // Guarded by `condition`.
    private var ready: [Element] = []
    private var finished = false
    private var cancelled = false
    private let condition = NSCondition()
    private let depth: Int

    /// - Parameter produce: called on the producer's thread only.
    init(depth: Int, produce: @escaping @Sendable () -> Element?) {
        self.depth = depth
        let thread = Thread { [self] in
            while let element = produce() {
                guard self.push(element) else { return }
            }
            self.condition.withLock {
                self.finished = true
                self.condition.broadcast()
            }
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// The next element in production order, waiting for it; `nil` after the last.
    func next() -> Element? {
        condition.withLock {
            while ready.isEmpty, !finished { condition.wait() }
            guard !ready.isEmpty else { return nil }
            let element = ready.removeFirst()
            condition.broadcast()
            return element
        }
    }

    /// Stops the producer after its current element (when the consumer gives up early).
    func cancel() {
        condition.withLock {
            cancelled = true
            condition.broadcast()
        }
    }

    /// Queues `element`, waiting while the queue is full; false once cancelled.
    private func push(_ element: Element) -> Bool {
        condition.withLock {
            while ready.count >= depth, !cancelled { condition.wait() }
            guard !cancelled else { return false }
            ready.append(element)
            condition.broadcast()
            return true
        }
    }
}
