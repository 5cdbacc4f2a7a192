// Real cover sizes given to records that have none, picked by a hash of the record's id.
import CardModel
import CatalogIO
import Geometry

/// Cover sizes read from a CSV with `width` and `height` columns (such as
/// `Catalogs/cover-sizes.csv`), handed out deterministically: the same id gets the same
/// size on every machine and run (FNV-1a of the id's UTF-8 bytes picks the row).
struct CoverSizes {
    let sizes: [Size]

    init(path: String) throws {
        var reader = try CSVReader(path: path)
        guard let width = reader.header.firstIndex(of: "width"), let height = reader.header.firstIndex(of: "height") else {
            throw ValidationErrorMessage("\(path): needs 'width' and 'height' columns, has \(reader.header)")
        }
        var sizes: [Size] = []
        while let row = reader.next() {
            let record = try row.get()
            guard let w = record.string(at: width).flatMap(Double.init), let h = record.string(at: height).flatMap(Double.init),
                w > 0, h > 0
            else { throw ValidationErrorMessage("\(path), line \(record.line): width and height must be positive numbers") }
            sizes.append(Size(width: w, height: h))
        }
        guard !sizes.isEmpty else { throw ValidationErrorMessage("\(path): no cover sizes") }
        self.sizes = sizes
    }

    /// The cover size for the record with `id`.
    func size(for id: String) -> Size {
        sizes[Int(CardRecord.stableHash(ofID: id) % UInt64(sizes.count))]
    }
}
