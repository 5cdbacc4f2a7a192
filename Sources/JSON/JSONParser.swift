// Strict JSON from UTF-8 bytes, by hand: Foundation's JSONDecoder is slow on small
// documents, accepts what RFC 8259 does not, and cannot keep a number as written.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where and why bytes are not JSON.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    /// The offset of the offending byte (the input's length when it ended too soon).
    public let offset: Int
    public let reason: String

    public var description: String { "\(reason) at byte \(offset + 1)" }
}

/// Reads one JSON value (RFC 8259) from UTF-8 bytes, strictly: no trailing commas, no
/// leading zeros or bare signs, no comments, no control characters or invalid UTF-8 in
/// strings, no lone surrogate escapes, no key twice in an object, nothing after the value
/// but whitespace, and at most ``maximumDepth`` nested arrays and objects (deeper input is
/// refused, not a stack overflow).
public struct JSONParser: JSONFieldReader {
    package typealias Failure = JSONSyntaxError

    /// Nested arrays and objects a value may have.
    public static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The value `bytes` hold.
    public static func value(of bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try value(of: buffer) }
    }

    /// The value `bytes` hold.
    public static func value(of bytes: ArraySlice<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try value(of: buffer) }
    }

    /// The members of the object `bytes` hold, in their order; nil when `bytes` hold JSON
    /// that is not an object. Saves a dictionary where the caller reads the members once.
    public static func members(ofObject bytes: [UInt8]) throws(JSONSyntaxError) -> [(key: String, value: JSONValue)]? {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try members(ofObject: buffer) }
    }

    /// The members of the object `bytes` hold (see ``members(ofObject:)-([UInt8])``).
    public static func members(ofObject bytes: ArraySlice<UInt8>) throws(JSONSyntaxError) -> [(key: String, value: JSONValue)]? {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in try members(ofObject: buffer) }
    }

    private static func value(of buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(buffer)
        let value = try parser.value()
        try parser.end()
        return value
    }

    private static func members(
        ofObject buffer: UnsafeBufferPointer<UInt8>
    ) throws(JSONSyntaxError) -> [(key: String, value: JSONValue)]? {
        guard var parser = try objectParser(buffer) else { return nil }
        var members: [(key: String, value: JSONValue)] = []
        // A few keys are compared one by one; a set takes over for large objects.
        var keys: Set<String>?
        try parser.object { parser throws(JSONSyntaxError) in
            let keyOffset = parser.offset
            let key = try parser.string()
            let value = try parser.memberValue()
            let isNew: Bool
            if var set = keys.take() {
                isNew = set.insert(key).inserted
                keys = set
            } else {
                isNew = !members.contains { $0.key == key }
                if members.count == 16 { keys = Set(members.map(\.key) + [key]) }
            }
            guard isNew else { throw Self.repeated(key, at: keyOffset) }
            members.append((key, value))
        }
        try parser.end()
        return members
    }

    /// Reads the object `bytes` hold for a reader that knows its keys: `slot` names a key's
    /// place among them (from its UTF-8, escapes decoded; fewer than 64 places), nil for
    /// another key, whose value is still read; `read` reads a known key's value with the
    /// parser's typed readers (``readString()`` …). Returns the other keys, in the order
    /// given (a reader refuses them or passes over them); nil when `bytes` hold JSON that
    /// is not an object. The same syntax errors at the same bytes as
    /// ``members(ofObject:)``, without a string for each key or a ``JSONValue`` for each
    /// value: a request line's few known keys are compared as bytes and its values read
    /// into their fields' types. (A key canonically equivalent to a known one but spelled
    /// with other bytes is not that key here, as it is for `String`'s `==`: keys in ASCII
    /// have no such other spelling.)
    package static func readObject(
        _ bytes: ArraySlice<UInt8>, slot: (UnsafeBufferPointer<UInt8>) -> Int?,
        read: (_ slot: Int, _ parser: inout JSONParser) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) -> [String]? {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            guard var parser = try objectParser(buffer) else { return nil }
            var readSlots: UInt64 = 0
            var ignoredKeys: [String] = []
            try parser.object { parser throws(JSONSyntaxError) in
                let keyOffset = parser.offset
                let raw = parser.unescapedString()
                var decoded = raw == nil ? try parser.string() : ""
                let index = if let raw { slot(raw) } else { decoded.withUTF8(slot) }
                try parser.colon()
                if let index { try read(index, &parser) } else { _ = try parser.value() }
                // A key's string is made only to name it or to return another one.
                func key() -> String { raw.map { String(decoding: $0, as: UTF8.self) } ?? decoded }
                if let index {
                    precondition(index < UInt64.bitWidth, "readObject reads at most 64 known keys")
                    guard readSlots & 1 << index == 0 else { throw Self.repeated(key(), at: keyOffset) }
                    readSlots |= 1 << index
                } else {
                    let key = key()
                    guard !ignoredKeys.contains(key) else { throw Self.repeated(key, at: keyOffset) }
                    ignoredKeys.append(key)
                }
            }
            try parser.end()
            return ignoredKeys
        }
    }

    /// A string value; for ``readObject(_:slot:read:)``'s `read`.
    package mutating func readString() throws(JSONSyntaxError) -> JSONField<String> {
        try field(startingWith: { $0 == UInt8(ascii: "\"") }) { parser throws(JSONSyntaxError) in try parser.string() }
    }

    /// A number value, as ``JSONNumber/doubleValue`` reads it; for
    /// ``readObject(_:slot:read:)``'s `read`.
    package mutating func readDouble() throws(JSONSyntaxError) -> JSONField<Double> {
        try readNumber(JSONNumber.doubleValue(of:))
    }

    /// A whole number within `Int`'s range, as ``JSONNumber/integerValue`` reads it (any
    /// other number is a mismatch); for ``readObject(_:slot:read:)``'s `read`.
    package mutating func readInteger() throws(JSONSyntaxError) -> JSONField<Int> {
        try readNumber(JSONNumber.integerValue(of:))
    }

    /// A number value as `convert` reads its literal; one it refuses (nil) is a mismatch.
    private mutating func readNumber<Value>(
        _ convert: (UnsafeBufferPointer<UInt8>) -> Value?
    ) throws(JSONSyntaxError) -> JSONField<Value> {
        .refusing(try field(startingWith: { $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            parser throws(JSONSyntaxError) in convert(try parser.numberLiteral())
        })
    }

    /// A `true` or `false` value; for ``readObject(_:slot:read:)``'s `read`.
    package mutating func readBool() throws(JSONSyntaxError) -> JSONField<Bool> {
        try field(startingWith: { $0 == UInt8(ascii: "t") || $0 == UInt8(ascii: "f") }) { parser throws(JSONSyntaxError) in
            try parser.value() == .bool(true)
        }
    }

    /// An array of strings; an array holding anything else is a mismatch. For
    /// ``readObject(_:slot:read:)``'s `read`.
    package mutating func readStrings() throws(JSONSyntaxError) -> JSONField<[String]> {
        let strings = try field(startingWith: { $0 == UInt8(ascii: "[") }) { parser throws(JSONSyntaxError) -> [String]? in
            var strings: [String]? = []
            try parser.array { parser throws(JSONSyntaxError) in
                parser.skipWhitespace()
                if parser.peek() == UInt8(ascii: "\"") {
                    let string = try parser.string()
                    if strings?.isEmpty == true { strings?.reserveCapacity(4) }  // as in ``value()``
                    strings?.append(string)
                } else {
                    _ = try parser.value()
                    strings = nil
                }
            }
            return strings
        }
        return .refusing(strings)
    }

    /// ``readStrings()``, or the field `memo` holds when the value's bytes are those it was
    /// read from. An array's bytes alone decide it: it ends at its closing bracket, whatever
    /// follows (a number does not: `12` is the start of `123`, so only arrays are kept), and
    /// a memo serves one member of one schema, so one depth. The memo keeps only arrays
    /// read without an error.
    package mutating func readStrings(memo: inout JSONFieldMemo<[String]>) throws(JSONSyntaxError) -> JSONField<[String]> {
        skipWhitespace()
        let start = offset
        if let field = memo.field, bytes.count - start >= memo.bytes.count,
            memo.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress! + start, $0.count) == 0 })
        {
            offset += memo.bytes.count
            return field
        }
        let field = try readStrings()
        if bytes[start] == UInt8(ascii: "[") {
            memo.bytes = Array(bytes[start..<offset])
            memo.field = field
        }
        return field
    }

    /// Any value, as ``value(of:)-([UInt8])`` reads it; for ``readObject(_:slot:read:)``'s `read`.
    package mutating func readValue() throws(JSONSyntaxError) -> JSONValue { try value() }

    /// A value read by `read` when its first byte passes `isStart`; else read whole (so
    /// that its syntax is checked, and its errors named, as ``value()`` does), `null` or a
    /// mismatch.
    private mutating func field<Value>(
        startingWith isStart: (UInt8) -> Bool, _ read: (inout JSONParser) throws(JSONSyntaxError) -> Value
    ) throws(JSONSyntaxError) -> JSONField<Value> {
        skipWhitespace()
        if let byte = peek(), isStart(byte) { return .value(try read(&self)) }
        return if case .null = try value() { .null } else { .mismatch }
    }

    /// A parser at the opening brace of the object `buffer` holds; nil when it holds JSON
    /// that is not an object.
    private static func objectParser(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONParser? {
        var parser = JSONParser(buffer)
        parser.skipWhitespace()
        guard parser.peek() == UInt8(ascii: "{") else {
            _ = try parser.value()
            try parser.end()
            return nil
        }
        return parser
    }

    private static func repeated(_ key: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, reason: "key \"\(key)\" given twice")
    }

    private mutating func end() throws(JSONSyntaxError) {
        skipWhitespace()
        guard offset == bytes.count else { throw error("unexpected text after the value") }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek() else { throw error("a value is missing") }
        switch byte {
        case UInt8(ascii: "{"):
            var members: [String: JSONValue] = [:]
            try object { parser throws(JSONSyntaxError) in
                let keyOffset = parser.offset
                let key = try parser.string()
                guard members.updateValue(try parser.memberValue(), forKey: key) == nil else {
                    throw Self.repeated(key, at: keyOffset)
                }
            }
            return .object(members)
        case UInt8(ascii: "["):
            var elements: [JSONValue] = []
            try array { parser throws(JSONSyntaxError) in
                if elements.isEmpty { elements.reserveCapacity(4) }  // most arrays are short: one allocation, not three
                elements.append(try parser.value())
            }
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default:
            return .number(JSONNumber(checkedLiteral: String(decoding: try numberLiteral(), as: UTF8.self)))
        }
    }

    /// Reads a number, giving its literal's bytes.
    private mutating func numberLiteral() throws(JSONSyntaxError) -> UnsafeBufferPointer<UInt8> {
        let end = Self.numberEnd(in: bytes, from: offset)
        guard end > offset else { throw error("expected a value") }
        defer { offset = end }
        return UnsafeBufferPointer(rebasing: bytes[offset..<end])
    }

    /// Reads `{…}`, calling `member` at each key's opening quote to read the key, and
    /// with ``memberValue()`` the colon and the value.
    private mutating func object(
        _ member: (inout JSONParser) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        try enter()
        offset += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            try member(&self)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                return
            default: throw error("expected ',' or '}'")
            }
        }
    }

    /// Reads the colon after a key.
    private mutating func colon() throws(JSONSyntaxError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
        offset += 1
    }

    /// Reads the colon after a key and the member's value.
    private mutating func memberValue() throws(JSONSyntaxError) -> JSONValue {
        try colon()
        return try value()
    }

    /// Reads `[…]`, calling `element` to read each element.
    private mutating func array(_ element: (inout JSONParser) throws(JSONSyntaxError) -> Void) throws(JSONSyntaxError) {
        try enter()
        offset += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return
        }
        while true {
            try element(&self)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                return
            default: throw error("expected ',' or ']'")
            }
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw error("more than \(Self.maximumDepth) nested arrays and objects") }
    }

    /// Reads a string from its opening quote.
    private mutating func string() throws(JSONSyntaxError) -> String {
        offset += 1
        let start = offset
        try skipUnescaped()
        // Most strings have no escape: decoded in one go.
        if bytes[offset] == UInt8(ascii: "\"") {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
            offset += 1
            return text
        }
        var utf8 = Array(UnsafeBufferPointer(rebasing: bytes[start..<offset]))
        while bytes[offset] == UInt8(ascii: "\\") {
            try escape(into: &utf8)
            let run = offset
            try skipUnescaped()
            utf8.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<offset]))
        }
        offset += 1
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Reads a string without escapes from its opening quote, giving its bytes; nil, with
    /// nothing read, when it has an escape (or is not a string of characters: ``string()``
    /// then reads it, or names what is wrong).
    private mutating func unescapedString() -> UnsafeBufferPointer<UInt8>? {
        let quote = offset
        offset += 1
        let start = offset
        guard (try? skipUnescaped()) != nil, bytes[offset] == UInt8(ascii: "\"") else {
            offset = quote
            return nil
        }
        offset += 1
        return UnsafeBufferPointer(rebasing: bytes[start..<offset - 1])
    }

    /// Moves to the next quote or backslash, checking that the bytes before it are
    /// characters of a string: valid UTF-8 without control characters.
    private mutating func skipUnescaped() throws(JSONSyntaxError) {
        let (end, stop) = Self.stringCharacters(in: bytes, from: offset)
        offset = end
        switch stop {
        case .delimiter: return
        case .controlCharacter: throw error("a control character inside a string")
        case .invalidUTF8: throw error("a string is not valid UTF-8")
        case .endOfInput: throw error("a string is not closed")
        }
    }

    /// Why a run of a string's characters stops.
    @usableFromInline package enum CharactersStop { case delimiter, controlCharacter, invalidUTF8, endOfInput }

    /// The end of the characters of a string from `start` (after its opening quote or an
    /// escape) and why they stop there: at a quote or backslash, or at the first byte that
    /// is not a string's character. The one check of a string's bytes, for this parser and
    /// for readers of one schema's plain lines.
    @inlinable
    package static func stringCharacters(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> (end: Int, stop: CharactersStop) {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte &- 0x20 < 0x60 {  // printable ASCII
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return (index, .delimiter) }
                index += 1
            } else if byte < 0x20 {
                return (index, .controlCharacter)
            } else {
                guard let length = UTF8Validation.sequenceLength(in: bytes, at: index) else { return (index, .invalidUTF8) }
                index += length
            }
        }
        return (index, .endOfInput)
    }

    /// Reads one escape from its backslash, appending what it stands for.
    private mutating func escape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        offset += 1
        guard let byte = peek() else { throw error("a string is not closed") }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad()
            if (0xD800..<0xDC00).contains(scalar) {
                guard peek() == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                    throw error("a \\u escape of a lone surrogate")
                }
                offset += 2
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw error("a \\u escape of a lone surrogate") }
                scalar = 0x1_0000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw error("a \\u escape of a lone surrogate")
            }
            utf8.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
        default:
            offset -= 1
            throw error("an unknown escape \\\(Character(Unicode.Scalar(byte)))")
        }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexDigit(byte) else { throw error("expected four hex digits after \\u") }
            value = value << 4 | digit
            offset += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The end of the number starting at `start` in `bytes`: `-? (0 | [1-9][0-9]*)
    /// (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; `start` when none starts there.
    package static func numberEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var offset = start
        func digits() -> Int {
            let first = offset
            while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
            return offset - first
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < bytes.count else { return start }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
        } else if digits() == 0 {
            return start
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits() > 0 else { return start }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() > 0 else { return start }
        }
        // A digit right after the number is a leading zero (`01`).
        if offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { return start }
        return offset
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count,
            UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[offset..<offset + count])
        else { throw error("expected a value") }
        offset += count
    }

    private func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    private func error(_ reason: String) -> JSONSyntaxError { JSONSyntaxError(offset: offset, reason: reason) }
}
