// The Pango side of the benchmark: the reference harness on the same titles and fonts.
import Foundation
import TextEngine

/// Runs the Pango reference harness with `--time` on the workload's titles.
struct PangoRun {
    let harness: String
    let workload: Workload

    struct Result {
        var microsecondsPerTitle: Double
        var starts: [[Int]]
    }

    /// The fastest of `runs` runs: the machine's noise only ever slows a run down.
    func best(of runs: Int) throws -> Result {
        try (0..<max(1, runs)).map { _ in try run() }.min { $0.microsecondsPerTitle < $1.microsecondsPerTitle }!
    }

    func run() throws -> Result {
        guard FileManager.default.isExecutableFile(atPath: harness) else {
            throw ValidationFailure("no Pango harness at \(harness): run make -C Tools/pango-reference")
        }
        let fonts = workload.styles["en"]!.fonts.faces.map(\.reference.description)
        var lines = Data()
        for title in workload.titles {
            let request: [String: Any] = [
                "text": title.text, "fonts": fonts, "size": workload.width > 0 ? workload.styles["en"]!.size : 0,
                "width": workload.width, "max_lines": workload.maxLines, "language": title.language,
            ]
            lines.append(try JSONSerialization.data(withJSONObject: request))
            lines.append(0x0A)
        }
        let requests = lines
        let process = Process()
        process.executableURL = URL(fileURLWithPath: harness)
        process.arguments = ["--time"]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let writer = Thread {
            input.fileHandleForWriting.write(requests)
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let results = output.fileHandleForReading.readDataToEndOfFile()
        let timing = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let starts = results.split(separator: 0x0A).map { line -> [Int] in
            let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any]
            return (object?["starts"] as? [Int]) ?? []
        }
        // "pango-reference: N requests, T µs in layout, U µs per request"
        let perRequest = timing.split(separator: ",").last?.split(separator: " ").first.flatMap { Double($0) }
        guard let perRequest, starts.count == workload.titles.count else {
            throw ValidationFailure("the harness did not report its timing: \(timing)")
        }
        return Result(microsecondsPerTitle: perRequest, starts: starts)
    }
}

struct ValidationFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
