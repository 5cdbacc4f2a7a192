// Any JSON value, numbers kept as written so that a value read is written back unchanged.

/// A JSON value: what ``JSONParser`` reads, and what a request's or record's `id` may be.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}

/// A JSON number as written (`12`, `-0`, `2.50`, `1e999`, a 400-digit integer), so that an
/// id goes back out as it came in; ``doubleValue`` and ``integerValue`` read it.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral
{
    /// The number's text, valid JSON number syntax.
    public let literal: String

    /// The number `literal` spells; nil when it is not JSON number syntax.
    public init?(literal: String) {
        var copy = literal
        let valid = copy.withUTF8 { !$0.isEmpty && JSONParser.numberEnd(in: $0, from: 0) == $0.count }
        guard valid else { return nil }
        self.literal = literal
    }

    /// `literal` already checked by the parser.
    package init(checkedLiteral literal: String) { self.literal = literal }

    public init(_ value: Int64) { literal = String(value) }

    /// A finite `value` as ``JSONBytes`` writes it; nil for infinities and NaN, which JSON
    /// cannot write.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        literal = JSONBytes.numberText(value)
    }

    public init(integerLiteral value: Int64) { self.init(value) }
    public init(floatLiteral value: Double) { literal = JSONBytes.numberText(value) }

    /// The nearest `Double` (infinite beyond its range).
    public var doubleValue: Double {
        var literal = literal
        return literal.withUTF8(Self.doubleValue(of:))
    }

    /// The number as an `Int`, when it is a whole number within `Int`'s range (`2.0` and
    /// `2e0` are 2); nil otherwise.
    public var integerValue: Int? {
        var literal = literal
        return literal.withUTF8(Self.integerValue(of:))
    }

    /// ``doubleValue`` of the literal `utf8` spells (valid JSON number syntax), read where it
    /// lies: a request's numbers are read without a `JSONNumber` for each.
    package static func doubleValue(of utf8: UnsafeBufferPointer<UInt8>) -> Double {
        exactSmallDecimal(utf8) ?? Double(String(decoding: utf8, as: UTF8.self)) ?? .nan
    }

    /// ``integerValue`` of the literal `utf8` spells (valid JSON number syntax).
    package static func integerValue(of utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        if let value = digitsOnlyInteger(utf8) { return value }
        let value = doubleValue(of: utf8)
        guard value.rounded() == value, value.magnitude < 0x1p63 else { return nil }
        return Int(exactly: value)
    }

    /// The value of a literal of digits alone (`-12`), as `Int(_: String)` reads it; nil
    /// for one with a fraction or an exponent, or beyond `Int`'s range.
    private static func digitsOnlyInteger(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        let isNegative = utf8.first == UInt8(ascii: "-")
        var value = 0
        for byte in utf8.dropFirst(isNegative ? 1 : 0) {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            let (tens, tensOverflow) = value.multipliedReportingOverflow(by: 10)
            // Negative numbers are summed downwards, so that `Int.min` is in range.
            let (next, overflow) = isNegative ? tens.subtractingReportingOverflow(digit) : tens.addingReportingOverflow(digit)
            guard !tensOverflow, !overflow else { return nil }
            value = next
        }
        return value
    }

    /// The value of a literal without exponent and of at most 15 digits, computed without
    /// parsing text as a C string: its digits as an integer are exact in a `Double`, and so
    /// is the power of ten it is divided by, so the one correctly rounded division is the
    /// nearest `Double` (Clinger's fast path), as `strtod` would give. Nil for others.
    private static func exactSmallDecimal(_ utf8: UnsafeBufferPointer<UInt8>) -> Double? {
        let isNegative = utf8.first == UInt8(ascii: "-")
        var digits: UInt64 = 0
        var digitCount = 0
        var fractionDigits = 0
        var isFraction = false
        for byte in utf8.dropFirst(isNegative ? 1 : 0) {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits = digits &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                digitCount += 1
                if isFraction { fractionDigits += 1 }
            case UInt8(ascii: "."): isFraction = true
            default: return nil
            }
        }
        guard digitCount <= 15 else { return nil }
        let magnitude = Double(digits) / powersOfTen[fractionDigits]
        return isNegative ? -magnitude : magnitude
    }

    /// 10⁰ through 10¹⁵, each exact in a `Double`.
    private static let powersOfTen: [Double] = (0...15).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    public var description: String { literal }
}

extension JSONValue {
    /// Appends the value as JSON: numbers as written, an object's keys sorted.
    public func appendJSON(to bytes: inout [UInt8]) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value): bytes.append(contentsOf: value.literal.utf8)
        case .string(let value): JSONBytes.appendString(value, to: &bytes)
        case .array(let values): JSONBytes.appendArray(values, to: &bytes) { $0.appendJSON(to: &$1) }
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONBytes.appendString(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                members[key]!.appendJSON(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }
}

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .number(JSONNumber(value))
        } else if let value = try? container.decode(Double.self), let number = JSONNumber(value) {
            self = .number(number)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Through an `Encoder` a number is an `Int64` when its text is one, else a `Double`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if let integer = Int64(value.literal), String(integer) == value.literal {
                try container.encode(integer)
            } else {
                try container.encode(value.doubleValue)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
