// The strict JSON parser against RFC 8259's grammar, against Foundation's parser on valid
// JSON, and on numbers, which it keeps as written.
import CatalogGenerator
@testable import JSON
import Foundation
import Testing

@Suite struct JSONParserTests {
    /// Each is not JSON; RFC 8259 says why.
    static let invalid: [(text: String, reason: String)] = [
        ("", "a value is missing"), ("[1,]", "expected a value"), ("{\"a\":1,}", "expected a key in quotes"),
        ("01", "expected a value"), ("-", "expected a value"), ("1.", "expected a value"),
        (".5", "expected a value"), ("+1", "expected a value"), ("1e", "expected a value"), ("-01", "expected a value"),
        ("{'a':1}", "expected a key in quotes"), ("{\"a\" 1}", "expected ':' after a key"), ("nul", "expected a value"),
        ("NaN", "expected a value"), ("Infinity", "expected a value"), ("[1 2]", "expected ',' or ']'"),
        ("{\"a\":1 \"b\":2}", "expected ',' or '}'"), ("1 2", "unexpected text after the value"),
        ("\"\\x\"", "an unknown escape \\x"), ("\"\\ud800\"", "a \\u escape of a lone surrogate"),
        ("\"\\udc00\"", "a \\u escape of a lone surrogate"), ("\"\\u12\"", "expected four hex digits after \\u"),
        ("\"a\tb\"", "a control character inside a string"), ("\"open", "a string is not closed"),
        ("{\"a\":1,\"a\":2}", "key \"a\" given twice"), ("// comment\n1", "expected a value"), ("truex", "unexpected text after the value"),
    ]

    @Test func invalidJSONIsRefusedWithItsReason() {
        for (text, reason) in Self.invalid {
            #expect(throws: JSONSyntaxError.self, "\(text)") { try JSONParser.value(of: Array(text.utf8)) }
            do {
                _ = try JSONParser.value(of: Array(text.utf8))
            } catch {
                #expect(error.reason == reason, "\(text)")
            }
        }
    }

