// CatalogGenerator: determinism, output that reads back, edge cases and errors.
import CatalogGenerator
import CatalogIO
import Foundation
import Testing

@Suite struct CatalogGeneratorTests {
    typealias Fixtures = CatalogGeneratorFixtures

    @Test(arguments: CatalogGenerator.Mode.allCases)
    func sameSeedGivesSameBytesAndAnotherSeedOthers(mode: CatalogGenerator.Mode) throws {
        let first = try Fixtures.generatedBytes(mode: mode, seed: 1, recordCount: 20_000)
        let second = try Fixtures.generatedBytes(mode: mode, seed: 1, recordCount: 20_000)
        let otherSeed = try Fixtures.generatedBytes(mode: mode, seed: 2, recordCount: 20_000)
        #expect(first.count > 20_000 * 30)
        #expect(first == second)
        #expect(first != otherSeed)
        let firstRows = String(decoding: first, as: UTF8.self).split(separator: "\n").prefix(100)
        let otherRows = String(decoding: otherSeed, as: UTF8.self).split(separator: "\n").prefix(100)
        // Not just one record apart: most rows differ.
        #expect(zip(firstRows, otherRows).filter { $0 != $1 }.count > 80)
    }

    @Test(arguments: CatalogGenerator.Mode.allCases)
    func aSmallerCatalogIsTheStartOfALargerOne(mode: CatalogGenerator.Mode) throws {
        let small = try Fixtures.generatedBytes(mode: mode, recordCount: 1_000, format: .jsonl)
        let large = try Fixtures.generatedBytes(mode: mode, recordCount: 3_000, format: .jsonl)
        #expect(large.count > small.count)
        #expect(large.starts(with: small))
    }

    @Test(arguments: CatalogGenerator.Mode.allCases, [OutputFormat.csv, .jsonl])
    func outputReadsBackRecordForRecord(mode: CatalogGenerator.Mode, format: OutputFormat) throws {
        let count = 5_000
        let expected = try Fixtures.records(mode: mode, count: count)
        let bytes = try Fixtures.generatedBytes(mode: mode, recordCount: count, format: format)
        let mapping = ColumnMapping(
            imageSize: .init(width: "cover_width", height: "cover_height"), otherColumns: ["language"])
        let results = try Fixtures.catalogResults(bytes: bytes, format: format == .csv ? .csv : .jsonLines, mapping: mapping)
        let records = results.compactMap { try? $0.get() }
        #expect(results.count == count)
        #expect(records.count == count)
        #expect(records.map(\.id) == (1...count).map { String(format: "g%09d", $0) })
        #expect(records.map(\.title) == expected.map(\.title))
        #expect(records.map(\.author) == expected.map(\.author))
        #expect(Set(records.map { $0.otherFields["language"] }) == ["en", "ja"])
        let realSizes = Set(Fixtures.sources.coverSizes.map { [Double($0.width), Double($0.height)] })
        #expect(records.allSatisfy { record in record.imageSize.map { realSizes.contains([$0.width, $0.height]) } ?? false })
    }

    @Test(arguments: [OutputFormat.csv, .jsonl])
    func writeReportsTheBytesItWrote(format: OutputFormat) throws {
        var reportedByteCount = 0
        let bytes = try Fixtures.writtenBytes { handle in
            reportedByteCount = try Fixtures.uniqueGenerator.write(recordCount: 3_000, to: handle, format: format)
        }
        #expect(bytes.count > 3_000 * 30)
        #expect(reportedByteCount == bytes.count)
    }

    @Test func zeroRecordsIsAHeaderOrNothing() throws {
        let csv = try Fixtures.generatedBytes(mode: .unique, recordCount: 0, format: .csv)
        #expect(String(decoding: csv, as: UTF8.self) == "id,title,author,language,cover_width,cover_height\n")
        #expect(try Fixtures.catalogResults(bytes: csv).isEmpty)
        #expect(try Fixtures.generatedBytes(mode: .realistic, recordCount: 0, format: .jsonl).isEmpty)
    }

    @Test(arguments: CatalogGenerator.Mode.allCases)
    func oneRecord(mode: CatalogGenerator.Mode) throws {
        let csv = try Fixtures.generatedBytes(mode: mode, recordCount: 1)
        let results = try Fixtures.catalogResults(bytes: csv)
        try #require(results.count == 1)
        let record = try results[0].get()
        #expect(record.id == "g000000001")
        #expect(!record.title.isEmpty && !record.author.isEmpty)
        #expect(try Fixtures.records(mode: mode, count: 1).first?.title == record.title)
    }

    @Test func unknownModeIsNamedWithTheModesThereAre() {
        #expect(throws: CatalogGeneratorError.unknownMode("Unique")) { try CatalogGenerator.Mode(parsing: "Unique") }
        #expect(CatalogGeneratorError.unknownMode("x").description == "unknown mode 'x': expected realistic or unique")
        #expect((try? CatalogGenerator.Mode(parsing: "realistic")) == .realistic)
    }

    @Test func recordCountOutOfRange() throws {
        let generator = Fixtures.realisticGenerator
        #expect(throws: CatalogGeneratorError.recordCountOutOfRange(-1)) { try generator.records(count: -1) }
        let tooMany = CatalogGenerator.maximumRecordCount + 1
        #expect(throws: CatalogGeneratorError.recordCountOutOfRange(tooMany)) {
            try generator.records(count: tooMany)
        }
    }

    @Test func missingSourceCatalogIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("CatalogGenerator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in ["goodbooks-10k.csv", "cover-sizes.csv"] {
            try FileManager.default.copyItem(
                atPath: Fixtures.catalogPath(file), toPath: folder.appendingPathComponent(file).path)
        }
        let missing = folder.appendingPathComponent("aozora-bunko.csv").path
        #expect(throws: CatalogGeneratorError.missingSource(path: missing)) {
            try SourceCatalogs(directory: folder.path)
        }
        #expect(
            CatalogGeneratorError.missingSource(path: missing).description
                == "source catalog not found: '\(missing)' (the catalogs folder must hold goodbooks-10k.csv, "
                + "aozora-bunko.csv and cover-sizes.csv)")
    }

    @Test func unusableCoverSizesAreReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("CatalogGenerator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in ["goodbooks-10k.csv", "aozora-bunko.csv"] {
            try FileManager.default.copyItem(
                atPath: Fixtures.catalogPath(file), toPath: folder.appendingPathComponent(file).path)
        }
        let covers = folder.appendingPathComponent("cover-sizes.csv").path
        try Data("width,height\n250,400\n250,-1\n".utf8).write(to: URL(fileURLWithPath: covers))
        #expect(
            throws: CatalogGeneratorError.unusableSource(
                path: covers, reason: "line 3: width and height must be positive integers")
        ) { try SourceCatalogs(directory: folder.path) }
    }

    @Test func bundledSourcesAreTheRepositoryCatalogs() throws {
        let sources = try SourceCatalogs()
        #expect(sources.englishBooks.count == 10_000)
        #expect(sources.japaneseBooks.count == 14_759)
        #expect(sources.coverSizes.count == 4_839)
        #expect(sources.englishBooks.first == Fixtures.sources.englishBooks.first)
    }
}
