// The Markdown table of a run, with the machine, the command and the issue's targets.
import Foundation

/// One command on one catalog with one thread count.
struct ReportRow {
    var catalog: CatalogSpec
    var command: BenchmarkedCommand
    var threads: Int
    var run: MeasuredRun
    /// Nil for the reference thread count itself.
    var identicalToReference: Bool?

    var usage: ChildUsage { run.usage }

    var recordsPerSecond: Double { Double(catalog.records) / usage.wallSeconds }
    var peakMB: Double { Double(usage.peakBytes) / 1_048_576 }

    /// The issue's target for this row, if it has one, and whether it is met.
    var target: (text: String, met: Bool)? {
        switch command {
        case .waterfall where catalog.records == 1_000_000:
            ("≤ 2 s wall", usage.wallSeconds <= 2)
        case .measure where catalog.records == 10_000_000:
            ("peak ≤ 200 MB", peakMB <= 200)
        default: nil
        }
    }

    var logLine: String {
        "\(command.rawValue) \(catalog), \(threads) thread(s): \(Report.fixed(usage.wallSeconds, 2)) s wall, "
            + "\(Report.fixed(usage.cpuSeconds, 2)) s CPU, \(Report.fixed(peakMB, 0)) MB peak"
    }
}

struct Report {
    var rows: [ReportRow]
    var machine: Machine
    var command: [String]

    var markdown: String {
        var lines = [
            "",
            "| catalog | command | threads | wall s | CPU s | peak MB | allocations | per record | allocated MB | records/s | same bytes | target |",
            "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|---|",
        ]
        for row in rows {
            lines.append("| " + cells(row).joined(separator: " | ") + " |")
        }
        lines += [
            "",
            "Machine: \(machine.description).",
            "Command: `\(command.joined(separator: " "))`",
            "Commands (each row with its own `--threads`):",
        ]
        var seen = Set<String>()
        for row in rows where seen.insert("\(row.command)").inserted {
            lines.append("- `\(row.run.commandLine)`")
        }
        return lines.joined(separator: "\n")
    }

    private func cells(_ row: ReportRow) -> [String] {
        let usage = row.usage
        var cells = [
            "\(row.catalog)", row.command == .measure ? "measure" : "layout waterfall", "\(row.threads)",
            Self.fixed(usage.wallSeconds, 2), Self.fixed(usage.cpuSeconds, 2), Self.fixed(row.peakMB, 0),
        ]
        if let allocations = row.run.allocations {
            let perRecord = Double(allocations.allocations) / Double(row.catalog.records)
            cells += [
                Self.grouped(Double(allocations.allocations)), Self.fixed(perRecord, 1),
                Self.fixed(Double(allocations.bytes) / 1_048_576, 0),
            ]
        } else {
            cells += ["—", "—", "—"]
        }
        let sameBytes = row.identicalToReference.map { $0 ? "yes" : "**NO**" } ?? "(reference)"
        let target = row.target.map { "\($0.text): \($0.met ? "met" : "**missed**")" } ?? ""
        return cells + [Self.grouped(row.recordsPerSecond), sameBytes, target]
    }

    static func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    /// 1234567 → "1,234,567".
    static func grouped(_ value: Double) -> String {
        let digits = String(Int(value.rounded()))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
