// The engine's side of the benchmark: timed passes over the titles.
import Foundation
import TextEngine

/// Titles and the style and width they are measured at.
struct Workload: Sendable {
    let titles: [(text: String, language: String)]
    let styles: [String: TextStyle]
    let width: Double
    let maxLines: Int
    /// Each title's style, looked up before any pass: a pass times the engine's calls, as
    /// Pango's harness times its layouts, not a dictionary lookup and a copy of the style
    /// per title (3% of a unique title's time).
    private let titleStyles: [TextStyle]

    init(titles: [(text: String, language: String)], styles: [String: TextStyle], width: Double, maxLines: Int) {
        self.titles = titles
        self.styles = styles
        self.width = width
        self.maxLines = maxLines
        titleStyles = titles.map { styles[$0.language]! }
    }

    struct Pass {
        var microsecondsPerTitle: Double
        var starts: [[Int]]
    }

    /// One pass measuring every title (prepare + break); without `keepingStarts`, the pass
    /// keeps nothing of the results, so their copies do not count in its time.
    func timeMeasuring(with measurer: TextMeasurer, keepingStarts: Bool = true) throws -> Pass {
        var starts: [[Int]] = []
        starts.reserveCapacity(keepingStarts ? titles.count : 0)
        var lineCount = 0
        let elapsed = try ContinuousClock().measure {
            for index in titles.indices {
                let measurement = try measurer.measure(
                    titles[index].text, style: titleStyles[index], width: width, maxLines: maxLines)
                lineCount += measurement.lineCount
                if keepingStarts { starts.append(measurement.lines.map(\.scalarOffset)) }
            }
        }
        precondition(lineCount >= titles.count)
        return Pass(microsecondsPerTitle: elapsed.microseconds / Double(titles.count), starts: starts)
    }

    /// Breaking already prepared titles at each of `widths`: µs per title and width.
    func timeRebreaking(widths: [Double]) throws -> Double {
        let measurer = TextMeasurer()
        let prepared = try titles.indices.map { try measurer.prepare(titles[$0].text, style: titleStyles[$0]) }
        var lineCount = 0
        let elapsed = try ContinuousClock().measure {
            for width in widths {
                for text in prepared { lineCount += try measurer.measure(text, width: width, maxLines: maxLines).lineCount }
            }
        }
        precondition(lineCount > 0)
        return elapsed.microseconds / Double(titles.count * widths.count)
    }

    /// Wall time per title with the titles split between `threads` threads sharing `measurer`.
    func timeInParallel(threads: Int, measurer: TextMeasurer = TextMeasurer()) throws -> Double {
        let elapsed = ContinuousClock().measure {
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                for index in stride(from: thread, to: titles.count, by: threads) {
                    _ = try? measurer.measure(
                        titles[index].text, style: titleStyles[index], width: width, maxLines: maxLines)
                }
            }
        }
        return elapsed.microseconds / Double(titles.count)
    }
}

extension Duration {
    var microseconds: Double {
        Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12
    }
}
