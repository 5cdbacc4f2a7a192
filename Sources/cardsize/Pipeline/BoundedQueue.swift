// The queue between two threads of a catalog run: bounded, so memory stays flat.
import Foundation

/// A first-in, first-out queue of at most `depth` elements between one producing and one
/// consuming thread: `push` waits while it is full, `pop` while it is empty.
///
/// Written with a condition variable rather than Swift concurrency: both sides are
/// synchronous code (the main thread, and a thread blocking on file reads or writes).
final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    // Guarded by `condition`.
    private var elements: [Element] = []
    private var closed = false
    private var cancelled = false
    private let condition = NSCondition()
    private let depth: Int

    init(depth: Int) { self.depth = depth }

    /// Queues `element`, waiting while the queue is full; false once cancelled.
    func push(_ element: Element) -> Bool {
        condition.withLock {
            while elements.count >= depth, !cancelled { condition.wait() }
            guard !cancelled else { return false }
            elements.append(element)
            condition.broadcast()
            return true
        }
    }

    /// The oldest element, waiting for one; `nil` once closed and empty, or cancelled.
    func pop() -> Element? {
        condition.withLock {
            while elements.isEmpty, !closed, !cancelled { condition.wait() }
            guard !cancelled, !elements.isEmpty else { return nil }
            let element = elements.removeFirst()
            condition.broadcast()
            return element
        }
    }

    /// No more elements will be pushed; `pop` drains what is queued, then returns `nil`.
    func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }

    /// Both sides stop: `push` returns false and `pop` returns `nil` from now on.
    func cancel() {
        condition.withLock {
            cancelled = true
            condition.broadcast()
        }
    }
}

/// A value handed to one other thread that alone uses it from then on; unchecked because
/// that hand-over is the caller's promise.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
