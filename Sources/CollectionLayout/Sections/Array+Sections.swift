// Items cut into sections of a fixed size, as `--section-size` cuts a catalog.

extension Array {
    /// The elements cut into sections of `sectionSize` (the last may be shorter); all in one
    /// section for `nil` or no elements.
    public func sections(of sectionSize: Int?) -> [[Element]] {
        guard let sectionSize, !isEmpty else { return [self] }
        return stride(from: 0, to: count, by: sectionSize).map { Array(self[$0..<Swift.min($0 + sectionSize, count)]) }
    }
}
