// The scratch buffers behave as arrays do: values, resized in place, copied on write.
import Testing

@testable import TextEngine

@Suite struct ScratchBufferTests {
    /// A prepared text keeps its scalars as a copy of the context's buffer, which the next
    /// text rewrites: the copy must not change.
    @Test func aCopyKeepsItsElementsWhenTheOriginalIsRewritten() {
        var buffer = ScratchBuffer<UInt32>()
        buffer.overwrite(count: 5, with: 0) { for index in $0.indices { $0[index] = UInt32(index) } }
        let kept = buffer
        buffer.overwrite(count: 3, with: 9)
        buffer[0] = 7
        buffer.append(8)
        #expect(Array(kept) == [0, 1, 2, 3, 4])
        #expect(Array(buffer) == [7, 9, 9, 8])
    }

    /// Growing past the storage keeps the elements, across many sizes up and down.
    @Test func resizingKeepsTheFirstElementsAndFillsTheRest() {
        var buffer = ScratchBuffer<Int32>()
        var expected: [Int32] = []
        for round in 0..<200 {
            let count = (round * 37) % 150
            buffer.overwrite(count: count, with: Int32(round))
            expected = Array(repeating: Int32(round), count: count)
            for step in 0..<(round % 5) {
                buffer.append(Int32(-step))
                expected.append(Int32(-step))
            }
            #expect(Array(buffer) == expected)
        }
        buffer.removeAll()
        #expect(buffer.isEmpty)
    }

    @Test func aShrunkBufferReadsOnlyItsCount() {
        var buffer = ScratchBuffer<UInt8>()
        buffer.overwrite(count: 40, with: 1)
        buffer.overwrite(count: 2, with: 3)
        // The storage still holds 40 elements; the buffer is two long.
        #expect(buffer.count == 2 && Array(buffer) == [3, 3])
        #expect(buffer.withUnsafeBufferPointer { $0.count } == 2)
    }
}
