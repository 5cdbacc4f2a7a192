// The same records with no options give the same frames and card sizes, byte for byte,
// through `cardsize` and through /v1/layout and /v1/cards: one set of defaults, every door.
import CardsizeServer
import CatalogLayout
import Foundation
import Hummingbird
import JSON
import Testing

@Suite struct EveryDoorTests {
    /// A record's fields as a JSON object, numbered `number`.
    static func object(_ number: Int, title: String, author: String) -> String {
        var object = JSONObjectWriter()
        object.string("id", "r\(number)")
        object.string("title", title)
        object.string("author", author)
        return String(decoding: object.closed, as: UTF8.self)
    }

    /// Records whose titles run from one word to several lines, in Latin and Japanese, and
    /// one without an author (an error record through every door).
    static let objects: [String] = {
        let titles = [
            ("Dune", "Frank Herbert"), ("The Hunger Games (The Hunger Games, #1)", "Suzanne Collins"),
            ("吾輩は猫である", "夏目漱石"), ("Harry Potter and the Sorcerer's Stone (Harry Potter, #1)", "J.K. Rowling"),
            ("A", "B"), ("The Curious Incident of the Dog in the Night-Time", "Mark Haddon"), ("銀河鉄道の夜", "宮沢賢治"),
        ]
        var objects = (0..<60).map { number in
            let (title, author) = titles[number % titles.count]
            return object(number, title: String(repeating: title + " ", count: 1 + number % 3), author: author)
        }
        objects[5] = #"{"id":"no-author","title":"x"}"#
        return objects
    }()

    /// The frames `cardsize layout KIND` writes for the records, with no options: each item's
    /// id and its frame's numbers as written.
    static func commandLineFrames(_ kind: CatalogLayoutKind, catalog: String) throws -> [String] {
        let output = try runCardsize(["layout", kind.rawValue, catalog]).output
        return output.split(separator: "\n").compactMap { line in
            guard case .object(let row) = try? JSONParser.value(of: Array(line.utf8)), row["kind"] == .string("item"),
                case .string(let id)? = row["id"]
            else { return nil }
            return ([id] + ["x", "y", "width", "height"].map { row[$0].map(Self.literal) ?? "" }).joined(separator: " ")
        }
    }

    static func literal(_ value: JSONValue) -> String {
        if case .number(let number) = value { number.literal } else { "\(value)" }
    }

    /// Runs the built `cardsize` in the repository root; its exit status and standard output.
    static func runCardsize(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while directory.path != "/", !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("cardsize").path) {
            directory = directory.deletingLastPathComponent()
        }
        process.executableURL = directory.appendingPathComponent("cardsize")
        process.arguments = arguments
        process.currentDirectoryURL = ViewerEndpointTests.repositoryRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: bytes, as: UTF8.self))
    }

    @Test(arguments: CatalogLayoutKind.allCases)
    func theSameRecordsGiveTheSameFramesThroughTheCommandLineAndTheServer(kind: CatalogLayoutKind) async throws {
        let catalog = FileManager.default.temporaryDirectory.appendingPathComponent("doors-\(UUID().uuidString).jsonl").path
        try (Self.objects.joined(separator: "\n") + "\n").write(toFile: catalog, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: catalog) }
        let expected = try Self.commandLineFrames(kind, catalog: catalog)
        #expect(expected.count == Self.objects.count - 1)
        let ids = Self.objects.map { object -> String in
            guard case .object(let members) = try? JSONParser.value(of: Array(object.utf8)), case .string(let id)? = members["id"]
            else { return "" }
            return id
        }
        let body = #"{"kind":"\#(kind.rawValue)","records":[\#(Self.objects.joined(separator: ","))]}"#
        try await RouterClient.test(try CardsizeService().router()) { client in
            try await client.execute(uri: "/v1/layout", method: .post, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok)
                guard case .object(let answer) = try JSONParser.value(of: Array(response.body.readableBytesView)),
                    case .array(let elements)? = answer["elements"], case .array(let errors)? = answer["errors"]
                else {
                    Issue.record("no elements: \(String(buffer: response.body))")
                    return
                }
                let frames = elements.compactMap { element -> String? in
                    guard case .object(let members) = element, case .number(let index)? = members["index"],
                        let position = Int(index.literal)
                    else { return nil }
                    return ([ids[position]] + ["x", "y", "width", "height"].map { members[$0].map(Self.literal) ?? "" })
                        .joined(separator: " ")
                }
                #expect(frames == expected)
                #expect(errors.count == 1)
            }
            // A grid's and a waterfall's cards are the sizes of their frames, through /v1/cards too.
            guard kind == .grid || kind == .waterfall else { return }
            let cards = #"{"kind":"\#(kind.rawValue)","records":[\#(Self.objects.joined(separator: ","))]}"#
            try await client.execute(uri: "/v1/cards", method: .post, body: ByteBuffer(string: cards)) { response in
                #expect(response.status == .ok)
                guard case .array(let rows) = try JSONParser.value(of: Array(response.body.readableBytesView)) else {
                    Issue.record("no rows")
                    return
                }
                let sizes = rows.compactMap { row -> String? in
                    guard case .object(let members) = row, case .string(let id)? = members["id"], members["height"] != nil
                    else { return nil }
                    return [id, members["width"].map(Self.literal) ?? "", members["height"].map(Self.literal) ?? ""]
                        .joined(separator: " ")
                }
                let framed = expected.map { frame in
                    let parts = frame.split(separator: " ")
                    return [parts[0], parts[3], parts[4]].joined(separator: " ")
                }
                #expect(sizes.sorted() == framed.sorted())
            }
        }
    }

    /// `cardsize measure` and /v1/cards with no options: the same rows, byte for byte.
    @Test func measureAndCardsGiveTheSameRows() async throws {
        let catalog = FileManager.default.temporaryDirectory.appendingPathComponent("doors-\(UUID().uuidString).jsonl").path
        try (Self.objects.joined(separator: "\n") + "\n").write(toFile: catalog, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: catalog) }
        let rows = try Self.runCardsize(["measure", catalog]).output.split(separator: "\n")
        #expect(rows.count == Self.objects.count)
        let body = #"{"records":[\#(Self.objects.joined(separator: ","))]}"#
        try await RouterClient.test(try CardsizeService().router()) { client in
            try await client.execute(uri: "/v1/cards", method: .post, body: ByteBuffer(string: body)) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "[" + rows.joined(separator: ",") + "]")
            }
        }
    }
}
