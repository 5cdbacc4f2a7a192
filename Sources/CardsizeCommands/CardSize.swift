// The cardsize command line: one file per command.
import ArgumentParser
import CatalogIO
import CatalogLayout
import LayoutFlags

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `cardsize` command: parses the arguments, runs the subcommand, prints.
public struct CardSize: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "cardsize",
        abstract: "Measure text and self-size cards offline, with HarfBuzz, FreeType and ICU.",
        discussion: """
            Fonts come from the bundled Fonts/ folder unless a command is given font files or \
            --system-font, so results are the same on every machine.
            """,
        subcommands: [
            MeasureCommand.self, LayoutCommand.self, RenderCommand.self, TextCommand.self, FontsCommand.self,
            GenerateCommand.self,
        ])

    @Flag(help: VersionReport.flagHelp)
    var version = false

    /// `cardsize --version`; `cardsize` alone shows the help.
    public func run() throws {
        guard version else { throw CleanExit.helpRequest(self) }
        try StandardOutput.print(VersionReport.text(program: "cardsize"))
    }

    /// Runs the command with descriptors 0–2 held open (see
    /// ``StandardDescriptors/reserveClosed()``); a run whose messages could not be written
    /// to stderr ends with status 1 even if it otherwise succeeded.
    public init() {}

    public static func main() {
        StandardDescriptors.reserveClosed()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as LayoutRequestError {
            // An option the layout library cannot use, named as the command line spells it.
            exit(withError: error.validationError)
        } catch {
            if StandardError.hasFailed, exitCode(for: error) == .success { exit(withError: ExitCode.failure) }
            exit(withError: error)
        }
        if StandardError.hasFailed { exit(withError: ExitCode.failure) }
    }
}
