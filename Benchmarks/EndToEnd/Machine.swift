// The machine a run was made on, for the README's table.
import Foundation

/// The CPU model, core count and memory, from /proc (Linux).
struct Machine {
    var cpuModel: String
    var cores: Int
    var memoryGiB: Double

    static func current() -> Machine {
        let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        let memInfo = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8)) ?? ""
        // "MemTotal:       24684312 kB"
        let kilobytes = memInfo.split(separator: "\n").first { $0.hasPrefix("MemTotal:") }
            .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Double($0) } ?? 0
        return Machine(
            cpuModel: model, cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryGiB: kilobytes / 1024 / 1024)
    }

    var description: String {
        "\(cpuModel), \(cores) cores, \(String(format: "%.1f", memoryGiB)) GiB"
    }
}
