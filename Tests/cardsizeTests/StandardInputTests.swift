// Catalogs on standard input and results on standard output, as a pipe (Spark's `RDD.pipe`,
// a shell pipeline) runs `cardsize`.
import Foundation
import Testing

@Suite struct StandardInputTests {
    /// Records of `cardsize measure` in one batch (`CardCatalogRun.batchSize`).
    static let batchSize = 4096

    /// A realistic generated catalog in JSON Lines, written to standard output (`-o -`).
    func generatedCatalog(records: Int) throws -> Data {
        let result = try CommandRunner.run([
            "generate", "--records", "\(records)", "--mode", "realistic", "--format", "jsonl", "-o", "-",
        ])
        try #require(result.status == 0, "\(result.standardError)")
        #expect(result.outputLines.count == records)
        return result.standardOutput
    }

    /// This test's files, removed after it.
    let folder = TemporaryFolder()

    func temporaryFile(_ name: String, _ contents: Data) throws -> URL {
        let url = folder.url.appendingPathComponent(name)
        try contents.write(to: url)
        return url
    }

    @Test func jsonLinesOnStandardInputGiveTheBytesOfTheSameFile() throws {
        let catalog = try generatedCatalog(records: 5000)
        let file = try temporaryFile("catalog.jsonl", catalog)
        let fromFile = try CommandRunner.run(["measure", file.path, "--template", "book-hug"])
        let fromStandardInput = try CommandRunner.run(["measure", "-", "--template", "book-hug", "-o", "-"], input: catalog)
        #expect(fromFile.status == 0)
        #expect(fromStandardInput.status == 0, "\(fromStandardInput.standardError)")
        #expect(fromStandardInput.outputLines.count == 5000)
        #expect(fromStandardInput.standardOutput == fromFile.standardOutput)
        // The summary goes to stderr only: stdout holds nothing but the records.
        #expect(fromStandardInput.standardError.contains("5000 records: 5000 cards, 0 errors"))
        #expect(fromStandardInput.outputLines.allSatisfy { $0.hasPrefix("{\"id\":") })
    }

    @Test func csvOnStandardInputNeedsItsFormatNamed() throws {
        let path = "Catalogs/aozora-bunko.csv"
        let catalog = try Data(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent(path))
        let fromFile = try CommandRunner.run(["measure", path, "--format", "csv"])
        let fromStandardInput = try CommandRunner.run(["measure", "-", "--catalog-format", "csv", "--format", "csv"], input: catalog)
        #expect(fromStandardInput.status == 0, "\(fromStandardInput.standardError)")
        #expect(fromStandardInput.outputLines.count == 14_759 + 1)
        #expect(fromStandardInput.standardOutput == fromFile.standardOutput)
        // Read as JSON Lines by default, a CSV line is no JSON object: one error record per line.
        let misread = try CommandRunner.run(["measure", "-"], input: Data("id,title,author\n1,A,B\n".utf8))
        #expect(misread.status == 2)
        #expect(misread.outputLines.count == 2)
        #expect(misread.outputLines.allSatisfy { $0.contains("\"error\":\"not valid JSON: ") })
    }

    @Test func badLinesOnStandardInputGiveErrorRecordsWithTheirLineNumbers() throws {
        let input = """
            {"id": "1", "title": "Kokoro", "author": "Natsume Sōseki"}

            {"id": "2", "title": "No author"}
            not json
            {"id": "", "title": "Empty id", "author": "A"}
            {"id": 6, "title": "こころ", "author": "夏目漱石"}

            """
        let result = try CommandRunner.run(["measure", "-"], input: Data(input.utf8))
        #expect(result.status == 2)
        // The blank line 2 is no record; lines 3, 4 and 5 fail in place.
        let lines = result.outputLines.map(String.init)
        try #require(lines.count == 5, "\(lines)")
        #expect(lines[0].hasPrefix(#"{"id":"1","width":127,"height":240,"#))
        #expect(lines[1] == #"{"id":"2","line":3,"field":"author","error":"missing field"}"#)
        #expect(lines[2] == #"{"id":null,"line":4,"field":null,"error":"not valid JSON: expected a value at byte 1"}"#)
        #expect(lines[3].hasPrefix(#"{"id":null,"line":5,"field":"id","#))
        #expect(lines[4].hasPrefix(#"{"id":"6","width":127,"height":240,"#))
        #expect(result.standardError.contains("5 records: 2 cards, 3 errors"))
    }

    @Test func resultsArriveWhileStandardInputIsStillOpen() throws {
        // Two full batches go in and the input stays open: the first batch's results must
        // come out before the input ends, as Spark's pipe and long shell pipelines need.
        let catalog = try generatedCatalog(records: 2 * Self.batchSize)
        let command = try CommandRunner.start(["measure", "-"])
        let output = StreamedOutput()
        let writer = Thread {
            command.input.write(catalog)
            output.inputWritten.signal()
        }
        let reader = Thread {
            while case let chunk = command.output.availableData, !chunk.isEmpty { output.append(chunk) }
            output.ended.signal()
        }
        writer.start()
        reader.start()
        // A guard against hanging the suite if results waited for the end of the input, not
        // a measurement: the first batch normally arrives in about a second.
        let arrivedBeforeEnd = output.firstBatch.wait(timeout: .now() + 600) == .success
        output.inputWritten.wait()
        try command.input.close()
        output.ended.wait()
        let result = command.finish(earlierOutput: output.data)
        #expect(arrivedBeforeEnd)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.outputLines.count == 2 * Self.batchSize)
    }
}

/// The output of a running command as a reader thread collects it, with signals for the
/// test's thread.
private final class StreamedOutput: @unchecked Sendable {
    /// Signalled once a batch of result lines has arrived.
    let firstBatch = DispatchSemaphore(value: 0)
    let inputWritten = DispatchSemaphore(value: 0)
    let ended = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var bytes = Data()
    private var lines = 0

    var data: Data { lock.withLock { bytes } }

    func append(_ chunk: Data) {
        lock.withLock {
            let before = lines
            bytes.append(chunk)
            lines += chunk.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            if before < StandardInputTests.batchSize, lines >= StandardInputTests.batchSize { firstBatch.signal() }
        }
    }
}

/// A stray quote that joins lines into a record that still reads is legal CSV; the summary
/// says that records ran over several lines, and where the first starts.
@Suite struct MultilineRecordWarningTests {
    @Test func theSummaryWarnsOfRecordsReadOverSeveralLines() throws {
        let catalog = "id,title,author\n1,\"Stray,A\n2,Two\",B\n3,Three,C\n"
        let result = try CommandRunner.run(["measure", "-", "--catalog-format", "csv"], input: Data(catalog.utf8))
        #expect(result.status == 0)
        #expect(result.outputLines.count == 2)
        #expect(result.standardError.contains("warning: 1 record(s) read over several lines (a quoted field with line breaks), the first at line 2"))
        let clean = try CommandRunner.run(["measure", "-", "--catalog-format", "csv"], input: Data("id,title,author\n1,A,B\n".utf8))
        #expect(!clean.standardError.contains("warning"))
        let file = try TemporaryCatalog(catalog, extension: "csv")
        let titles = try CommandRunner.run(["text", "--catalog", file.path])
        #expect(titles.status == 0)
        #expect(titles.standardError.contains("warning: 1 record(s) read over several lines"))
    }
}
