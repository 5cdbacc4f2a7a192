// `text --jsonl`: every request line yields one valid JSON result carrying its id.
import BundledFonts
import CatalogIO
import JSON
import TextBatch
import TextEngine

/// One request line through ``TextBatch/BatchMeasurer``, as `text --jsonl` reads it: the
/// result is strict JSON; it carries the request's id exactly as written; a line that is not
/// a strict JSON object fails; a measured result has lines that start in order inside the
/// text, finite sizes, and an error never names a Swift type. And every line of the input,
/// answered in a row by one thread (which carries what it read from one line to the next,
/// such as the last `fonts`), gets the answer it gets alone; a line the one-pass reader of
/// plain lines reads, the general reader reads to the same request.
struct TextRequestTarget: FuzzTarget {
    static let name = "text-request"
    private let measurer: BatchMeasurer

    init() throws {
        measurer = BatchMeasurer(defaultFonts: try BundledFonts.chain())
    }

    func check(_ input: [UInt8]) throws(InvariantViolation) {
        try checkFirstLine(of: input)
        let lines = input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let read = lines.enumerated().map {
            Result<InputLine, LineFailure>.success(InputLine(number: $0.offset + 1, bytes: $0.element))
        }
        for (index, answer) in measurer.answers(to: read, threads: 1).enumerated() {
            var alone: [UInt8] = []
            measurer.result(forLine: lines[index]).appendJSONLine(to: &alone)
            try require(
                answer.jsonLine == alone,
                "line \(index + 1) answered in a row as \(String(decoding: answer.jsonLine, as: UTF8.self)), "
                    + "alone as \(String(decoding: alone, as: UTF8.self))")
        }
    }

    private func checkFirstLine(of input: [UInt8]) throws(InvariantViolation) {
        // One line, as the reader hands it over.
        let line = Array(input.prefix { $0 != UInt8(ascii: "\n") })
        let result = measurer.result(forLine: line)
        var bytes: [UInt8] = []
        result.appendJSON(to: &bytes)
        guard case .object(let written)? = try? JSONParser.value(of: bytes) else {
            throw InvariantViolation("the result is not a JSON object: \(String(decoding: bytes, as: UTF8.self))")
        }
        let request = try? JSONParser.value(of: line)
        // A line the one-pass reader of plain lines reads, the general reader reads alike.
        if let plain = line.withUnsafeBufferPointer({ TextRequest.plainLine($0, fontsMemo: JSONFieldMemo()) }) {
            let general = request.flatMap { try? TextRequest(value: $0) }
            try require(plain == general, "read in one pass as \(plain), by the general reader as \(String(describing: general))")
        }
        guard case .object(let members)? = request else {
            try require(result.error != nil, "a line that is not a JSON object was measured")
            return
        }
        let id = members["id"].flatMap { $0 == .null ? nil : $0 }
        try require(written["id"] == id, "id \(String(describing: id)) came back as \(String(describing: written["id"]))")
        if let error = result.error {
            for leak in ["Swift.", "Dictionary<", "Array<", "Optional(", "Foundation."] {
                try require(!error.contains(leak), "the error leaks a Swift type: \(error)")
            }
            return
        }
        guard case .string(let text)? = members["text"] else {
            throw InvariantViolation("a request without a text was measured")
        }
        let starts = result.starts ?? []
        // An empty text is no line in UIKit's profile and one empty line in Pango's.
        try require(starts.first == 0 || (text.isEmpty && starts.isEmpty), "the first line starts at \(String(describing: starts.first))")
        try require(zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 }, "line starts out of order: \(starts)")
        try require(starts.allSatisfy { $0 <= text.unicodeScalars.count }, "a line starts past the text: \(starts)")
        let numbers = [result.height, result.naturalWidth].compactMap { $0 } + (result.widths ?? []) + (result.heights ?? [])
        try require(numbers.allSatisfy { $0.isFinite && $0 >= 0 }, "a size is negative or not finite: \(numbers)")
    }
}
