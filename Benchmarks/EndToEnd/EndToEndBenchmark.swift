// end-to-end-benchmark: the cardsize command line on generated catalogs, as child processes.
import ArgumentParser
import Foundation

/// Generates catalogs (kept in the work folder by name, so later runs reuse them), then runs
/// `cardsize measure` and `cardsize layout waterfall` on each with every thread count, and
/// prints a Markdown table: wall and CPU time, peak memory, heap allocations, records per
/// second, whether every thread count wrote the same bytes, and the issue's targets. Any
/// difference between thread counts, or a failed run, fails the benchmark.
@main
struct EndToEndBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "end-to-end-benchmark",
        abstract: "Time cardsize measure and layout waterfall on generated catalogs (release build).")

    @Option(help: "The cardsize executable (a release build).")
    var cardsize = ".build/release/cardsize"

    @Option(help: "A generated catalog, MODE:RECORDS (realistic or unique; k and M suffixes); repeat for more.")
    var catalog: [CatalogSpec] = ["realistic:1M", "realistic:10M", "unique:1M"].map { CatalogSpec(argument: $0)! }

    @Option(help: "Thread counts, comma-separated; the first is the reference the others' outputs must equal.")
    var threads = "1,2"

    @Option(help: "Commands, comma-separated: measure, waterfall.")
    var commands = "measure,waterfall"

    @Option(help: "The generator's seed.") var seed: UInt64 = 1

    @Option(help: "Runs of each command; the one with the least wall time is reported.") var passes = 1

    @Option(help: "Where catalogs are kept and outputs written.") var directory = "out/bench"

    @Option(help: "The allocation-counting library (make -C Tools/malloc-count).")
    var mallocCount = "Tools/malloc-count/malloc-count.so"

    @Flag(help: "Do not count allocations (no LD_PRELOAD in the children).") var noAllocations = false
    @Flag(help: "Generate the catalogs again even if their files exist.") var regenerate = false
    @Flag(help: "Keep the commands' outputs (by default each is deleted once compared).") var keepOutputs = false

    func validate() throws {
        guard threadCounts.count >= 1, threadCounts.allSatisfy({ $0 > 0 }) else {
            throw ValidationError("--threads takes positive counts such as 1,2")
        }
        guard !commandList.isEmpty else { throw ValidationError("--commands takes measure and/or waterfall") }
        guard passes >= 1 else { throw ValidationError("--passes must be at least 1") }
    }

    var threadCounts: [Int] { threads.split(separator: ",").compactMap { Int($0) } }
    var commandList: [BenchmarkedCommand] {
        commands.split(separator: ",").compactMap { BenchmarkedCommand(rawValue: String($0)) }
    }

    func run() throws {
        guard FileManager.default.isExecutableFile(atPath: cardsize) else {
            throw BenchmarkFailure("no cardsize at \(cardsize): run swift build -c release --product cardsize")
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let counter = noAllocations ? nil : try AllocationCounter(library: mallocCount)
        var rows: [ReportRow] = []
        var failures: [String] = []
        for spec in catalog {
            let (path, generatedIn) = try spec.file(in: directory, seed: seed, cardsize: cardsize, regenerate: regenerate)
            if let generatedIn { log("generated \(spec) in \(String(format: "%.1f", generatedIn)) s: \(path)") }
            for command in commandList {
                var reference: String?
                for threadCount in threadCounts {
                    let name = "\(command.rawValue)-\(spec.mode)-\(spec.records)-t\(threadCount)"
                    let output = "\(directory)/\(name).jsonl"
                    let child = ChildProcess(
                        arguments: command.arguments(cardsize: cardsize, catalog: path, threads: threadCount, output: output),
                        standardError: "\(directory)/\(name).stderr")
                    var row = ReportRow(
                        catalog: spec, command: command, threads: threadCount,
                        run: try measure(child, counter: counter, report: "\(directory)/\(name).allocations"))
                    if let reference {
                        row.identicalToReference = try FileComparison.identical(reference, output)
                        if row.identicalToReference == false {
                            failures.append("\(command.rawValue) on \(spec): \(threadCount) threads wrote other bytes than \(threadCounts[0]) (\(reference) vs \(output))")
                        }
                        if !keepOutputs, row.identicalToReference == true { try FileManager.default.removeItem(atPath: output) }
                    } else {
                        reference = output
                    }
                    log(row.logLine)
                    rows.append(row)
                }
                if !keepOutputs, failures.isEmpty, let reference { try FileManager.default.removeItem(atPath: reference) }
            }
        }
        print(Report(rows: rows, machine: .current(), command: CommandLine.arguments).markdown)
        if !failures.isEmpty {
            for failure in failures {
                print("FAILED: \(failure)")
                log("FAILED: \(failure)")
            }
            throw ExitCode.failure
        }
    }

    /// The best of `passes` runs of `child`; a run that exits with an error stops the benchmark.
    private func measure(_ child: ChildProcess, counter: AllocationCounter?, report: String) throws -> MeasuredRun {
        var best: MeasuredRun?
        for _ in 0..<passes {
            var child = child
            if let counter { child.environment = counter.environment(report: report) }
            let usage = try child.run()
            guard usage.status == 0 else {
                let errors = (try? String(contentsOfFile: child.standardError, encoding: .utf8)) ?? ""
                throw BenchmarkFailure(
                    "\(child.commandLine) exited with status \(usage.status):\n\(errors.suffix(2000))")
            }
            let run = MeasuredRun(commandLine: child.commandLine, usage: usage, allocations: try counter?.read(report: report))
            if best == nil || usage.wallSeconds < best!.usage.wallSeconds { best = run }
        }
        try? FileManager.default.removeItem(atPath: report)
        return best!
    }

    private func log(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// One run of a command: what it cost.
struct MeasuredRun {
    var commandLine: String
    var usage: ChildUsage
    var allocations: AllocationCount?
}

/// The commands timed, and their command lines.
enum BenchmarkedCommand: String {
    /// CSV → card sizes, streamed.
    case measure
    /// CSV → sizes measured at the column width and waterfall frames.
    case waterfall

    func arguments(cardsize: String, catalog: String, threads: Int, output: String) -> [String] {
        switch self {
        case .measure: [cardsize, "measure", catalog, "--threads", "\(threads)", "-o", output]
        case .waterfall:
            [cardsize, "layout", "waterfall", catalog, "--device", "iphone-13", "--threads", "\(threads)", "-o", output]
        }
    }
}