    @Test func invalidUTF8InAStringAndTooDeepNestingAreRefused() {
        #expect(throws: JSONSyntaxError(offset: 2, reason: "a string is not valid UTF-8")) {
            try JSONParser.value(of: [0x22, 0x61, 0xFF, 0x22])
        }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.value(of: [0xC3, 0xA9]) }
        let deep = Array(repeating: UInt8(ascii: "["), count: JSONParser.maximumDepth + 1)
            + Array(repeating: UInt8(ascii: "]"), count: JSONParser.maximumDepth + 1)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.value(of: deep) }
        #expect((try? JSONParser.value(of: Array(deep.dropFirst().dropLast()))) != nil)
    }

    /// Random bytes in quotes: accepted exactly when they are UTF-8, as the standard library
    /// decides it, and read as the same string.
    @Test func stringsAreValidatedAsTheStandardLibraryValidatesUTF8() {
        var random = SplitMix64(seed: 7)
        let interesting: [UInt8] = [0x61, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xA0, 0x9F, 0xED, 0xEF, 0xF0, 0x90, 0x8F, 0xF4, 0xF5, 0xFF]
        for _ in 0..<50_000 {
            let content = (0..<(random.next() % 7)).map { _ in interesting[Int(random.next() % UInt64(interesting.count))] }
            let parsed = try? JSONParser.value(of: [0x22] + content + [0x22])
            let expected = String(validating: content, as: UTF8.self)
            #expect(parsed == expected.map(JSONValue.string), "\(content)")
        }
    }

    @Test func numbersAreKeptAsWritten() throws {
        let huge = "1" + String(repeating: "0", count: 400)
        for literal in ["0", "-0", "2.50", "1e999", "-1E-5", "12345678901234567890123", huge] {
            #expect(try JSONParser.value(of: Array(literal.utf8)) == .number(JSONNumber(literal: literal)!))
            var bytes: [UInt8] = []
            try JSONParser.value(of: Array("[\(literal)]".utf8)).appendJSON(to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "[\(literal)]")
        }
        #expect(JSONNumber(literal: "2.0")?.integerValue == 2)
        #expect(JSONNumber(literal: "2e0")?.integerValue == 2)
        #expect(JSONNumber(literal: "2.5")?.integerValue == nil)
        #expect(JSONNumber(literal: "1e30")?.integerValue == nil)
        #expect(JSONNumber(literal: "1e999")?.doubleValue == .infinity)
        #expect(JSONNumber(literal: "01") == nil && JSONNumber(literal: "") == nil && JSONNumber(literal: "1 ") == nil)
    }

    /// The number reader's fast path (up to 15 digits, no exponent) against `strtod`
    /// (`Double(String)`), bit for bit, on random literals on both sides of its limits.
    @Test func numbersReadAsStrtodReadsThem() throws {
        var random = SplitMix64(seed: 5)
        func digits(_ count: UInt64) -> String {
            String((0..<count).map { _ in Character(String(random.next() % 10)) })
        }
        var literals = ["0", "-0", "0.1", "-0.0", "999999999999999", "9999999999999999", "0.000000000000001", "123.456", "1.7976931348623157"]
        for _ in 0..<200_000 {
            let integer = random.next() % 4 == 0 ? "0" : String(1 + random.next() % 9) + digits(random.next() % 17)
            let fraction = random.next() % 3 == 0 ? "" : "." + digits(1 + random.next() % 17)
            let exponent = random.next() % 8 == 0 ? "e" + String(Int(random.next() % 40) - 20) : ""
            literals.append((random.next() % 2 == 0 ? "-" : "") + integer + fraction + exponent)
        }
        literals += ["9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
                     "9223372036854775807.0", "92233720368547758070e-1", "-9.223372036854775808e18", "1e19", "-0.0e5"]
        for literal in literals {
            let number = try #require(JSONNumber(literal: literal), "\(literal)")
            #expect(number.doubleValue.bitPattern == Double(literal)?.bitPattern, "\(literal)")
            // A whole number as `Int(_: String)` reads it, else through the nearest `Double`.
            let whole = Double(literal).flatMap { $0.rounded() == $0 && $0.magnitude < 0x1p63 ? Int(exactly: $0) : nil }
            #expect(number.integerValue == Int(literal) ?? whole, "\(literal)")
        }
    }

    /// An object read by key into typed fields (as a request line is: ``JSONParser/readObject(_:slot:read:)``
    /// with its typed readers; the keys are `known`, one not ASCII) against the same object
    /// read as members, each known member's value read by the same typed reader: the same
    /// fields, and the same error at the same byte for every broken line (random objects with
    /// repeated, escaped and ignored keys, then bytes replaced or dropped).
    @Test func typedFieldsAgreeWithMembers() throws {
        var random = SplitMix64(seed: 13)
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        let known = ["id", "text", "size", "é", "n", "b"]
        /// The known key's field, read by its slot's typed reader, described.
        func field<Reader: JSONFieldReader>(_ slot: Int, _ reader: inout Reader) throws(Reader.Failure) -> String {
            switch slot {
            case 0:
                // As JSON, an object's keys sorted: two dictionaries of the same members may list them apart.
                var json: [UInt8] = []
                try reader.readValue().appendJSON(to: &json)
                return String(decoding: json, as: UTF8.self)
            case 1: return "\(try reader.readString())"
            case 2: return "\(try reader.readDouble())"
            case 3: return "\(try reader.readStrings())"
            case 4: return "\(try reader.readInteger())"
            default: return "\(try reader.readBool())"
            }
        }
        let spellings = ["id", "text", "size", "é", "n", "b", "te\\u0078t", "\\u00e9", "other", "\\u006fther", "x"]
        let noise: [UInt8] = Array("\"\\,:{}[] 0-e".utf8) + [0xFF, 0xC3, 0x01]
        var (read, refused) = (0, 0)
        for _ in 0..<20_000 {
            let count = Int(random.next() % 6)
            let members = (0..<count).map { _ in "\"\(pick(spellings))\":" + Self.randomJSON(&random, depth: 2) }
            var line = Array(("{" + members.joined(separator: ",") + "}").utf8)
            if random.next() % 2 == 0, !line.isEmpty {
                let index = Int(random.next() % UInt64(line.count))
                if random.next() % 2 == 0 { line.remove(at: index) } else { line[index] = pick(noise) }
            }
            var fields = [String?](repeating: nil, count: known.count)
            let typed = Result { () throws(JSONSyntaxError) in
                try JSONParser.readObject(line[...], slot: { utf8 in known.firstIndex { $0.utf8.elementsEqual(utf8) } }) {
                    slot, parser throws(JSONSyntaxError) in
                    fields[slot] = try field(slot, &parser)
                }
            }
            let listed = Result { () throws(JSONSyntaxError) in try JSONParser.members(ofObject: line) }
            switch (typed, listed) {
            case (.success(let others), .success(let members)):
                #expect((others != nil) == (members != nil))
                // The other keys, in the order given.
                #expect(others == members?.map(\.key).filter { !known.contains($0) })
                let expected = known.indices.map { slot -> String? in
                    guard var value = members?.first(where: { $0.key == known[slot] })?.value else { return nil }
                    return field(slot, &value)
                }
                #expect(fields == expected, "\(String(decoding: line, as: UTF8.self))")
                read += 1
            case (.failure(let error), .failure(let expected)):
                #expect(error == expected, "\(String(decoding: line, as: UTF8.self))")
                refused += 1
            default:
                Issue.record("\(typed) against \(listed) for \(String(decoding: line, as: UTF8.self))")
            }
        }
        // Both kinds of line were compared, many times.
        #expect(read > 2_000 && refused > 2_000, "\(read) read, \(refused) refused")
    }

    @Test func membersComeInTheirOrderAndOnlyFromAnObject() throws {
        let members = try #require(try JSONParser.members(ofObject: Array(#" { "b" : 1 , "a" : [ true , null ] } "#.utf8)))
        #expect(members.map(\.key) == ["b", "a"])
        #expect(members[1].value == .array([.bool(true), .null]))
        #expect(try JSONParser.members(ofObject: Array("[1]".utf8)) == nil)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.members(ofObject: Array("[1,]".utf8)) }
    }

    /// Random valid JSON (escapes, surrogate pairs, every number form, whitespace, nesting):
    /// the same value as Foundation reads, and written back, the same value again.
    @Test func randomValidJSONReadsAsFoundationReadsIt() throws {
        var random = SplitMix64(seed: 11)
        for _ in 0..<3_000 {
            let text = Self.randomJSON(&random, depth: 0)
            let parsed = try JSONParser.value(of: Array(text.utf8))
            let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            #expect(Self.same(parsed, foundation), "\(text)")
            var written: [UInt8] = []
            parsed.appendJSON(to: &written)
            #expect(try JSONParser.value(of: written) == parsed, "\(text)")
        }
    }

    static func randomJSON(_ random: inout SplitMix64, depth: Int) -> String {
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        let space = pick(["", " ", "\n", "\t ", "\r\n"])
        switch random.next() % (depth < 4 ? 7 : 5) {
        case 0: return space + pick(["true", "false", "null"]) + space
        case 1:
            let integer = pick(["0", "-0", "7", "-12", "123456789", "1" + String(repeating: "0", count: Int(random.next() % 30))])
            let fraction = pick(["", ".5", ".25", ".000001", ".1234567890123"])
            let exponent = pick(["", "e3", "E-2", "e+10", "e0"])
            return space + integer + fraction + exponent + space
        case 2, 3, 4:
            var text = "\""
            for _ in 0..<(random.next() % 12) {
                text += pick(["a", "Z", " ", "é", "日本", "👩‍💻", "\\\"", "\\\\", "\\/", "\\n", "\\t", "\\u00e9", "\\u65E5", "\\ud83d\\ude00", "\\u0000", "'"])
            }
            return space + text + "\"" + space
        case 5:
            let elements = (0..<(random.next() % 4)).map { _ in randomJSON(&random, depth: depth + 1) }
            return space + "[" + elements.joined(separator: ",") + (elements.isEmpty ? space : "") + "]" + space
        default:
            let count = Int(random.next() % 4)
            let members = (0..<count).map { index in "\"k\(index)\(pick(["", "é", "\\n"]))\"" + space + ":" + randomJSON(&random, depth: depth + 1) }
            return space + "{" + members.joined(separator: ",") + (members.isEmpty ? space : "") + "}" + space
        }
    }

    /// Whether a parsed value and Foundation's object are the same JSON value.
    static func same(_ value: JSONValue, _ object: Any) -> Bool {
        switch value {
        case .null: return object is NSNull
        case .bool(let flag): return (object as? NSNumber)?.boolValue == flag
        case .number(let number):
            // Foundation rounds long decimals less exactly than Swift's Double(String).
            guard let foundation = (object as? NSNumber)?.doubleValue else { return false }
            return (foundation - number.doubleValue).magnitude <= 1e-14 * foundation.magnitude
        case .string(let text): return (object as? String) == text
        case .array(let elements):
            guard let objects = object as? [Any], objects.count == elements.count else { return false }
            return zip(elements, objects).allSatisfy { same($0, $1) }
        case .object(let members):
            guard let objects = object as? [String: Any], objects.count == members.count else { return false }
            return members.allSatisfy { key, value in objects[key].map { same(value, $0) } ?? false }
        }
    }
}
