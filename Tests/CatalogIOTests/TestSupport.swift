import CatalogIO
// Shared helpers for the CatalogIO tests: bundled catalogs, temporary files, whole-input reads.
import Foundation
import Testing

enum TestSupport {
    /// The package root: this file is `Tests/CatalogIOTests/TestSupport.swift`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CatalogIOTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the package root

    /// A file of `Catalogs/`, as a path string.
    static func catalogPath(_ file: String) -> String {
        repositoryRoot.appendingPathComponent("Catalogs").appendingPathComponent(file).path
    }

    /// Writes `contents` to a new temporary file named `*.<fileExtension>`, runs `body` with
    /// its path, then deletes the file.
    static func withTemporaryFile<T>(
        _ contents: [UInt8], fileExtension: String = "csv", _ body: (String) throws -> T
    ) throws -> T {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("CatalogIOTests-\(UUID().uuidString).\(fileExtension)")
        try Data(contents).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    /// The bytes `write` writes to an ``OutputFile`` at a new temporary path.
    static func writtenBytes(_ write: (OutputFile) throws -> Void) throws -> [UInt8] {
        try withTemporaryFile([]) { path in
            let output = try OutputFile(path: path)
            try write(output)
            try output.commit()
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
    }

    /// Every result of reading `text` as CSV, each record as its fields' text.
    static func csvResults(_ text: String, maximumRecordBytes: Int = 1 << 20) throws
        -> (header: [String], results: [Result<[String], CSVSyntaxError>])
    {
        try csvResults(bytes: Array(text.utf8), maximumRecordBytes: maximumRecordBytes)
    }

    /// Every result of reading `bytes` as CSV, each record as its fields' text.
    static func csvResults(bytes: [UInt8], maximumRecordBytes: Int = 1 << 20) throws
        -> (header: [String], results: [Result<[String], CSVSyntaxError>])
    {
        try withTemporaryFile(bytes) { path in
            let reader = try CSVReader(path: path, maximumRecordBytes: maximumRecordBytes)
            return (reader.header, reader.map { $0.map(fieldTexts) })
        }
    }

    /// A record's fields as text (invalid UTF-8 shows as U+FFFD).
    static func fieldTexts(_ record: CSVRecord) -> [String] {
        record.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every result of reading `text` as a catalog in the format `fileExtension` names.
    static func catalogResults(
        _ text: String, fileExtension: String = "csv", mapping: ColumnMapping = ColumnMapping()
    ) throws -> [Result<CatalogRecord, CatalogError>] {
        try catalogResults(bytes: Array(text.utf8), fileExtension: fileExtension, mapping: mapping)
    }

    /// Every result of reading `bytes` as a catalog in the format `fileExtension` names.
    static func catalogResults(
        bytes: [UInt8], fileExtension: String = "csv", mapping: ColumnMapping = ColumnMapping()
    ) throws -> [Result<CatalogRecord, CatalogError>] {
        try withTemporaryFile(bytes, fileExtension: fileExtension) { path in
            Array(try CatalogReader(path: path, mapping: mapping))
        }
    }
}

extension Result {
    /// The success value, or `nil` for a failure.
    var value: Success? { try? get() }

    /// The failure, or `nil` for a success.
    var error: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
