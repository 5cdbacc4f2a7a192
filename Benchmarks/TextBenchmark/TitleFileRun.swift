// The Swift side of the Python batch benchmark (bindings/python/benchmarks/batch.py): the
// titles of a file measured as one batch call of the C interface measures them.
import BundledFonts
import Dispatch
import Foundation
import TextEngine

/// Times the titles of a file (one per line) through one `TextMeasurer` without caches, in
/// the bundled chain at the benchmark's size, width and line limit, on one thread and on
/// two (contiguous halves): the work `cardsize_measure_texts` does. Prints seconds per
/// pass, best of the passes, as `swift threads=N seconds=S titles=T`.
struct TitleFileRun {
    let path: String
    let size: Double
    let width: Double
    let maxLines: Int
    let passes: Int

    func run() throws {
        let titles = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let style = TextStyle(fonts: try BundledFonts.chain(), size: size)
        for threads in [1, 2] {
            var best = Double.infinity
            for _ in 0..<passes {
                let measurer = TextMeasurer()
                let started = ContinuousClock.now
                let chunk = (titles.count + threads - 1) / threads
                DispatchQueue.concurrentPerform(iterations: threads) { part in
                    for title in titles[min(titles.count, part * chunk)..<min(titles.count, (part + 1) * chunk)] {
                        _ = try? measurer.measure(title, style: style, width: width, maxLines: maxLines)
                    }
                }
                let elapsed = ContinuousClock.now - started
                best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            }
            print("swift threads=\(threads) seconds=\(best) titles=\(titles.count)")
        }
    }
}
