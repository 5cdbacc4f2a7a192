// `cardsize text`: measure one label, or a JSONL batch of them.
import LayoutFlags
import CatalogLayout
import BundledFonts
import ArgumentParser
import CatalogIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Preview
import TextBatch
import TextEngine

struct TextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "text",
        abstract: "Measure a multi-line label: its lines, height and truncation at a width.",
        discussion: """
            With --jsonl, reads one JSON request per line on standard input and writes one \
            JSON result per line on standard output, in the schema of the Pango reference \
            harness (see docs/cli.md). A bad request, or one with a member the schema does \
            not have, gives an error result naming the field; the batch goes on. The exit \
            status is 2 if any request failed.
            """)

    @Argument(help: "The text to measure (omit with --jsonl).")
    var text: String?

    @Option(parsing: .unconditional, help: "Line width in points; 0 for no wrapping.", transform: OptionCheck.decimal)
    var width: Double = 0

    @Option(parsing: .unconditional, help: "Font size in points.", transform: OptionCheck.decimal)
    var size: Double = TextStyle.standardSize

    @Option(parsing: .unconditional, help: "The most lines to show, 0 for no limit.")
    var maxLines: Int = 0

    @Option(parsing: .unconditional, help: "The label is at least this many lines tall.")
    var reserveLines: Int = 0

    @Flag(help: "Cut a clamped text without an ellipsis.")
    var noEllipsis = false

    @Option(help: "BCP 47 language tag: en, ja, …")
    var language: String = "en"

    @Option(help: "Metrics profile: uikit (UILabel), pango (Pango 1.50) or browser (headless Chromium, with the CSS options below).")
    var profile: MetricsProfile = .uikit

    @Option(parsing: .unconditional, help: "Display scale (1, 2, 3): UIKit heights round up to its pixel grid.", transform: OptionCheck.decimal)
    var scale: Double = 1

    @Option(parsing: .unconditional, help: "Line height multiplier.", transform: OptionCheck.decimal)
    var lineSpacing: Double = 1

    @Option(help: "Line breaking: strict, normal or loose rules for CJK, phrase (Japanese broken only between phrases, with the strict rules), auto (the language's default) or anywhere (between any characters); default auto with --profile browser, as CSS line-break, strict otherwise.")
    var lineBreak: LineBreakStrictness?

    @Option(help: "CSS line-height (--profile browser): normal, a number such as 1.5, or px such as 20px.")
    var lineHeight: String?

    @Option(help: "CSS white-space (--profile browser): normal, pre-wrap, pre-line or nowrap.")
    var whiteSpace: String?

    @Option(help: "CSS word-break (--profile browser): normal, break-all or keep-all.")
    var wordBreak: String?

    @Option(help: "CSS overflow-wrap (--profile browser): normal, anywhere or break-word.")
    var overflowWrap: String?

    @Option(help: "CSS letter-spacing (--profile browser): normal or px such as 1.5px.")
    var letterSpacing: String?

    @Option(parsing: .unconditional, help: "CSS -webkit-line-clamp: at most this many lines, the last ending in an ellipsis when text is cut (--max-lines without --no-ellipsis).")
    var lineClamp: Int?

    @Option(name: .customLong("font"), help: "A font file, path.ttc#N for a face; repeat for fallbacks.")
    var fontFiles: [String] = []

    @Option(help: "Use installed fonts: this family and fontconfig's sorted fallbacks (a warning names fontconfig's substitute when no installed font has the family).")
    var systemFont: String?

    @Flag(help: "Print the result as JSON.")
    var json = false

    @Flag(help: "Batch mode: JSONL requests on stdin, JSONL results on stdout, each written as soon as the input holds no more requests (a co-process can ask one at a time).")
    var jsonl = false

    @Option(parsing: .unconditional, help: "Threads that measure --jsonl requests (default: every core); the output is the same for any number.")
    var threads: Int?

    @Option(help: "Measure every title of a CSV or JSONL catalog with these options; JSONL results.")
    var catalog: String?

    @Option(help: "The catalog's id column.")
    var idColumn = "id"

    @Option(help: "The catalog's title column.")
    var titleColumn = "title"

    @Option(name: [.customShort("o"), .long], help: "Write results here instead of standard output.")
    var output: String?

    @Option(help: "Also draw the label: FILE.svg or FILE.png (at --scale), with its frame, line boxes, baselines and near-ties.")
    var render: String?

    func validate() throws {
        let inputs = [text != nil, jsonl, catalog != nil].filter { $0 }.count
        if inputs != 1 { throw ValidationError("give exactly one of: a text, --jsonl, --catalog FILE") }
        if !fontFiles.isEmpty, systemFont != nil { throw ValidationError("give --font or --system-font, not both") }
        try OptionCheck.length(width, "--width")
        try OptionCheck.fontSize(size, "--size")
        try OptionCheck.scale(scale)
        try OptionCheck.length(lineSpacing, "--line-spacing", positive: true, maximum: TextStyle.maximumLineSpacing)
        try OptionCheck.count(maxLines, "--max-lines", in: 0...Int(Int32.max))
        try OptionCheck.count(lineClamp, "--line-clamp", in: 1...Int(Int32.max))
        try OptionCheck.count(reserveLines, "--reserve-lines", in: 0...TextMeasurer.maximumReserveLines)
        try OptionCheck.count(threads, "--threads", in: 1...1024)
        if let render {
            guard text != nil else { throw ValidationError("--render draws a single text, not --jsonl or --catalog") }
            guard PictureFormat(path: render) != nil else { throw ValidationError("--render takes a file ending in .svg or .png") }
        }
    }

    func run() throws {
        let chain = try fontChain()
        if jsonl {
            try runBatch(defaultFonts: chain)
        } else if let catalog {
            var titles = CatalogTitleMeasurer(
                style: try style(fonts: chain), width: width == 0 ? .infinity : width, maxLines: lineClamp ?? maxLines,
                reserveLines: reserveLines, ellipsize: lineClamp != nil || !noEllipsis)
            try titles.run(catalog: catalog, mapping: ColumnMapping(id: idColumn, title: titleColumn), output: output)
        } else {
            try measureOne(text ?? "", fonts: chain)
        }
    }

    private func style(fonts: FontChain?) throws -> TextStyle {
        TextStyle(
            fonts: try fonts ?? BundledFonts.chain(), size: size, displayScale: scale, language: language,
            lineSpacing: lineSpacing, lineBreak: lineBreak ?? profile.defaultLineBreak, profile: profile,
            css: try CSSText(
                lineHeight: lineHeight, whiteSpace: whiteSpace, wordBreak: wordBreak, overflowWrap: overflowWrap,
                letterSpacing: letterSpacing))
    }

    private func fontChain() throws -> FontChain? {
        if let systemFont {
            let chain = try FontChain.system(family: systemFont, language: language)
            if !FontChain.isInstalledFamily(systemFont), let substitute = chain.faces.first {
                StandardError.write(
                    "cardsize text: warning: no installed font family is named '\(systemFont)'; fontconfig "
                        + "substituted '\(substitute.family)' (\(substitute.reference))\n")
            }
            return chain
        }
        if !fontFiles.isEmpty { return try FontChain(references: fontFiles.map(FontFaceReference.init(parsing:))) }
        return nil
    }

    private func measureOne(_ text: String, fonts: FontChain?) throws {
        let style = try style(fonts: fonts)
        let measurer = TextMeasurer()
        let measurement = try measurer.measure(
            text, style: style, width: width == 0 ? .infinity : width, maxLines: lineClamp ?? maxLines,
            reserveLines: reserveLines, ellipsize: lineClamp != nil || !noEllipsis)
        if let render {
            try RenderLabel(text: text, style: style, measurement: measurement, width: width, measurer: measurer).write(to: render)
        }
        if json {
            try StandardOutput.print(TextResult(id: nil, measurement: measurement).json)
        } else {
            try StandardOutput.print(
                HumanReport(text: text, style: style, width: width, measurement: measurement).lines.joined(separator: "\n"))
        }
    }

    private func runBatch(defaultFonts: FontChain?) throws {
        let batch = BatchMeasurer(defaultProfile: profile, defaultFonts: defaultFonts)
        var output = try OutputSink(path: output, inputs: ["-"] + fontFiles)
        var requests = 0
        var failures = 0
        var lines = BoundedLineReader(input: .standardInput, maximumLineBytes: 1 << 20)
        var pending: [Result<InputLine, LineFailure>] = []
        // Lines are measured together, on every thread, up to 4,096 lines or 4 MiB of them
        // at a time (memory stays bounded whatever the lines' length), or as many as the
        // input holds when reading more would wait: a co-process that asks one request at
        // a time gets each answer before it sends the next.
        let batchLines = 4_096
        let batchBytes = 1 << 22
        var isAtEnd = false
        while !isAtEnd {
            pending.removeAll(keepingCapacity: true)
            var pendingBytes = 0
            while pending.count < batchLines, pendingBytes < batchBytes {
                guard let line = lines.next() else {
                    isAtEnd = true
                    break
                }
                pending.append(line)
                pendingBytes += (try? line.get().bytes.count) ?? 0
                if lines.isWaitingForInput { break }
            }
            for block in batch.answerBlocks(to: pending, threads: threads) {
                for error in block.errors {
                    StandardError.write("request \(requests + error.index + 1): \(error.message)\n")
                }
                failures += block.errors.count
                try output.write { $0.append(contentsOf: block.jsonLines) }
            }
            requests += pending.count
            if lines.isWaitingForInput { try output.flush() }
        }
        try output.commit()
        StandardError.write("cardsize text: \(requests) requests, \(failures) failed\n")
        if failures > 0 { throw ExitCode(2) }
    }
}

extension LineBreakStrictness: ExpressibleByArgument {}
