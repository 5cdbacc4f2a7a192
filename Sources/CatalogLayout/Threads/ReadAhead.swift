// Reading ahead: a producer on its own thread, so parsing overlaps measuring.

/// Runs `produce` on a thread of its own until it returns `nil`, keeping at most `depth`
/// results waiting, so that reading and parsing a catalog overlaps measuring it while
/// memory stays bounded by `depth` batches.
final class ReadAhead<Element: Sendable>: Sendable {
    private let queue: BoundedQueue<Element>

    /// - Parameter produce: called on the producer's thread only.
    init(depth: Int, produce: @escaping @Sendable () -> Element?) {
        let queue = BoundedQueue<Element>(depth: depth)
        self.queue = queue
        DetachedThread.start {
            while let element = produce(), queue.push(element) {}
            queue.close()
        }
    }

    /// The next element in production order, waiting for it; `nil` after the last.
    func next() -> Element? { queue.pop() }

    /// Stops the producer after its current element (when the consumer gives up early).
    func cancel() { queue.cancel() }
}
