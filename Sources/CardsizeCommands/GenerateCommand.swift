// `cardsize generate`: a deterministic benchmark catalog of any size, made from the real ones.
import ArgumentParser
import CatalogGenerator
import CatalogIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a deterministic catalog of any size, made from the bundled real catalogs.",
        discussion: """
            Columns: id,title,author,language,cover_width,cover_height; 60% English (goodbooks-10k), \
            40% Japanese (Aozora Bunko), books drawn with a Zipf-like popularity, real cover sizes. \
            --mode realistic repeats real titles (one in ten with a volume number), so caches hit \
            often; --mode unique makes every title distinct from real title openings and \
            recombined words, so caches cannot help. The same mode and seed give the same bytes \
            on every machine. A summary goes to stderr.
            """)

    @Option(parsing: .unconditional, help: "How many records (0 to \(CatalogGenerator.maximumRecordCount)).")
    var records: Int
    @Option(help: "realistic or unique.", transform: { name in try CatalogGenerator.Mode(parsing: name) })
    var mode: CatalogGenerator.Mode
    @Option(parsing: .unconditional, help: "The random seed; the same seed gives the same catalog.") var seed: UInt64 = 1
    @Option(help: "The folder with goodbooks-10k.csv, aozora-bunko.csv and cover-sizes.csv (default: the bundled Catalogs/).")
    var catalogs: String?
    @Option(help: "csv or jsonl (default: from the output's extension, else csv).") var format: OutputFormat?
    @Option(name: [.customShort("o"), .long], help: "The catalog file to write.") var output: String

    func validate() throws {
        guard (0...CatalogGenerator.maximumRecordCount).contains(records) else {
            throw ValidationError(CatalogGeneratorError.recordCountOutOfRange(records).description)
        }
    }

    func run() throws {
        let directory = catalogs ?? SourceCatalogs.bundledDirectory
        let sources = try SourceCatalogs(directory: directory)
        let generator = try CatalogGenerator(sources: sources, mode: mode, seed: seed)
        let file = try OutputFile(path: output, inputs: SourceCatalogs.fileNames.map { directory + "/" + $0 })
        var progress = Progress(label: "records", input: nil)
        let started = ContinuousClock.now
        let byteCount = try generator.write(recordCount: records, to: file, format: outputFormat) { progress.tick() }
        progress.finish()
        try file.commit()
        StandardError.write(summary(byteCount: byteCount, elapsed: ContinuousClock.now - started) + "\n")
    }

    /// The format asked for, or the one the output's extension names, or CSV.
    private var outputFormat: OutputFormat {
        if let format { return format }
        return CatalogFormat(path: output) == .jsonLines ? .jsonl : .csv
    }

    private func summary(byteCount: Int, elapsed: Duration) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Double(records) / seconds : 0
        return "cardsize generate: \(records) records, mode \(mode.rawValue), seed \(seed), "
            + "\(byteCount) bytes of \(outputFormat.rawValue) in \(fixedPoint(seconds, digits: 2)) s "
            + "(\(fixedPoint(rate, digits: 0)) records/s) to \(output)"
    }
}
