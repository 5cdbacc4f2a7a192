// The queue between a catalog run's threads, abandoned part-way as an error mid-run leaves it.
import Testing

@testable import CatalogLayout

@Suite struct BoundedQueueTests {
    /// Freed with elements still queued, as when a run throws mid-catalog: before the fix,
    /// libdispatch trapped ("semaphore object deallocated while in use") and the process died.
    @Test func aQueueFreedWhileFullDoesNotTrap() {
        var queue: BoundedQueue<Int>? = BoundedQueue(depth: 2)
        #expect(queue?.push(1) == true)
        #expect(queue?.push(2) == true)
        queue = nil
        var cancelled: BoundedQueue<Int>? = BoundedQueue(depth: 3)
        #expect(cancelled?.push(1) == true)
        cancelled?.cancel()
        #expect(cancelled?.pop() == nil)
        cancelled = nil
    }

    @Test func elementsComeOutInOrderAndTheEndStaysTheEnd() {
        let queue = BoundedQueue<Int>(depth: 2)
        #expect(queue.push(1) && queue.push(2))
        queue.close()
        #expect([queue.pop(), queue.pop(), queue.pop(), queue.pop()] == [1, 2, nil, nil])
    }
}
