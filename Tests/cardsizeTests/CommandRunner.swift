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

    /// Runs `cardsize arguments` (or `program arguments`) in the repository root with
    /// `input` on standard input.
    static func run(
        _ arguments: [String], input: Data = Data(), program: URL = executable, environment: [String: String]? = nil
    ) throws -> CommandResult {
        let command = try start(arguments, program: program, environment: environment)
        let writer = Thread {
            command.input.write(input)
            try? command.input.close()
        }
        writer.start()
        return command.finish()
    }

    /// Starts `cardsize arguments` (or `program arguments`, with `environment` added to
    /// this process's) in the repository root, for a test that writes its standard input and
    /// reads its output while it runs.
    static func start(
        _ arguments: [String], program: URL = executable, environment: [String: String]? = nil
    ) throws -> RunningCommand {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.currentDirectoryURL = repositoryRoot
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        return RunningCommand(
            process: process, input: stdin.fileHandleForWriting, output: stdout.fileHandleForReading,
            errors: stderr.fileHandleForReading)
    }
}

/// A `cardsize` process that is running: its standard input to write, its output to read.
struct RunningCommand {
    let process: Process
    /// The write end of the process's standard input; close it to end the input.
    let input: FileHandle
    /// The read end of the process's standard output.
    let output: FileHandle
    let errors: FileHandle

    /// Reads the rest of the output and of stderr, waits for the process to exit and returns
    /// everything (with `earlierOutput`, output the test has already read, in front).
    func finish(earlierOutput: Data = Data()) -> CommandResult {
        let output = earlierOutput + self.output.readDataToEndOfFile()
        let errors = errors.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus, standardOutput: output,
            standardError: String(decoding: errors, as: UTF8.self))
    }
}
