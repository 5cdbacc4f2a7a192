// One `cardsize` process kept open and asked one question at a time, as another program uses
// it as a co-process: each answer must come while the input is still open.
import Foundation
import Testing

@Suite struct CoprocessTests {
    /// Bundled titles as `text --jsonl` requests, Latin and Japanese, a few settings.
    func textRequests() throws -> [String] {
        let titles = try BundledTitles.first(60)
        return titles.enumerated().map { index, title in
            let width = [100, 127, 240][index % 3]
            let profile = index % 2 == 0 ? "uikit" : "pango"
            return #"{"id":"\#(index)","text":\#(JSONText.quoted(title)),"width":\#(width),"size":15,"profile":"\#(profile)"}"#
        }
    }

    @Test func textJSONLinesAnswersEachRequestBeforeTheNextIsSent() throws {
        let requests = try textRequests()
        let answers = try askOneAtATime(["text", "--jsonl"], requests)
        // The same requests as one file give the same bytes.
        let batch = try CommandRunner.run(["text", "--jsonl"], input: Data(requests.map { $0 + "\n" }.joined().utf8))
        #expect(batch.status == 0)
        #expect(answers == batch.outputLines.map(String.init))
    }

    @Test func measureFromStandardInputAnswersEachRecordBeforeTheNextIsSent() throws {
        let records = try BundledTitles.first(40).enumerated().map { index, title in
            #"{"id":"\#(index)","title":\#(JSONText.quoted(title)),"author":"A. Writer"}"#
        }
        // A bad record in the middle is answered at once too, with its error record.
        let withError = Array(records[..<20]) + [#"{"id":"bad","title":"No author"}"#] + records[20...]
        let answers = try askOneAtATime(["measure", "-", "--template", "book-hug"], withError)
        let batch = try CommandRunner.run(
            ["measure", "-", "--template", "book-hug"], input: Data(withError.map { $0 + "\n" }.joined().utf8))
        #expect(answers == batch.outputLines.map(String.init))
        #expect(answers[20] == #"{"id":"bad","line":21,"field":"author","error":"missing field"}"#)
    }

    @Test func measureAnswersCSVRowsOneAtATimeAfterTheHeader() throws {
        let rows = ["1,Kokoro,Natsume Sōseki", "2,\"Dune, Messiah\",Frank Herbert", "3,吾輩は猫である,夏目漱石"]
        let command = try CommandRunner.start(["measure", "-", "--catalog-format", "csv", "--format", "csv"])
        var output = LineInput(command.output)
        command.input.write(Data("id,title,author\n".utf8))
        var answers: [String] = []
        for row in rows {
            command.input.write(Data((row + "\n").utf8))
            // The header row of the output comes with the first answer.
            if answers.isEmpty { answers.append(try output.line(within: 60)) }
            answers.append(try output.line(within: 60))
        }
        try command.input.close()
        let result = command.finish()
        #expect(result.status == 0)
        #expect(answers.count == 4)
        #expect(answers[0].hasPrefix("id,width,height"))
        #expect(answers[3].hasPrefix("3,127,"))
    }

    /// Sends each line and waits for its answer (at most a minute: a guard against hanging
    /// the suite if answers waited for the end of the input) before sending the next.
    func askOneAtATime(_ arguments: [String], _ lines: [String]) throws -> [String] {
        let command = try CommandRunner.start(arguments)
        var output = LineInput(command.output)
        var answers: [String] = []
        for line in lines {
            command.input.write(Data((line + "\n").utf8))
            answers.append(try output.line(within: 60))
        }
        try command.input.close()
        let rest = command.finish()
        #expect(rest.standardOutput.isEmpty, "answers after the input ended")
        return answers
    }
}

/// Lines read from a pipe with a deadline, with `poll(2)` and `read(2)`.
struct LineInput {
    let handle: FileHandle
    private var pending: [UInt8] = []

    init(_ handle: FileHandle) { self.handle = handle }

    struct Timeout: Error, CustomStringConvertible {
        var description: String
    }

    /// The next line, without its LF; throws if none is complete within `seconds`.
    mutating func line(within seconds: Double) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                defer { pending.removeSubrange(...newline) }
                return String(decoding: pending[..<newline], as: UTF8.self)
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Timeout(description: "no answer within \(seconds) s") }
            var request = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, Int32(remaining * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(handle.fileDescriptor, &chunk, chunk.count)
            guard count > 0 else { throw Timeout(description: "output ended before an answer") }
            pending.append(contentsOf: chunk[..<count])
        }
    }
}

/// Titles of the bundled catalogs, Latin and Japanese alternating.
enum BundledTitles {
    static func first(_ count: Int) throws -> [String] {
        func titles(_ path: String) throws -> [String] {
            let text = try String(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
            // Titles without quotes or commas, so that the simple split below reads them.
            return text.split(whereSeparator: \.isNewline).dropFirst().compactMap { line -> String? in
                guard !line.contains("\"") else { return nil }
                let fields = line.split(separator: ",", omittingEmptySubsequences: false)
                return fields.count > 1 && !fields[1].isEmpty ? String(fields[1]) : nil
            }
        }
        let latin = try titles("Catalogs/goodbooks-10k.csv")
        let japanese = try titles("Catalogs/aozora-bunko.csv")
        return (0..<count).map { $0 % 2 == 0 ? latin[$0 / 2] : japanese[$0 / 2] }
    }
}

enum JSONText {
    /// `text` as a JSON string.
    static func quoted(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }
}
