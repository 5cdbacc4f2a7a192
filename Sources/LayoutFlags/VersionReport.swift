// `--version` of cardsize and cardsize-serve: the program's version and everything its numbers
// depend on, since the same text measures differently on another HarfBuzz, ICU or font.
import BundledFonts
import ArgumentParser
import TextEngine

/// What `cardsize --version` and `cardsize-serve --version` print.
public enum VersionReport {
    /// cardsize's version; the Python package's `cardsize.__version__` and `cardsize.pc` say the
    /// same (the tests compare them).
    public static let cardsize = "1.0.0"

    /// The `--version` flag's help, the same in both programs.
    public static let flagHelp = ArgumentHelp(
        "Show cardsize's version and those of the HarfBuzz, FreeType, ICU and bundled fonts it uses.")

    /// The program and its version, HarfBuzz's, FreeType's and ICU's as loaded, and each
    /// bundled font's version and file, one a line.
    public static func text(program: String) -> String {
        var lines = [
            "\(program) \(cardsize)", "HarfBuzz \(LinkedLibraries.harfBuzz)", "FreeType \(LinkedLibraries.freeType)",
            "ICU \(LinkedLibraries.icu) (Unicode \(LinkedLibraries.unicode))",
        ]
        do {
            lines += try BundledFonts.chain().faces.map { "font \($0.family) \($0.version), \($0.reference)" }
        } catch {
            lines.append("fonts: \(error)")
        }
        return lines.joined(separator: "\n")
    }
}
