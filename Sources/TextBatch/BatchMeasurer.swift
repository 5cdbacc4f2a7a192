// Batch measurement: JSON requests in, one JSON result per request out.
import BundledFonts
import CatalogIO
import JSON
import Locked
import Parallel
import TextEngine

/// Measures a stream of JSON requests, one per line; every line yields exactly one result,
/// an error result when the line is bad, so nothing is dropped.
///
/// Thread-safe: threads measuring requests at once share its font chains (loaded once per
/// list of files, so that the measurer's caches, keyed by chain, serve them all) and its
/// measurer's caches.
public final class BatchMeasurer: Sendable {
    typealias Field = TextRequest.Field
    public let defaultProfile: MetricsProfile
    /// The chain for requests without `fonts`; nil for the bundled chain.
    public let defaultFonts: FontChain?
    private let measurer: TextMeasurer
    private let chains = Locked(LoadedChains())

    /// Font chains by their lists of files, and the list asked for last.
    private struct LoadedChains {
        var byFonts: [[String]: Result<FontChain, TextEngineError>] = [:]
        var last: (fonts: [String], chain: Result<FontChain, TextEngineError>)?
    }

    public init(
        defaultProfile: MetricsProfile = .uikit, defaultFonts: FontChain? = nil, measurer: TextMeasurer = TextMeasurer()
    ) {
        self.defaultProfile = defaultProfile
        self.defaultFonts = defaultFonts
        self.measurer = measurer
    }

    /// The result for one request line (without its newline).
    public func result(forLine line: [UInt8]) -> TextResult {
        result(forLine: line[...])
    }

    /// The result for one request line (without its newline), read where it lies.
    public func result(forLine line: ArraySlice<UInt8>) -> TextResult {
        var reading = LineReading()
        return outcome(forLine: line, reading: &reading).result
    }

    /// What a thread reading request lines keeps from one line to the next: the line
    /// memo (the last `fonts` read) and the chain of the last list of fonts, looked up
    /// without the lock the threads share while lines name the same fonts.
    struct LineReading {
        var memo = TextRequest.LineMemo()
        var lastChain: LastChain?
    }

    typealias LastChain = (fonts: [String], chain: Result<FontChain, TextEngineError>)

    /// The answers to request lines as a line reader delivers them (a line, or why it could
    /// not be read), in their order, measured and written as JSON on up to `threads` threads
    /// (nil: every core); the same bytes for any number.
    public func answers(to lines: [Result<InputLine, LineFailure>], threads: Int?) -> [TextAnswer] {
        // Each answer is written into the thread's buffer and copied out at its length: the
        // writer reserves room for the longest spelling of every number, twice what it writes.
        Parallel.map(count: lines.count, threads: threads, state: { (reading: LineReading(), written: [UInt8]()) }) {
            state, index in
            state.written.removeAll(keepingCapacity: true)
            let error = self.writeAnswer(to: lines[index], reading: &state.reading, into: &state.written)
            return TextAnswer(jsonLine: state.written.withUnsafeBufferPointer(Array.init), error: error)
        }
    }

    /// The answers ``answers(to:threads:)`` gives, joined in blocks of neighbouring lines,
    /// each block's JSON lines one after another in one buffer: the blocks' bounds depend on
    /// the number of threads, their bytes joined do not. A program that writes the answers
    /// out frees a buffer per block rather than one per answer, on the one thread that
    /// writes (freed one by one, the answers would keep the other threads waiting between
    /// two batches).
    public func answerBlocks(to lines: [Result<InputLine, LineFailure>], threads: Int?) -> [AnswerBlock] {
        Parallel.mapChunks(count: lines.count, threads: threads, state: { LineReading() }) { reading, chunk in
            var jsonLines: [UInt8] = []
            var errors: [AnswerBlock.ErrorMessage] = []
            for index in chunk {
                if let message = self.writeAnswer(to: lines[index], reading: &reading, into: &jsonLines) {
                    errors.append(AnswerBlock.ErrorMessage(index: index, message: message))
                }
            }
            return AnswerBlock(range: chunk, jsonLines: jsonLines, errors: errors)
        }
    }

