// A catalog laid out whole, with the summary every layout command prints; the streamed layout
// commands' shared run.
import ArgumentParser
import CatalogLayout
import Geometry

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

/// A layout command that places each card as soon as it is measured (grid, waterfall): its
/// run writes the records batch by batch, and `render` keeps them all.
protocol StreamedLayoutCommand: ParsableCommand {
    var catalog: CatalogOptions { get }
    var templateOptions: TemplateOptions { get }
    var sectionOptions: SectionOptions { get }
    var output: LayoutOutputOptions { get }
    /// Every card measured and placed, its records handed to `write` batch by batch (only
    /// those that intersect `query`, with one); the summary and the count of failures.
    func layOut(query: Rect?, write: ([LayoutRecordOrder.Record]) -> Void) throws -> (summary: [String], failed: Int)
}

extension StreamedLayoutCommand {
    func run() throws {
        let written = try output.writeBehind(
            inputs: catalog.inputFiles + templateOptions.inputFiles + sectionOptions.inputFiles)
        let (summary, failed) = try layOut(query: output.queryRect, write: written.write)
        try written.finish()
        try finishRun(summary: summary, failed: failed)
    }

    /// Every card measured and the whole layout kept: what `render` draws.
    func layOut() throws -> LayoutRun {
        var records: [LayoutRecordOrder.Record] = []
        let (summary, failed) = try layOut(query: nil) { records += $0 }
        return LayoutRun(laidOut: LaidOutCatalog(records: records), summary: summary, failed: failed)
    }
}
