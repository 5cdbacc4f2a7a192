// Output records: flat, ordered fields, written the same way to JSON Lines and CSV.

/// A field value of an output record.
public enum OutputValue: Hashable, Sendable {
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case null
}

/// One output record: named fields in a fixed order, so the same record is the same bytes.
public struct OutputRecord: Hashable, Sendable {
    public var fields: [Field]

    public struct Field: Hashable, Sendable {
        public var name: String
        public var value: OutputValue

        public init(_ name: String, _ value: OutputValue) {
            self.name = name
            self.value = value
        }
    }

    public init(_ fields: [Field]) { self.fields = fields }

    /// The value of the field called `name`, if the record has one.
    public subscript(name: String) -> OutputValue? { fields.first { $0.name == name }?.value }
}
