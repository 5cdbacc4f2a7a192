// Writing behind: output records formatted and written on a thread of their own.
import CatalogIO
import Foundation

/// Formats and writes batches of output rows on a thread of its own, in the order they
/// are handed over, so that writing overlaps measuring; at most `depth` batches wait.
final class WriteBehind<Row: OutputRow>: @unchecked Sendable {
    private let queue: BoundedQueue<[Row]>
    private let done = DispatchSemaphore(value: 0)
    // Set by the writing thread before it signals `done`; read after waiting on `done`.
    private var failure: (any Error)?

    /// - Parameter writer: used by the writing thread only, from now on.
    init(writer: RecordWriter, depth: Int = 4) {
        let queue = BoundedQueue<[Row]>(depth: depth)
        self.queue = queue
        let writer = UncheckedSendable(value: writer)
        let thread = Thread { [self] in
            do {
                while let rows = queue.pop() {
                    for row in rows { try writer.value.write(row) }
                }
                try writer.value.flush()
            } catch {
                failure = error
                queue.cancel()
            }
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Hands `rows` over to be written after those handed over before.
    func write(_ rows: [Row]) {
        _ = queue.push(rows)  // false only after a write failed; `finish` reports it
    }

    /// Waits until everything handed over is written and flushed; throws the first write error.
    func finish() throws {
        queue.close()
        done.wait()
        if let failure { throw failure }
    }
}
