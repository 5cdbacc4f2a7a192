// What a hostile client cannot do: name a server file, outgrow memory or time, or get an
// answer outside the API's shape.
@testable import CardsizeServer
import BundledFonts
import Foundation
import Hummingbird
import JSON
import Locked
import TextBatch
import TextEngine
import Testing

@Suite struct FontsByNameTests {
    func post(_ body: String, service: CardsizeService? = nil, _ check: @escaping @Sendable (TestResponse) throws -> Void)
        async throws
    {
        try await RouterClient.test(try (service ?? CardsizeService()).router()) { client in
            try await client.execute(uri: "/v1/text", method: .post, body: ByteBuffer(string: body), testCallback: check)
        }
    }

    /// A path is a name the server does not have: no file is opened (a FIFO would block the
    /// worker), and the answer is the same whether the file exists, is a FIFO, or is not a font.
    @Test func aPathIsRefusedAlikeWhetherItExistsOrNot() async throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("cardsize-fifo-\(getpid())").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let font = try BundledFonts.directory().appendingPathComponent("DejaVuSans.ttf").path
        var answers: [String] = []
        for path in [fifo, "/nonexistent/font.ttf", #filePath, font] {
            let answer = Locked("")
            try await post(#"{"text":"a","size":15,"fonts":["\#(path)"]}"#) { response in
                #expect(response.status == .badRequest)
                answer.withLock { $0 = String(buffer: response.body) }
            }
            answers.append(answer.withLock { $0 }.replacingOccurrences(of: path, with: "PATH"))
        }
        #expect(Set(answers).count == 1, "\(answers)")
        #expect(answers[0].contains(#""field":"fonts""#))
        #expect(answers[0].contains("no font named 'PATH'"))
        #expect(answers[0].contains("DejaVuSans.ttf (DejaVu Sans)"))
    }

    /// A face named by its id or its family measures as the same face loaded from its file.
    @Test func aFaceNamedByIdOrFamilyMeasuresAsItsFile() async throws {
        let file = try BundledFonts.directory().appendingPathComponent("DejaVuSans.ttf").path
        let line = #"{"id":1,"text":"Dune 砂の惑星","size":15,"width":60,"fonts":["\#(file)"]}"#
        let expected = BatchMeasurer().result(forLine: Array(line.utf8)).json
        for name in ["DejaVuSans.ttf", "dejavu sans"] {
            try await post(#"{"id":1,"text":"Dune 砂の惑星","size":15,"width":60,"fonts":["\#(name)"]}"#) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == expected, "\(name)")
            }
        }
    }

    /// One list of names is one chain, made of faces loaded once: requests that name fonts
    /// do not load them again, and past ``ServerFonts/keptChains`` lists the oldest go.
    @Test func chainsAreSharedAndBounded() throws {
        let fonts = try ServerFonts()
        let first = try fonts.chain(named: ["Symbola", "DejaVu Sans"])
        #expect(try fonts.chain(named: ["symbola", "DejaVuSans.ttf"]) === first)
        for count in 1...ServerFonts.keptChains {
            _ = try fonts.chain(named: Array(repeating: "DejaVu Sans", count: count))
        }
        let again = try fonts.chain(named: ["Symbola", "DejaVu Sans"])
        #expect(again !== first)
        #expect(again.faces == first.faces)
    }

    /// The operator's fonts are named by file name and family; a file given again under
    /// another spelling, or through a link, is not loaded again.
    @Test func operatorFontsAreNamedByFileAndLoadedOnce() throws {
        let bundled = try BundledFonts.directory().appendingPathComponent("DejaVuSans.ttf")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cardsize-fonts-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: bundled, to: directory.appendingPathComponent("Copy.ttf"))
        try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("Link.ttf"), withDestinationURL: bundled)
        try Data("not a font".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        let copy = directory.appendingPathComponent("Copy.ttf").path
        let fonts = try ServerFonts(files: [copy, directory.path + "/./Copy.ttf"], directories: [directory.path])
        #expect(fonts.faces.map(\.id) == ["DejaVuSans.ttf", "NotoSansCJK-Regular.ttc", "Symbola_hint.ttf", "Copy.ttf"])
        #expect(try fonts.chain(named: ["copy.ttf"]).faces[0].reference.path == copy)
        #expect(throws: ServerFontsError.self) { try ServerFonts(files: [directory.appendingPathComponent("notes.txt").path]) }
        #expect(throws: ServerFontsError.self) { try ServerFonts(directories: ["/nonexistent"]) }
    }
}