    /// Appends the answer to `line` to `output`; returns its error result's message.
    private func writeAnswer(
        to line: Result<InputLine, LineFailure>, reading: inout LineReading, into output: inout [UInt8]
    ) -> String? {
        let outcome = switch line {
        case .success(let line): outcome(forLine: line.bytes, reading: &reading)
        case .failure(let failure): Outcome.failed(TextResult(id: nil, error: failure.message, line: failure.number))
        }
        switch outcome {
        case .measured(let id, let measurement):
            TextResult.appendJSONLine(id: id, measurement: measurement, to: &output)
            return nil
        case .failed(let result):
            result.appendJSONLine(to: &output)
            return result.error
        }
    }

    /// A request's measurement and id, or the error result it gets: an answer is written
    /// from the measurement without making its result (four arrays, for one line of JSON).
    private enum Outcome {
        case measured(id: JSONValue?, TextMeasurement)
        case failed(TextResult)

        var result: TextResult {
            switch self {
            case .measured(let id, let measurement): TextResult(id: id, measurement: measurement)
            case .failed(let result): result
            }
        }
    }

    private func outcome(forLine line: ArraySlice<UInt8>, reading: inout LineReading) -> Outcome {
        let request: TextRequest
        do {
            request = try TextRequest(jsonLine: line, memo: &reading.memo)
        } catch {
            return .failed(TextResult(error))
        }
        return outcome(for: request, lastChain: &reading.lastChain)
    }

    /// The result for one request already parsed as JSON (an element of an array of them),
    /// the same as for the line holding it.
    public func result(forValue value: JSONValue) -> TextResult {
        do {
            return result(for: try TextRequest(value: value))
        } catch {
            return TextResult(error)
        }
    }

    /// The result for one decoded request.
    public func result(for request: TextRequest) -> TextResult {
        var lastChain: LastChain?
        return outcome(for: request, lastChain: &lastChain).result
    }

    private func outcome(for request: TextRequest, lastChain: inout LastChain?) -> Outcome {
        do {
            let style = try style(for: request, lastChain: &lastChain)
            let width = request.width ?? 0
            guard width >= 0, width.isFinite else {
                throw TextEngineError.invalidValue(field: Field.width.rawValue, reason: "must be a finite number ≥ 0, got \(width)")
            }
            if let clamp = request.lineClamp, clamp < 1 || clamp > Int(Int32.max) {
                throw TextEngineError.invalidValue(
                    field: Field.lineClamp.rawValue, reason: "must be a whole number from 1 to \(Int32.max), got \(clamp)")
            }
            // Checked though a line clamp takes its place, so that a bad value is never passed over.
            if let maxLines = request.maxLines, maxLines < 0 {
                throw TextEngineError.invalidValue(field: Field.maxLines.rawValue, reason: "must be ≥ 0, got \(maxLines)")
            }
            let measurement = try measurer.measure(
                request.text, style: style, width: width == 0 ? .infinity : width,
                maxLines: request.lineClamp ?? request.maxLines ?? 0, reserveLines: request.reserveLines ?? 0,
                ellipsize: request.lineClamp != nil || (request.ellipsize ?? true))
            return .measured(id: request.id, measurement)
        } catch let error as TextEngineError {
            return .failed(TextResult(id: request.id, error: Self.describe(error)))
        } catch {
            return .failed(TextResult(id: request.id, error: "\(error)"))
        }
    }

    private func style(for request: TextRequest, lastChain: inout LastChain?) throws -> TextStyle {
        var style = TextStyle(fonts: try chain(for: request.fonts, lastChain: &lastChain), size: request.size)
        style.language = request.language ?? "en"
        if let spacing = request.lineSpacing, spacing != 0 { style.lineSpacing = spacing }
        if let scale = request.scale { style.displayScale = scale }
        style.profile = defaultProfile
        if let name = request.profile {
            guard let profile = MetricsProfile(rawValue: name) else {
                let profiles = MetricsProfile.allCases.map(\.rawValue).joined(separator: ", ")
                throw TextEngineError.invalidValue(field: Field.profile.rawValue, reason: "expected one of \(profiles), got '\(name)'")
            }
            style.profile = profile
        }
        style.lineBreak = style.profile.defaultLineBreak
        if let name = request.lineBreak {
            guard let strictness = LineBreakStrictness(rawValue: name) else {
                let values = LineBreakStrictness.allCases.map(\.rawValue).joined(separator: ", ")
                throw TextEngineError.invalidValue(field: Field.lineBreak.rawValue, reason: "expected one of \(values), got '\(name)'")
            }
            style.lineBreak = strictness
        }
        style.css = try CSSText(
            lineHeight: request.lineHeight, whiteSpace: request.whiteSpace, wordBreak: request.wordBreak,
            overflowWrap: request.overflowWrap, letterSpacing: request.letterSpacing)
        return style
    }

