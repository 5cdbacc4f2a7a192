// Failed writes, closed standard streams, interrupted runs and outputs that are inputs, as a user meets them.
import Foundation
import Testing

@Suite struct OutputSafetyTests {
    /// Runs `cardsize` through the shell, so that a test can close or redirect its streams:
    /// `script` is appended to the quoted executable (`"$CARDSIZE" text hello >&-`).
    func shell(_ script: String, input: String = "") throws -> CommandResult {
        try CommandRunner.run(
            ["-c", "\"$CARDSIZE\" " + script], input: Data(input.utf8), program: URL(fileURLWithPath: "/bin/sh"),
            environment: ["CARDSIZE": CommandRunner.executable.path])
    }

    static let smallCatalog = "id,title,author\n1,Hello,A\n2,World,B\n"
    static let request = #"{"id":1,"text":"hello","size":17}"# + "\n"

    @Test(arguments: [
        "text --jsonl > /dev/full",
        "fonts --json > /dev/full",
        "fonts > /dev/full",
        "text hello --json > /dev/full",
        "measure Catalogs/goodbooks-10k.csv > /dev/full",
        "text --catalog Catalogs/goodbooks-10k.csv -o /dev/full",
        "layout tag-flow Catalogs/goodbooks-10k.csv -o /dev/full",
        "render --layout grid -o /dev/full --format png Catalogs/goodbooks-10k.csv",
    ])
    func aFullDiskFailsTheRunByName(script: String) throws {
        let result = try shell(script, input: Self.request)
        #expect(result.status == 1)
        #expect(result.standardError.contains("No space left on device"))
    }

    @Test(arguments: ["text --jsonl >&-", "text hello --json >&-", "fonts --json >&-", "measure Catalogs/goodbooks-10k.csv >&-"])
    func aClosedStandardOutputFailsTheRun(script: String) throws {
        let result = try shell(script, input: Self.request)
        #expect(result.status == 1)
        #expect(result.standardError.contains("cannot write to standard output: Bad file descriptor"))
    }

    /// With stderr closed, the output file would get descriptor 2 and the summary with it;
    /// descriptor 2 is held on /dev/null instead, and the lost summary fails the run.
    @Test func aClosedStandardErrorNeverPutsTheSummaryInTheOutput() throws {
        let catalog = try TemporaryCatalog(Self.smallCatalog, extension: "csv")
        let output = catalog.path + ".jsonl"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try shell("measure '\(catalog.path)' -o '\(output)' 2>&-")
        #expect(result.status == 1)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written.split(separator: "\n").count == 2)
        #expect(!written.contains("cardsize"))
        #expect(try shell("measure Catalogs/goodbooks-10k.csv 2>&- >/dev/null").status == 1)
    }

    @Test func anInputThatCannotBeOpenedLeavesTheOutputAsItWas() throws {
        let existing = try TemporaryCatalog("keep\n", extension: "jsonl")
        let result = try CommandRunner.run(["measure", "/nonexistent.csv", "-o", existing.path])
        #expect(result.status == 1)
        #expect(try String(contentsOfFile: existing.path, encoding: .utf8) == "keep\n")
        #expect(try leftovers(besides: existing.path).isEmpty)
    }

    @Test(arguments: [["measure"], ["layout", "grid"], ["layout", "tag-flow"], ["text", "--catalog"]])
    func anOutputThatIsTheInputIsRefused(command: [String]) throws {
        let catalog = try TemporaryCatalog(Self.smallCatalog, extension: "csv")
        let result = try CommandRunner.run(command + [catalog.path, "-o", catalog.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("is the input"))
        #expect(try String(contentsOfFile: catalog.path, encoding: .utf8) == Self.smallCatalog)
    }

    /// A run stopped by any signal a handler can catch while it writes leaves the target as
    /// it was and removes its temporary file (the run waits on its standard input, so the
    /// signal surely comes mid-run).
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM])
    func anInterruptedRunLeavesTheTargetAsItWas(signal: Int32) throws {
        let existing = try TemporaryCatalog("old\n", extension: "jsonl")
        let command = try CommandRunner.start(["text", "--jsonl", "-o", existing.path])
        command.input.write(Data(Self.request.utf8))
        var waited = 0
        while try leftovers(besides: existing.path).isEmpty, waited < 600 {
            usleep(50_000)
            waited += 1
        }
        #expect(try leftovers(besides: existing.path).count == 1)
        kill(command.process.processIdentifier, signal)
        let result = command.finish()
        #expect(result.status == signal)  // killed by the signal, after the clean-up
        #expect(try String(contentsOfFile: existing.path, encoding: .utf8) == "old\n")
        #expect(try leftovers(besides: existing.path).isEmpty)
    }

    /// An output that is a symbolic link is written through it: the file it leads to gets
    /// the output, and the link stays a link.
    @Test func anOutputThroughALinkReplacesTheFileItLeadsTo() throws {
        let catalog = try TemporaryCatalog(Self.smallCatalog, extension: "csv")
        let target = try TemporaryCatalog("old\n", extension: "jsonl")
        let link = target.path + ".link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        defer { try? FileManager.default.removeItem(atPath: link) }
        let result = try CommandRunner.run(["measure", catalog.path, "-o", link])
        #expect(result.status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target.path)
        #expect(try String(contentsOfFile: target.path, encoding: .utf8).hasPrefix(#"{"id":"1""#))
    }

    /// A reader that goes away (`cardsize measure big.csv | head -1`) ends the run with a
    /// message and status 1, not a silent SIGPIPE.
    @Test func aBrokenPipeEndsTheRunWithAMessage() throws {
        let catalog = try TemporaryCatalog(Self.smallCatalog, extension: "csv")
        let process = Process()
        process.executableURL = CommandRunner.executable
        process.arguments = ["measure", catalog.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try output.fileHandleForReading.close()
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 1)
        #expect(message.contains("standard output"), "\(message)")
    }

    /// The temporary files beside `path`.
    func leftovers(besides path: String) throws -> [String] {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        return try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            .filter { $0.hasPrefix("." + name + ".cardsize-") }
    }
}
