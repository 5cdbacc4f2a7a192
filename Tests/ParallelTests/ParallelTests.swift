// Work spread over threads: every index once, results in order, for any number of threads.
import Parallel
import Synchronization
import Testing

@Suite struct ParallelTests {
    @Test(arguments: [1, 2, 3, 8])
    func mapGivesEachIndexsResultInOrder(threads: Int) {
        for count in [0, 1, 2, 7, 1_000, 20_011] {
            let mapped = Parallel.map(count: count, threads: threads) { index in "\(index * 7 % 1_013)" }
            #expect(mapped == (0..<count).map { "\($0 * 7 % 1_013)" }, "\(count) items on \(threads) threads")
        }
    }

    /// State of a thread's own: made once per thread (at most `threads` of them), each
    /// index still mapped once and in order.
    @Test(arguments: [1, 2, 3])
    func mapWithStateMakesOneStatePerThread(threads: Int) {
        let made = Atomic<Int>(0)
        let count = 5_003
        let mapped = Parallel.map(count: count, threads: threads, state: { () -> [Int] in
            made.add(1, ordering: .relaxed)
            return []
        }) { seen, index in
            seen.append(index)
            return index * 3
        }
        #expect(mapped == (0..<count).map { $0 * 3 })
        #expect((1...threads).contains(made.load(ordering: .relaxed)))
    }

    @Test(arguments: [1, 2, 5])
    func forEachIndexVisitsEveryIndexOnce(threads: Int) {
        let count = 10_007
        let visits = Mutex([Int](repeating: 0, count: count))
        Parallel.forEachIndex(count: count, threads: threads) { index in
            visits.withLock { $0[index] += 1 }
        }
        #expect(visits.withLock { $0.allSatisfy { $0 == 1 } })
    }

    /// Chunks in order that cover every index once, whatever the number of threads; one
    /// chunk on one thread.
    @Test(arguments: [1, 2, 3, 8])
    func mapChunksCoversEveryIndexOnceInOrder(threads: Int) {
        for count in [0, 1, 2, 7, 1_000, 20_011] {
            let chunks = Parallel.mapChunks(count: count, threads: threads, state: {}) { _, chunk in chunk }
            #expect(chunks.flatMap { Array($0) } == Array(0..<count), "\(count) items on \(threads) threads")
            #expect(chunks.allSatisfy { !$0.isEmpty })
            if threads == 1 { #expect(chunks.count == min(count, 1)) }
        }
    }
}
