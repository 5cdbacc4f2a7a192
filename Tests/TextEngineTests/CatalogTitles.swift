// The titles of the bundled real catalogs, read with CatalogIO, for tests that sweep them.
import CatalogIO
import Foundation

enum CatalogTitles {
    /// Every title of `Catalogs/NAME`, in file order.
    static func all(_ name: String) throws -> [String] {
        let path = TestSupport.repositoryRoot.appendingPathComponent("Catalogs/\(name)").path
        return try CatalogReader(path: path).map { try $0.get().title }
    }

    static let goodbooks = Result { try all("goodbooks-10k.csv") }
    static let aozora = Result { try all("aozora-bunko.csv") }
}
