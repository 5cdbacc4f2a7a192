// Real cover sizes given to records that have none, picked by a hash of the record's id.
import CardModel
import CatalogIO
import Geometry

/// Cover sizes read from a CSV with `width` and `height` columns (such as
/// `Catalogs/cover-sizes.csv`), handed out deterministically: the same id gets the same
/// size on every machine and run (CardModel's `CardRecord.stableHash(ofID:)` picks the row).
public struct CoverSizes: Sendable, Hashable {
    public let sizes: [Size]

    /// Reads the sizes at `path`; throws ``CoverSizesError`` for a file without the columns,
    /// a size that is not two lengths greater than 0 (`LengthRange`), or no sizes, and
    /// CatalogIO's errors when the file cannot be read as CSV.
    public init(path: String) throws {
        var reader = try CSVReader(path: path)
        guard let width = reader.header.firstIndex(of: "width"), let height = reader.header.firstIndex(of: "height") else {
            throw CoverSizesError(description: "\(path): needs 'width' and 'height' columns, has \(reader.header)")
        }
        var sizes: [Size] = []
        while let row = reader.next() {
            let record = try row.get()
            guard let w = record.string(at: width).flatMap(Double.init), let h = record.string(at: height).flatMap(Double.init)
            else { throw CoverSizesError(description: "\(path), line \(record.line): width and height must be positive numbers") }
            if let problem = LengthRange.problem(with: w, positive: true) ?? LengthRange.problem(with: h, positive: true)
                ?? LengthRange.ratioProblem(width: w, height: h)
            {
                throw CoverSizesError(description: "\(path), line \(record.line): width and height: \(problem)")
            }
            sizes.append(Size(width: w, height: h))
        }
        guard !sizes.isEmpty else { throw CoverSizesError(description: "\(path): no cover sizes") }
        self.sizes = sizes
    }

    /// The cover size for the record with `id`.
    public func size(for id: String) -> Size {
        sizes[Int(CardRecord.stableHash(ofID: id) % UInt64(sizes.count))]
    }
}

/// A cover-size file that cannot be used, and why.
public struct CoverSizesError: Error, Sendable, CustomStringConvertible {
    public var description: String
}
