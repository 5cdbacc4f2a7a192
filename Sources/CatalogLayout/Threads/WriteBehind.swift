// Writing behind: output records formatted and written on a thread of their own.
import CatalogIO
import Dispatch
import Locked

/// Formats and writes batches of output records on a thread of its own, in the order they
/// are handed over, so that writing overlaps measuring; at most `depth` batches wait. When
/// everything is written, ``finish()`` commits the output it was given (see CatalogIO's `OutputFile`).
///
/// ```swift
/// let output = WriteBehind<RecordOrError<CardSizeRecord>>(writer: RecordWriter(output: .standardOutput, format: .jsonl, columns: RecordOrError<CardSizeRecord>.columns))
/// output.write(records)
/// try output.finish()
/// ```
public final class WriteBehind<Record: WritableRecord>: Sendable {
    private let queue: BoundedQueue<[Record]>
    private let done = DispatchSemaphore(value: 0)
    /// The first write error, set by the writing thread.
    private let failure = Locked<(any Error)?>(nil)
    /// The output `writer` writes to, put in place by ``finish()``.
    private let output: OutputFile?

    /// - Parameters:
    ///   - writer: used by the writing thread only, from now on.
    ///   - output: the output `writer` writes to, committed once all is written.
    ///   - depth: the most batches that wait to be written.
    public init(writer: sending RecordWriter, committing output: OutputFile? = nil, depth: Int = 4) {
        self.output = output
        let queue = BoundedQueue<[Record]>(depth: depth)
        self.queue = queue
        let writer = HandedOver(writer)
        DetachedThread.start { [self] in
            do {
                try writer.use { writer in
                    while let records = queue.pop() {
                        for record in records { try writer.write(record) }
                        // Out now rather than at 64 KiB when no batch is waiting: a
                        // co-process's reader may be waiting for these records.
                        if queue.isEmpty { try writer.flush() }
                    }
                    try writer.flush()
                }
            } catch {
                failure.withLock { $0 = error }
                queue.cancel()
            }
            done.signal()
        }
    }

    /// Hands `records` over to be written after those handed over before.
    public func write(_ records: [Record]) {
        _ = queue.push(records)  // false only after a write failed; `finish` reports it
    }

    /// Waits until everything handed over is written and flushed, then commits the output;
    /// throws the first write error (the output is then not committed).
    public func finish() throws {
        queue.close()
        done.wait()
        if let failure = failure.withLock({ $0 }) { throw failure }
        try output?.commit()
    }
}
