// Request lines in the plain form programs write them, read in one pass.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JSON

extension TextRequest {
    /// The request a plain line holds, read in one pass without the general reader's
    /// machinery (a closure, a field record and a slot search per member, made for any
    /// JSON): an object of the schema's keys only, each once and spelled without escapes,
    /// whose values are numbers, strings without escapes, `true` or `false`, and for
    /// `fonts` the very bytes of the list `fontsMemo` holds (the line before named the
    /// same fonts). Nil for any other line (one with a member outside the schema among
    /// them), which the general reader then reads or refuses with the error naming what is
    /// wrong; a line this one reads, the general one reads to the same request
    /// (`PlainRequestLineTests` compares them on random lines, the fuzz corpus and catalog
    /// titles).
    package static func plainLine(_ line: UnsafeBufferPointer<UInt8>, fontsMemo: JSONFieldMemo<[String]>) -> TextRequest? {
        var reader = PlainLineReader(bytes: line)
        // The fields in locals, the request made once at the end: mutating a request in
        // place copied it twice.
        var id: JSONValue?, text: String?, fonts: [String]?, size: Double?, width: Double?, maxLines: Int?
        var ellipsize: Bool?, language: String?, lineSpacing: Double?, reserveLines: Int?, scale: Double?
        var profile: String?, lineBreak: String?
        var read: UInt64 = 0
        reader.skipWhitespace()
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        repeat {
            reader.skipWhitespace()
            guard let key = reader.string(), let slot = RequestFields.slot(key), read & 1 << slot == 0 else { return nil }
            read |= 1 << slot
            reader.skipWhitespace()
            guard reader.take(UInt8(ascii: ":")) else { return nil }
            reader.skipWhitespace()
            switch Field.inOrder[slot] {
            case .id:
                if let literal = reader.number() {
                    id = .number(JSONNumber(checkedLiteral: String(decoding: literal, as: UTF8.self)))
                } else {
                    guard let string = reader.text() else { return nil }
                    id = .string(string)
                }
            case .text: guard let value = reader.text() else { return nil }; text = value
            case .language: guard let value = reader.text() else { return nil }; language = value
            case .profile: guard let value = reader.text() else { return nil }; profile = value
            case .lineBreak: guard let value = reader.text() else { return nil }; lineBreak = value
            case .fonts:
                guard case .value(let list)? = fontsMemo.field, fontsMemo.bytes.withUnsafeBufferPointer({ reader.take($0) })
                else { return nil }
                fonts = list
            case .size: guard let value = reader.double() else { return nil }; size = value
            case .width: guard let value = reader.double() else { return nil }; width = value
            case .lineSpacing: guard let value = reader.double() else { return nil }; lineSpacing = value
            case .scale: guard let value = reader.double() else { return nil }; scale = value
            case .maxLines: guard let value = reader.integer() else { return nil }; maxLines = value
            case .reserveLines: guard let value = reader.integer() else { return nil }; reserveLines = value
            case .lineHeight, .whiteSpace, .wordBreak, .overflowWrap, .letterSpacing, .lineClamp:
                return nil  // the browser profile's CSS properties: the general reader's
            case .ellipsize:
                if reader.take("true") {
                    ellipsize = true
                } else {
                    guard reader.take("false") else { return nil }
                    ellipsize = false
                }
            }
            reader.skipWhitespace()
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "}")) else { return nil }
        reader.skipWhitespace()
        // Without the two required fields the general reader names the missing one.
        guard reader.isAtEnd, let text, let size else { return nil }
        return TextRequest(
            id: id, text: text, fonts: fonts, size: size, width: width, maxLines: maxLines, ellipsize: ellipsize,
            language: language, lineSpacing: lineSpacing, reserveLines: reserveLines, scale: scale, profile: profile,
            lineBreak: lineBreak)
    }
}

/// The bytes of a plain request line, read from the start: each reader gives nil, having
/// read what it read, where the bytes are not the plain form it reads.
private struct PlainLineReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var isAtEnd: Bool { index == bytes.count }

    /// JSON's white space, as the general reader skips it.
    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }

    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// `literal`'s bytes, when the line has them here.
    mutating func take(_ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { take($0) }
    }

    /// `expected`'s bytes, when the line has them here.
    mutating func take(_ expected: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count - index >= expected.count,
            expected.isEmpty || memcmp(expected.baseAddress!, bytes.baseAddress! + index, expected.count) == 0
        else { return false }
        index += expected.count
        return true
    }

    /// A string without escapes: the bytes between its quotes, checked by the general
    /// reader's own check of a string's characters (valid UTF-8, no control character).
    mutating func string() -> UnsafeBufferPointer<UInt8>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let (end, stop) = JSONParser.stringCharacters(in: bytes, from: index)
        guard stop == .delimiter, bytes[end] == UInt8(ascii: "\"") else { return nil }
        defer { index = end + 1 }
        return UnsafeBufferPointer(rebasing: bytes[index..<end])
    }

    mutating func text() -> String? { string().map { String(decoding: $0, as: UTF8.self) } }

    /// A number's literal, as the general reader delimits it.
    mutating func number() -> UnsafeBufferPointer<UInt8>? {
        let end = JSONParser.numberEnd(in: bytes, from: index)
        guard end > index else { return nil }
        defer { index = end }
        return UnsafeBufferPointer(rebasing: bytes[index..<end])
    }

    mutating func double() -> Double? { number().map(JSONNumber.doubleValue(of:)) }

    mutating func integer() -> Int? { number().flatMap(JSONNumber.integerValue(of:)) }
}
