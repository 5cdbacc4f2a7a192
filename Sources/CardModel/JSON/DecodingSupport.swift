// Decoding helpers for JSON templates: defaults, whole numbers, named choices, unknown keys.

/// A coding key for any name, to list an object's keys.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { nil }
}

extension Decoder {
    /// Fails on the first key (alphabetically) that `Key` does not list, so a misspelt
    /// option is an error rather than silently ignored.
    func rejectUnknownKeys<Key: CodingKey & CaseIterable>(_: Key.Type) throws {
        let container = try container(keyedBy: AnyCodingKey.self)
        let known = Key.allCases.map(\.stringValue)
        let unknownKeys = container.allKeys.map(\.stringValue).filter { !known.contains($0) }
        guard let unknown = unknownKeys.min() else { return }
        throw DecodingError.dataCorruptedError(
            forKey: AnyCodingKey(unknown), in: container,
            debugDescription: "unknown key; expected one of \(known.sorted().joined(separator: ", "))")
    }
}

extension KeyedDecodingContainer {
    /// The value at `key`, or `value` when the key is absent or null.
    func decode<T: Decodable>(_ key: Key, default value: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? value
    }

    /// A whole number at `key` (read as a number, so `2.5` gets a clear error), or `value`
    /// when absent or null.
    func decodeWholeNumber(_ key: Key, default value: Int) throws -> Int {
        guard let number = try decodeIfPresent(Double.self, forKey: key) else { return value }
        guard number == number.rounded(), abs(number) <= 1e15 else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a whole number, got \(number)")
        }
        return Int(number)
    }

    /// One of `T`'s cases by raw value at `key`, or `value` when absent or null.
    func decodeChoice<T: RawRepresentable & CaseIterable>(_ key: Key, default value: T) throws -> T
    where T.RawValue == String {
        guard contains(key), try !decodeNil(forKey: key) else { return value }
        return try decodeChoice(key)
    }

    /// One of `T`'s cases by raw value at `key`, which is required.
    func decodeChoice<T: RawRepresentable & CaseIterable>(_ key: Key) throws -> T where T.RawValue == String {
        let raw = try decode(String.self, forKey: key)
        guard let choice = T(rawValue: raw) else {
            let choices = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected one of \(choices), got \"\(raw)\"")
        }
        return choice
    }
}
