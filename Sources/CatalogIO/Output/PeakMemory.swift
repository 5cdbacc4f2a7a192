// The process's peak memory, for the summaries of long runs.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The peak resident memory of this process.
public enum PeakMemory {
    /// The peak resident set (`VmHWM` in `/proc/self/status`), in MB; 0 where that file does
    /// not exist (macOS).
    public static func megabytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
    }
}
