// One JSON object written member by member, straight to bytes.

/// Writes a JSON object's members in the order given, placing the commas:
/// `var object = JSONObjectWriter(); object.number("x", 1); object.string("id", "a"); object.bytes(closed: true)`.
public struct JSONObjectWriter {
    private var written: [UInt8] = [UInt8(ascii: "{")]

    public init() {}

    /// The object so far, closed with its `}`.
    public var closed: [UInt8] { written + [UInt8(ascii: "}")] }

    /// Appends the closed object to `bytes`.
    public func append(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: written)
        bytes.append(UInt8(ascii: "}"))
    }

    public mutating func string(_ key: String, _ value: String) {
        self.key(key)
        JSONBytes.appendString(value, to: &written)
    }

    public mutating func number(_ key: String, _ value: Double) {
        self.key(key)
        JSONBytes.appendNumber(value, to: &written)
    }

    public mutating func integer(_ key: String, _ value: Int) {
        self.key(key)
        written.append(contentsOf: String(value).utf8)
    }

    public mutating func bool(_ key: String, _ value: Bool) {
        self.key(key)
        written.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// A member whose value is JSON already written (an object, an array, `null`).
    public mutating func json(_ key: String, _ value: [UInt8]) {
        self.key(key)
        written.append(contentsOf: value)
    }

    private mutating func key(_ key: String) {
        if written.count > 1 { written.append(UInt8(ascii: ",")) }
        JSONBytes.appendString(key, to: &written)
        written.append(UInt8(ascii: ":"))
    }
}
