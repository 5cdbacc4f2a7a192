// Views of a prepared text's records for tests.

extension PreparedText {
    /// The break opportunity at each cluster boundary `0...clusterCount`.
    var boundaries: [Boundary] { clusters.map(\.boundary) }
    /// The scalar offset where each cluster starts, then the scalar count.
    var clusterScalarOffsets: [Int32] { clusters.map(\.scalarOffset) }
}
