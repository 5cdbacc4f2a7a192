// A value behind a lock, changed from many threads at once: no change is lost.
import Dispatch
import Locked
import Testing

@Suite struct LockedTests {
    @Test func incrementsFromManyThreadsAreAllKept() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func aThreadLockGuardsWhatItsCriticalSectionsChange() {
        final class Tally: @unchecked Sendable {
            let lock = ThreadLock()
            var values: [Int] = []  // guarded by `lock`
        }
        let tally = Tally()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<5_000 {
                tally.lock.lock()
                tally.values.append(thread * 5_000 + value)
                tally.lock.unlock()
            }
        }
        #expect(tally.values.sorted() == Array(0..<20_000))
    }

    struct Refusal: Error, Equatable {}

    @Test func anErrorThrownUnderTheLockLeavesItFree() throws {
        let value = Locked([1])
        #expect(throws: Refusal()) {
            try value.withLock { (numbers: inout [Int]) throws(Refusal) in
                numbers.append(2)
                throw Refusal()
            }
        }
        // The change made before the throw stays, and the lock is free for the next caller.
        #expect(value.withLock { $0 } == [1, 2])
    }
}
