// The plain-line split against the byte-by-byte parser: the same records, errors, line
// numbers and recovery on random input, including lines across 64 KiB chunks.
import CatalogGenerator
import Foundation
import Testing

@testable import CatalogIO

@Suite struct CSVPlainLineDifferentialTests {
    /// Everything a reader yields, in a form two readers can be compared by.
    enum Outcome: Equatable {
        case header([String])
        case openFailed(String)
        case record(line: Int, lastLine: Int, number: Int, fields: [[UInt8]])
        case error(CSVSyntaxError)
    }

    static func outcomes(of bytes: [UInt8], maximumRecordBytes: Int, splitsPlainLines: Bool) throws -> [Outcome] {
        try TestSupport.withTemporaryFile(bytes) { path in
            let reader: CSVReader
            do {
                reader = try CSVReader(
                    input: try InputFile(path: path), maximumRecordBytes: maximumRecordBytes, splitsPlainLines: splitsPlainLines)
            } catch {
                return [.openFailed(String(describing: error))]
            }
            return [.header(reader.header)] + reader.map { result in
                switch result {
                case .success(let record):
                    .record(line: record.line, lastLine: record.lastLine, number: record.recordNumber, fields: record.map(Array.init))
                case .failure(let error): .error(error)
                }
            }
        }
    }

    /// Random bytes over CSV's syntax (commas, quotes, CR, LF) and text (ASCII, UTF-8, a
    /// byte order mark now and then).
    static func randomInput(_ random: inout SplitMix64, length: Int, plainBias: UInt64) -> [UInt8] {
        let syntax: [[UInt8]] = [[0x2C], [0x22], [0x0D], [0x0A], [0x0D, 0x0A], Array("é".utf8), [0xE3, 0x81]]
        var bytes: [UInt8] = random.next() % 8 == 0 ? [0xEF, 0xBB, 0xBF] : []
        while bytes.count < length {
            if random.next() % plainBias == 0 {
                bytes += syntax[Int(random.next() % UInt64(syntax.count))]
            } else if random.next() % 12 == 0 {
                bytes += [random.next() % 2 == 0 ? 0x2C : 0x0A]
            } else {
                bytes.append(UInt8(ascii: "a") + UInt8(random.next() % 26))
            }
        }
        return bytes
    }

    @Test func shortInputsReadTheSame() throws {
        var random = SplitMix64(seed: 41)
        for round in 0..<3_000 {
            let header: [UInt8] = random.next() % 2 == 0 ? Array("a,b\n".utf8) : []
            let bytes = header + Self.randomInput(&random, length: Int(random.next() % 120), plainBias: 2 + random.next() % 10)
            let limit = [3, 8, 24, 1 << 20][Int(random.next() % 4)]
            let split = try Self.outcomes(of: bytes, maximumRecordBytes: limit, splitsPlainLines: true)
            let parsed = try Self.outcomes(of: bytes, maximumRecordBytes: limit, splitsPlainLines: false)
            #expect(split == parsed, "round \(round), limit \(limit): \(bytes)")
        }
    }

    /// Inputs of several chunks: lines cut by a chunk's end, mostly plain with quoted ones.
    @Test func inputsOverSeveralChunksReadTheSame() throws {
        var random = SplitMix64(seed: 43)
        for round in 0..<6 {
            let bytes = Array("id,t\n".utf8) + Self.randomInput(&random, length: 150_000 + Int(random.next() % 70_000), plainBias: 40)
            let limit = [64, 1 << 20][round % 2]
            let split = try Self.outcomes(of: bytes, maximumRecordBytes: limit, splitsPlainLines: true)
            let parsed = try Self.outcomes(of: bytes, maximumRecordBytes: limit, splitsPlainLines: false)
            #expect(split.count > 1_000)
            #expect(split == parsed, "round \(round)")
        }
    }

    /// Rows of quoted and unquoted fields, most of them plain (quotes around whole fields,
    /// commas inside), the rest each with one thing only the byte-by-byte parser reads: an
    /// escaped quote, a line ending or CR inside quotes, text after a closing quote, a quote
    /// inside an unquoted field, an unclosed quote.
    @Test func quotedFieldsReadTheSame() throws {
        var random = SplitMix64(seed: 47)
        let fields = [
            "plain", "", "\"\"", "\"quoted, with a comma\"", "\"The Hunger Games (Book 1, #1)\"", "\"é, 日本\"",
            "\"a \"\"quote\"\"\"", "\"two\nlines\"", "\"cr\r\"", "\"closed\" after", "in\"side", "\"unclosed",
        ]
        for round in 0..<400 {
            var rows: [String] = ["id,title,author"]
            for _ in 0..<(1 + random.next() % 30) {
                let count = 1 + Int(random.next() % 4)
                // Mostly the first five (plain) fields.
                rows.append((0..<count).map { _ in fields[Int(random.next() % (random.next() % 4 == 0 ? 12 : 5))] }.joined(separator: ","))
            }
            let bytes = Array((rows.joined(separator: random.next() % 5 == 0 ? "\r\n" : "\n") + (random.next() % 2 == 0 ? "\n" : "")).utf8)
            let limit = [16, 1 << 20][Int(random.next() % 2)]
            let split = try Self.outcomes(of: bytes, maximumRecordBytes: limit, splitsPlainLines: true)
            let parsed = try Self.outcomes(of: bytes, maximumRecordBytes: limit, splitsPlainLines: false)
            #expect(split == parsed, "round \(round), limit \(limit): \(String(decoding: bytes, as: UTF8.self))")
        }
    }

    /// The bundled catalogs, as their own files.
    @Test(arguments: ["goodbooks-10k.csv", "aozora-bunko.csv"])
    func bundledCatalogsReadTheSame(_ file: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: TestSupport.catalogPath(file))))
        let split = try Self.outcomes(of: bytes, maximumRecordBytes: 1 << 20, splitsPlainLines: true)
        let parsed = try Self.outcomes(of: bytes, maximumRecordBytes: 1 << 20, splitsPlainLines: false)
        #expect(split.count > 1_000)
        #expect(split == parsed)
    }
}
