// Views of a prepared text's records for tests.

extension PreparedText {
    /// The break opportunity at each cluster boundary `0...clusterCount`.
    var boundaries: [Boundary] { clusterRecords.map(\.boundary) }
    /// The scalar offset where each cluster starts, then the scalar count.
    var clusterScalarOffsets: [Int32] { clusterRecords.map(\.scalarOffset) }
    /// Every cluster's record, then the text end's.
    var clusterRecords: [ClusterRecord] { (0...clusterCount).map(record) }
}
