// The cardsize command line: one file per command.
import ArgumentParser

@main
struct CardSize: ParsableCommand {
    static let configuration = CommandConfiguration(
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
}
