// Runs the built `cardsize` binary, as a user would, and captures what it prints.
import Foundation

struct CommandResult {
    var status: Int32
    var standardOutput: Data
    var standardError: String
    var outputLines: [Substring] { String(decoding: standardOutput, as: UTF8.self).split(separator: "\n") }
}

enum CommandRunner {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `cardsize` executable next to the test bundle (the same build products folder).
    static var executable: URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("cardsize")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return repositoryRoot.appendingPathComponent(".build/debug/cardsize")
    }

    /// Runs `cardsize arguments` in the repository root with `input` on standard input.
    static func run(_ arguments: [String], input: Data = Data()) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, standardOutput: output,
            standardError: String(decoding: errors, as: UTF8.self))
    }
}
