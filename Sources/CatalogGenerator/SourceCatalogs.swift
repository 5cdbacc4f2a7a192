// The real catalogs a generated catalog is made from, read into memory once.
import CatalogIO
import BundledFiles
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The English books, Japanese books and cover sizes read from a catalogs folder holding
/// `goodbooks-10k.csv`, `aozora-bunko.csv` and `cover-sizes.csv` (the repository's
/// `Catalogs/`).
///
/// Books keep their file order; records with an empty title are left out. This is all a
/// ``CatalogGenerator`` keeps in memory, whatever the size of the catalog it writes.
public struct SourceCatalogs: Sendable {
    /// A real book: its title and author as the source catalog has them.
    public struct Book: Sendable, Equatable {
        public let title: String
        public let author: String
    }

    /// A real cover's size in pixels.
    public struct CoverSize: Sendable, Hashable {
        public let width: Int
        public let height: Int
    }

    static let englishFileName = "goodbooks-10k.csv"
    static let japaneseFileName = "aozora-bunko.csv"
    static let coverSizesFileName = "cover-sizes.csv"
    /// The files a source folder holds.
    public static let fileNames = [englishFileName, japaneseFileName, coverSizesFileName]

    /// goodbooks-10k's books, most-rated first.
    public let englishBooks: [Book]
    /// Aozora Bunko's books, in its order (by author).
    public let japaneseBooks: [Book]
    /// Cover sizes of real book thumbnails, one per thumbnail (so common sizes repeat).
    public let coverSizes: [CoverSize]

    /// The bundled `Catalogs/` folder: `CARDSIZE_CATALOGS_DIR` if set, else
    /// `share/cardsize/Catalogs` of the install holding this code, else the source tree's
    /// (see ``BundledFiles``); the last candidate when none holds the catalogs, so that the
    /// error names a path.
    public static var bundledDirectory: String {
        let variable = "CARDSIZE_CATALOGS_DIR"
        let found = BundledFiles.directory(named: "Catalogs", marker: coverSizesFileName, environmentVariable: variable)
        return (found ?? BundledFiles.candidates(named: "Catalogs", environmentVariable: variable).last!).path
    }

    /// Reads the three source catalogs from `directory`.
    ///
    /// - Throws: ``CatalogGeneratorError/missingSource(path:)`` for a file that is not there;
    ///   ``CatalogGeneratorError/unusableSource(path:reason:)`` for one with a bad header, a
    ///   record that does not read, no books, or a cover size that is not a positive integer.
    public init(directory: String = bundledDirectory) throws(CatalogGeneratorError) {
        let folder = URL(fileURLWithPath: directory)
        englishBooks = try Self.books(at: folder.appendingPathComponent(Self.englishFileName).path)
        japaneseBooks = try Self.books(at: folder.appendingPathComponent(Self.japaneseFileName).path)
        coverSizes = try Self.coverSizes(at: folder.appendingPathComponent(Self.coverSizesFileName).path)
    }

    private static func books(at path: String) throws(CatalogGeneratorError) -> [Book] {
        try requireFile(at: path)
        var books: [Book] = []
        do {
            for result in try CatalogReader(path: path, format: .csv) {
                let record = try result.get()
                if !record.title.isEmpty { books.append(Book(title: record.title, author: record.author)) }
            }
        } catch {
            throw .unusableSource(path: path, reason: String(describing: error))
        }
        guard !books.isEmpty else { throw .unusableSource(path: path, reason: "no books") }
        return books
    }

    private static func coverSizes(at path: String) throws(CatalogGeneratorError) -> [CoverSize] {
        try requireFile(at: path)
        var sizes: [CoverSize] = []
        do {
            var reader = try CSVReader(path: path)
            guard let width = reader.header.firstIndex(of: "width"),
                let height = reader.header.firstIndex(of: "height")
            else { throw CatalogGeneratorError.unusableSource(path: path, reason: "needs width and height columns") }
            while let result = reader.next() {
                let row = try result.get()
                guard let size = coverSize(row, widthAt: width, heightAt: height) else {
                    throw CatalogGeneratorError.unusableSource(
                        path: path, reason: "line \(row.line): width and height must be positive integers")
                }
                sizes.append(size)
            }
        } catch let error as CatalogGeneratorError {
            throw error
        } catch {
            throw .unusableSource(path: path, reason: String(describing: error))
        }
        guard !sizes.isEmpty else { throw .unusableSource(path: path, reason: "no cover sizes") }
        return sizes
    }

    private static func coverSize(_ row: CSVRecord, widthAt width: Int, heightAt height: Int) -> CoverSize? {
        guard max(width, height) < row.count, let widthValue = row.string(at: width).flatMap({ Int($0) }),
            let heightValue = row.string(at: height).flatMap({ Int($0) }), widthValue > 0, heightValue > 0
        else { return nil }
        return CoverSize(width: widthValue, height: heightValue)
    }

    private static func requireFile(at path: String) throws(CatalogGeneratorError) {
        guard FileManager.default.fileExists(atPath: path) else { throw .missingSource(path: path) }
    }
}
