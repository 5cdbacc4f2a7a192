// A catalog laid out whole, with the summary every layout command prints.
import ArgumentParser
import CatalogLayout

/// A layout command's whole layout and the lines printed on standard error once it is done.
struct LayoutRun {
    var laidOut: LaidOutCatalog
    var summary: [String]
    var failed: Int
}

/// Prints `summary` on standard error; the exit status is 2 when `failed` is not 0.
func finishRun(summary: [String], failed: Int) throws {
    StandardError.write(summary.joined(separator: "\n") + "\n")
    if failed > 0 { throw ExitCode(2) }
}