/// HTTP as the book has it: 405 with `Allow`, `HEAD` wherever `GET`, a JSON error body of one
/// shape for every status.
@Suite struct HTTPConventionTests {
    func send(_ method: HTTPRequest.Method, _ uri: String, body: String? = nil, limits: ServerLimits = ServerLimits(),
              _ check: @escaping @Sendable (TestResponse) throws -> Void) async throws {
        try await RouterClient.test(try CardsizeService(limits: limits).router()) { client in
            try await client.execute(uri: uri, method: method, body: body.map { ByteBuffer(string: $0) }, testCallback: check)
        }
    }

    /// The body's members, checking it is `{"error": …}` with at most a `field` beside it.
    static func errorMembers(_ response: TestResponse) throws -> [String: JSONValue] {
        #expect(response.headers[.contentType] == "application/json")
        guard case .object(let members) = try JSONParser.value(of: Array(response.body.readableBytesView)),
            case .string(let message)? = members["error"], !message.isEmpty
        else {
            Issue.record("not an error body: \(String(buffer: response.body))")
            return [:]
        }
        #expect(Set(members.keys).isSubset(of: ["error", "field"]))
        return members
    }

    @Test func anotherMethodOnAKnownPathIs405WithAllow() async throws {
        for (method, uri, allow) in [(HTTPRequest.Method.get, "/v1/text", "POST"), (.delete, "/health", "GET, HEAD"),
                                     (.put, "/openapi.yaml", "GET, HEAD"), (.options, "/v1/layout", "POST")] {
            try await send(method, uri) { response in
                #expect(response.status == .methodNotAllowed, "\(method) \(uri)")
                #expect(response.headers[.allow] == allow)
                _ = try Self.errorMembers(response)
            }
        }
    }

    /// Without a catalog the viewer's routes are still the API's: 404 for GET, 405 for another method.
    @Test func theViewersRoutesWithoutACatalogAre404And405() async throws {
        try await send(.get, "/v1/catalog/elements?x=0&y=0&width=10&height=10") { response in
            #expect(response.status == .notFound)
            _ = try Self.errorMembers(response)
        }
        try await send(.trace, "/v1/catalog/items/3") { response in
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == "GET, HEAD")
        }
    }

    @Test func headAnswersWhereGetDoes() async throws {
        try await send(.head, "/health") { response in
            #expect(response.status == .ok)
            #expect(response.body.readableBytes == 0)
            #expect(response.headers[.contentLength] == "3")
        }
    }

    @Test func everyErrorStatusHasAJSONBody() async throws {
        try await send(.get, "/nowhere") { response in
            #expect(response.status == .notFound)
            let members = try Self.errorMembers(response)
            #expect(members["error"] == .string("no such resource: /nowhere"))
        }
        try await send(.post, "/v1/text", body: String(repeating: "x", count: 100), limits: ServerLimits(maximumBodyBytes: 10)) {
            response in
            #expect(response.status == .contentTooLarge)
            _ = try Self.errorMembers(response)
        }
        try await send(.post, "/v1/layout", body: #"{"records":[],"columns":0}"#) { response in
            #expect(response.status == .badRequest)
            _ = try Self.errorMembers(response)
        }
    }

    /// The time limit holds for one text as for many: a request whose time ran out (here
    /// before it started) is a 503, not a measurement.
    @Test func theTimeLimitHoldsForOneText() async throws {
        try await send(.post, "/v1/text", body: #"{"text":"a","size":15}"#, limits: ServerLimits(requestTimeLimit: .zero)) {
            response in
            #expect(response.status == .serviceUnavailable)
            _ = try Self.errorMembers(response)
        }
    }

    /// A word far wider than its line, at the engine's largest text, is measured, not cut off
    /// by the time limit: it breaks between its characters in linear time (it took minutes when
    /// every line scanned to the word's end; in phrase breaking, to the phrase's end). How long
    /// it takes is the abuse test's to report (scripts/abuse-test.py), not a timed test's,
    /// which the suite's other work would skew.
    @Test(arguments: ["strict", "phrase"]) func anOverWideWordIsAnswered(lineBreak: String) async throws {
        let text = String(repeating: "b", count: TextMeasurer.maximumTextBytes)
        let body = #"{"text":"\#(text)","size":15,"width":0.001,"line_break":"\#(lineBreak)"}"#
        try await send(.post, "/v1/text", body: body) { response in
            #expect(response.status == .ok)
        }
    }
}
