// The text engine: fast paths equal the full path, preparing once equals measuring fresh,
// and lines are where a greedy line filler must put them.
import BundledFonts
import TextEngine

/// Any text, at a width, line limit, size, language and profile taken from the input's
/// first two bytes:
/// - the fast paths (shaped words and runs reused, plain ASCII itemized directly) give the
///   very measurement the full path gives;
/// - ``TextEngine/TextMeasurer/prepare(_:style:)`` once then measuring at several widths
///   equals measuring each afresh;
/// - lines start at 0, in order, inside the text, with finite sizes;
/// - a line is wider than the width only when what it shows cannot be broken (measured
///   alone at width 0 it is still one line), or it ends in the ellipsis;
/// - a line limit keeps the unlimited layout's lines before the last one shown, and marks
///   the result truncated exactly when the unlimited layout has more lines (the empty line
///   after a final line break aside).
struct TextEngineTarget: FuzzTarget {
    static let name = "text-engine"
    private static let widths: [Double] = [0, 0.001, 1, 7.5, 20, 45, 60, 100.3, 127, 167, 300, 1000, .infinity]
    private static let sizes: [Double] = [11, 15, 24, 0.5]
    private static let languages = ["en", "ja", "zh", "ar"]
    private let fonts: FontChain
    private let fast = TextMeasurer()
    private let full = TextMeasurer(fastPaths: false)

    init() throws {
        fonts = try BundledFonts.chain()
    }

    func check(_ input: [UInt8]) throws(InvariantViolation) {
        guard input.count >= 2 else { return }
        let width = Self.widths[Int(input[0]) % Self.widths.count]
        let options = input[1]
        let maxLines = Int(options & 3)
        let ellipsize = options & 4 != 0
        let profile: MetricsProfile = options & 8 != 0 ? .pango : .uikit
        let language = Self.languages[Int(options >> 4) & 3]
        let size = Self.sizes[Int(options >> 6)]
        let text = String(decoding: input.dropFirst(2), as: UTF8.self)
        let style = TextStyle(fonts: fonts, size: size, language: language, profile: profile)
        do {
            try check(text, style: style, width: width, maxLines: maxLines, ellipsize: ellipsize)
        } catch let error as InvariantViolation {
            throw InvariantViolation("\(error) [width \(width), maxLines \(maxLines), \(profile), \(language), \(size) px]")
        } catch {
            throw InvariantViolation("measuring failed: \(error)")
        }
    }

    private func check(_ text: String, style: TextStyle, width: Double, maxLines: Int, ellipsize: Bool) throws {
        let measured = try fast.measure(text, style: style, width: width, maxLines: maxLines, ellipsize: ellipsize)
        let reference = try full.measure(text, style: style, width: width, maxLines: maxLines, ellipsize: ellipsize)
        try require(measured == reference, "fast path \(measured) differs from the full path \(reference)")
        try checkLines(of: measured, text: text, width: width)

        let prepared = try fast.prepare(text, style: style)
        for other in [width, 0, 50, .infinity] {
            let again = try fast.measure(prepared, width: other, maxLines: maxLines, ellipsize: ellipsize)
            let fresh = try TextMeasurer().measure(text, style: style, width: other, maxLines: maxLines, ellipsize: ellipsize)
            try require(again == fresh, "prepared then measured at \(other) differs from a fresh measure")
        }

        let unlimited = try fast.measure(prepared, width: width)
        try checkOverwideLines(of: unlimited, text: text, style: style, width: width)
        guard maxLines > 0 else { return }
        // The empty line after a final line break shows nothing: a limit that cuts only it
        // truncates nothing.
        let scalarCount = text.unicodeScalars.count
        let endsWithEmptyLine = unlimited.lines.count > 1 && unlimited.lines.last?.scalarOffset == scalarCount
        let truncated = unlimited.lines.count - (endsWithEmptyLine ? 1 : 0) > maxLines
        try require(measured.isTruncated == truncated, "truncated is \(measured.isTruncated) with \(unlimited.lines.count) lines for \(maxLines)")
        try require(measured.lines.count == min(maxLines, unlimited.lines.count), "\(measured.lines.count) lines shown for a limit of \(maxLines)")
        let kept = truncated ? measured.lines.count - 1 : measured.lines.count
        try require(
            Array(measured.lines.prefix(kept)) == Array(unlimited.lines.prefix(kept)),
            "the lines before the last differ from the unlimited layout's")
    }

    /// A line wider than `width` must show one unbreakable piece (or end in the ellipsis).
    private func checkOverwideLines(of measurement: TextMeasurement, text: String, style: TextStyle, width: Double) throws {
        let scalars = Array(text.unicodeScalars)
        let ends = measurement.lines.dropFirst().map(\.scalarOffset) + [scalars.count]
        for (line, end) in zip(measurement.lines, ends) where line.width > width && !line.hasEllipsis {
            var shown = scalars[line.scalarOffset..<end]
            while let last = shown.last, last.properties.isWhitespace { shown.removeLast() }
            // A line of white space alone (after a line break, wider than the line) must take
            // one cluster of it: nothing to break further.
            if shown.isEmpty { continue }
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: shown)
            let alone = try fast.measure(String(piece), style: style, width: 0)
            try require(
                alone.lines.count == 1,
                "a line \(line.width) wide at width \(width) shows \(String(piece).debugDescription), which breaks into \(alone.lines.count) lines")
        }
    }
}