    private func chain(for fonts: [String]?, lastChain: inout LastChain?) throws(TextEngineError) -> FontChain {
        guard let fonts else {
            if let defaultFonts { return defaultFonts }
            return try BundledFonts.chain()
        }
        // The same list as the thread's last (most often the very array, shared through the
        // line memo, which `==` sees at once): no lock.
        if let last = lastChain, last.fonts == fonts { return try last.chain.get() }
        let chain = chains.withLock { chains in
            // Requests in a row mostly name the same fonts: comparing them with the last
            // list costs less than hashing the list.
            if let last = chains.last, last.fonts == fonts { return last.chain }
            let chain = chains.byFonts[fonts] ?? Result { () throws(TextEngineError) in
                try FontChain(references: fonts.map(FontFaceReference.init(parsing:)))
            }
            chains.byFonts[fonts] = chain
            chains.last = (fonts, chain)
            return chain
        }
        lastChain = (fonts, chain)
        return try chain.get()
    }

    static func describe(_ error: TextEngineError) -> String {
        switch error {
        case .fontFile: "\(Field.fonts.rawValue): \(error)"
        case .invalidValue(let field, let reason): "\(requestKey(naming: field)): \(reason)"
        default: error.description
        }
    }

    /// The request's key for a value the engine names as its Swift API does
    /// (`lineSpacing`, `displayScale`): an error names the field as the request spells it.
    private static func requestKey(naming field: String) -> String {
        switch field {
        case "displayScale": Field.scale.rawValue
        case "lineSpacing": Field.lineSpacing.rawValue
        case "maxLines": Field.maxLines.rawValue
        case "reserveLines": Field.reserveLines.rawValue
        default: field
        }
    }
}

extension TextResult {
    /// The error result for a request that could not be read.
    public init(_ error: TextRequestError) {
        self.init(id: error.id, error: error.message, field: error.field)
    }

    /// The result for a measurement.
    public init(id: JSONValue?, measurement: borrowing TextMeasurement) {
        self.init(id: id, membersOf: measurement)
        // The four per-line arrays in one pass, each allocated once at its size (four maps
        // through key paths grew each array as they appended).
        var starts: [Int] = [], widths: [Double] = [], heights: [Double] = [], slack: [Double?] = []
        starts.reserveCapacity(measurement.lineCount)
        widths.reserveCapacity(measurement.lineCount)
        heights.reserveCapacity(measurement.lineCount)
        slack.reserveCapacity(measurement.lineCount)
        for line in measurement.lines {
            starts.append(line.scalarOffset)
            widths.append(line.width)
            heights.append(line.height)
            slack.append(Self.slack(of: line))
        }
        (self.starts, self.widths, self.heights, self.slack) = (starts, widths, heights, slack)
    }

    /// The result for a measurement without its four per-line arrays. Inlined: it runs once
    /// per answer written, where a call is a measurable share of `text --jsonl`.
    @inline(__always) init(id: JSONValue?, membersOf measurement: borrowing TextMeasurement) {
        self.id = id
        lines = measurement.lineCount
        height = measurement.height
        truncated = measurement.isTruncated
        naturalWidth = measurement.naturalWidth
        if let first = measurement.missingGlyphs.first {
            missingGlyphs = measurement.missingGlyphs.count
            firstMissingGlyph = first.codePointNotation
        }
    }

    /// A line's slack as a result gives it: nil where it is infinite (no width limit).
    static func slack(of line: TextMeasurement.Line) -> Double? { line.slack.isFinite ? line.slack : nil }
}

/// The answers to neighbouring request lines of a batch (``BatchMeasurer/answerBlocks(to:threads:)``).
public struct AnswerBlock: Sendable {
    /// An error result among the block's answers.
    public struct ErrorMessage: Sendable, Equatable {
        /// The request line's index in the batch.
        public let index: Int
        public let message: String
    }

    /// The indices in the batch of the lines answered.
    public let range: Range<Int>
    /// Their results' JSON objects, each followed by a line feed.
    public let jsonLines: [UInt8]
    /// The error results' messages, in the lines' order.
    public let errors: [ErrorMessage]
}

/// One request's answer: its result as a line of JSON Lines, and the result's error.
public struct TextAnswer: Sendable {
    /// The result's JSON object and a line feed.
    public let jsonLine: [UInt8]
    /// The error result's message; nil when the request was measured.
    public let error: String?
}
