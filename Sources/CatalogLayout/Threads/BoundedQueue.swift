// The queue between two threads of a catalog run: bounded, so memory stays flat.
import Dispatch
import Locked

/// A first-in, first-out queue of at most `depth` elements between one producing and one
/// consuming thread: `push` waits while it is full, `pop` while it is empty.
///
/// Written with semaphores rather than Swift concurrency: both sides are synchronous code
/// (the caller's thread, and a thread blocking on file reads or writes). One semaphore
/// counts free places, one counts queued elements (plus one wake-up each for closing and
/// cancelling); the elements and flags sit behind a lock.
final class BoundedQueue<Element: Sendable>: Sendable {
    private struct State {
        var elements: [Element] = []
        var closed = false
        var cancelled = false
    }

    private let state = Locked(State())
    private let freePlaces: DispatchSemaphore
    private let queuedElements = DispatchSemaphore(value: 0)

    init(depth: Int) {
        // Made at 0 and raised: libdispatch traps when a semaphore is freed below the value
        // it was made with, which a run stopped early (an error mid-catalog) leaves it at.
        freePlaces = DispatchSemaphore(value: 0)
        for _ in 0..<depth { freePlaces.signal() }
    }

    /// Queues `element`, waiting while the queue is full; false once cancelled.
    func push(_ element: Element) -> Bool {
        freePlaces.wait()
        let queued = state.withLock { state in
            guard !state.cancelled else { return false }
            state.elements.append(element)
            return true
        }
        guard queued else {
            freePlaces.signal()  // passes the cancellation's wake-up on
            return false
        }
        queuedElements.signal()
        return true
    }

    /// The oldest element, waiting for one; `nil` once closed and empty, or cancelled.
    func pop() -> Element? {
        queuedElements.wait()
        let element = state.withLock { state -> Element? in
            guard !state.cancelled, !state.elements.isEmpty else { return nil }
            return state.elements.removeFirst()
        }
        guard let element else {
            queuedElements.signal()  // the end stays the end for the next call
            return nil
        }
        freePlaces.signal()
        return element
    }

    /// Whether nothing is queued now (the producer may push at any moment).
    var isEmpty: Bool { state.withLock { $0.elements.isEmpty } }

    /// No more elements will be pushed; `pop` drains what is queued, then returns `nil`.
    func close() {
        state.withLock { $0.closed = true }
        queuedElements.signal()
    }

    /// Both sides stop: `push` returns false and `pop` returns `nil` from now on.
    func cancel() {
        state.withLock { $0.cancelled = true }
        freePlaces.signal()
        queuedElements.signal()
    }
}
