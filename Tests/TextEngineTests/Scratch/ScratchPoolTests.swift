// The scratch pool lends each thread the item it used before.
import Dispatch
import Foundation
import Synchronization
import Testing

@testable import TextEngine

@Suite struct ScratchPoolTests {
    /// An item of its own identity, to see which one a use was lent.
    private final class Item: Sendable {}

    /// Two threads using the pool at once, each holding its item a moment: after its first
    /// use, each keeps coming back to the same item (and the caches warm in it). When both
    /// threads' identities picked the same slot, they traded items now and then (47 times in
    /// 2,000 uses each, in one run in six before threads kept to their slots).
    @Test func eachThreadKeepsItsItem() {
        let pool = ScratchPool { Item() }
        let changes = Mutex([0, 0])
        let items = Mutex([Set<ObjectIdentifier>(), Set<ObjectIdentifier>()])
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            var last: ObjectIdentifier?
            for _ in 0..<2_000 {
                let item = pool.withItem { item in
                    usleep(20)  // held while the other thread asks
                    return ObjectIdentifier(item)
                }
                if let last, last != item { changes.withLock { $0[thread] += 1 } }
                last = item
                items.withLock { _ = $0[thread].insert(item) }
            }
        }
        // The first uses may race for a slot; from then on each thread has its own.
        #expect(changes.withLock { $0 }.allSatisfy { $0 <= 1 }, "items changed hands \(changes.withLock { $0 }) times")
        #expect(items.withLock { $0[0].count + $0[1].count } <= 3)
    }
}
