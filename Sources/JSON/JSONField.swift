// Values read straight into the types of a schema's fields, from bytes or from a parsed value.

/// A member's value read as a field of one type.
package enum JSONField<Value> {
    case value(Value)
    /// `null`, which is no value for an optional field.
    case null
    /// A value of another type.
    case mismatch

    /// The field with a value refused (nil) as a mismatch.
    static func refusing(_ field: JSONField<Value?>) -> JSONField<Value> {
        switch field {
        case .value(let value?): .value(value)
        case .value(nil), .mismatch: .mismatch
        case .null: .null
        }
    }
}

/// Reads one value as a field of a known type. ``JSONParser`` does it over bytes (in
/// ``JSONParser/readObject(_:slot:read:)``) without making a ``JSONValue``; a ``JSONValue``
/// already parsed does it alike, so that a schema is read by one piece of code either way.
package protocol JSONFieldReader {
    /// What reading fails with: a syntax error for bytes, nothing for a parsed value.
    associatedtype Failure: Error
    mutating func readString() throws(Failure) -> JSONField<String>
    /// A number as ``JSONNumber/doubleValue`` reads it.
    mutating func readDouble() throws(Failure) -> JSONField<Double>
    /// A whole number within `Int`'s range, as ``JSONNumber/integerValue`` reads it; any
    /// other number is a mismatch.
    mutating func readInteger() throws(Failure) -> JSONField<Int>
    mutating func readBool() throws(Failure) -> JSONField<Bool>
    /// An array of strings; an array holding anything else is a mismatch.
    mutating func readStrings() throws(Failure) -> JSONField<[String]>
    /// ``readStrings()``, or what `memo` holds when it was read from the same bytes.
    mutating func readStrings(memo: inout JSONFieldMemo<[String]>) throws(Failure) -> JSONField<[String]>
    mutating func readValue() throws(Failure) -> JSONValue
}

/// A field read before and the bytes of its value: the same bytes again, at the same place
/// of the same schema, are the same field, given without reading them (``JSONParser``
/// compares the bytes; a parsed value has none and reads itself). Request lines in a row
/// mostly name the same list of fonts: one comparison instead of a string per font.
package struct JSONFieldMemo<Value> {
    package internal(set) var bytes: [UInt8] = []
    package internal(set) var field: JSONField<Value>?

    package init() {}
}

extension JSONValue: JSONFieldReader {
    package typealias Failure = Never

    package func readString() -> JSONField<String> {
        field { if case .string(let text) = $0 { text } else { nil } }
    }

    package func readDouble() -> JSONField<Double> {
        field { if case .number(let number) = $0 { number.doubleValue } else { nil } }
    }

    package func readInteger() -> JSONField<Int> {
        field { if case .number(let number) = $0 { number.integerValue } else { nil } }
    }

    package func readBool() -> JSONField<Bool> {
        field { if case .bool(let flag) = $0 { flag } else { nil } }
    }

    package func readStrings() -> JSONField<[String]> {
        field { value in
            guard case .array(let elements) = value else { return nil }
            var strings: [String] = []
            strings.reserveCapacity(elements.count)
            for element in elements {
                guard case .string(let text) = element else { return nil }
                strings.append(text)
            }
            return strings
        }
    }

    package func readStrings(memo: inout JSONFieldMemo<[String]>) -> JSONField<[String]> { readStrings() }

    package func readValue() -> JSONValue { self }

    private func field<Value>(_ read: (JSONValue) -> Value?) -> JSONField<Value> {
        if let value = read(self) { return .value(value) }
        return if case .null = self { .null } else { .mismatch }
    }
}
