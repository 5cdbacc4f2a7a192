// The catalog a layout reads, as flags: the file, its format, its columns, its cards.
import ArgumentParser
import CatalogIO
import CatalogLayout

/// Which catalog to read and which columns (or JSON keys) hold what.
public struct CatalogFlags: ParsableArguments, Sendable {
    @Argument(help: "A CSV or JSONL catalog (the extension chooses), or - for standard input (JSONL unless --catalog-format csv).")
    public var catalog: String
    @Option(help: "The catalog's format, csv or jsonl (default: from its extension; jsonl for standard input).")
    public var catalogFormat: CatalogFormat?

    @Option(help: "The id column.") public var id = "id"
    @Option(help: "The title column.") public var title = "title"
    @Option(help: "The author column.") public var author = "author"
    @Option(help: "Columns holding each record's cover size, as WIDTH,HEIGHT.")
    public var imageSize: String?
    @Option(help: "The titles' language: auto (ja when a title has kana or kanji, else en), or a BCP 47 tag.")
    public var language = CatalogLayoutRequest.cards.language
    @Option(help: "A CSV of width,height cover sizes; a record without one gets one picked by its id.")
    public var coverSizes: String?
    @Option(parsing: .unconditional, help: "Threads that measure cards (default: every core); the output is the same for any number.")
    public var threads: Int?

    public init() {}

    public func validate() throws {
        if imageSize != nil, ColumnMapping.ImageSizeColumns(argument: imageSize!) == nil {
            throw ValidationError("--image-size takes two column names: WIDTH,HEIGHT")
        }
        try OptionCheck.count(threads, "--threads", in: 1...1024)
    }

    /// The catalog path that means standard input.
    public static let standardInput = "-"

    /// The files this run reads, which no output may be.
    public var inputFiles: [String] { [catalog] + [coverSizes].compactMap { $0 } }

    public var mapping: ColumnMapping {
        ColumnMapping(id: id, title: title, author: author, imageSize: imageSize.flatMap(ColumnMapping.ImageSizeColumns.init))
    }

    /// The catalog file, read again for the records of the parts drawn.
    public var records: (path: String, format: CatalogFormat?, mapping: ColumnMapping) { (catalog, catalogFormat, mapping) }

    /// `request` with these flags' cards: ``language``, ``coverSizes``, ``threads``.
    public func apply(to request: inout CatalogLayoutRequest) {
        request.language = language
        request.coverSizesFile = coverSizes
        request.threads = threads
    }
}

extension CatalogFormat: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument {
        case "csv": self = .csv
        case "jsonl", "ndjson": self = .jsonLines
        default: return nil
        }
    }

    public static var allValueStrings: [String] { ["csv", "jsonl"] }
}
