// Output schemas: a row type's fields, named and in order, defined once for JSON and CSV.
import JSON

/// A kind of output row whose fields are defined once: their names (the CSV columns and the
/// JSON keys) and how each is read from a row. Its JSON lines and its CSV rows are both
/// written from ``fields``, so the two formats cannot drift apart.
///
/// ```swift
/// struct Greeting: OutputSchema {
///     var name: String
///     static let fields: [OutputField<Greeting>] = [OutputField("name") { .string($0.name) }]
/// }
/// // {"name":"Ada"} in JSON Lines; a `name` column in CSV.
/// ```
public protocol OutputSchema: WritableRecord {
    /// The row's fields in order.
    static var fields: [OutputField<Self>] { get }
}

/// One field of an ``OutputSchema``: its name and how its value is read from a row.
public struct OutputField<Row>: Sendable {
    /// The CSV column and JSON key.
    public let name: String
    /// `"name":`, encoded once.
    @usableFromInline let jsonKey: [UInt8]
    @usableFromInline let value: @Sendable (Row) -> OutputValue

    /// A field called `name` whose value `value` reads from a row.
    public init(_ name: String, _ value: @escaping @Sendable (Row) -> OutputValue) {
        self.name = name
        var key: [UInt8] = []
        JSONBytes.appendString(name, to: &key)
        key.append(UInt8(ascii: ":"))
        jsonKey = key
        self.value = value
    }
}

extension OutputSchema {
    /// The field names in order: the CSV header of a file of these rows only.
    public static var columns: [String] { fields.map(\.name) }

    public var outputRecord: OutputRecord {
        OutputRecord(Self.fields.map { OutputRecord.Field($0.name, $0.value(self)) })
    }

    /// Writes the fields without building an ``OutputRecord`` (an array of named values per
    /// row, which cost more than a million-card run's arithmetic); the same bytes as the
    /// record's ``OutputRecord/appendJSONLine(to:)``. Inlinable so that each schema's module
    /// gets it specialized: through the protocol's generic code every field would cost
    /// many times what writing it does.
    @inlinable
    public func appendJSONLine(to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        let fields = Self.fields
        for position in fields.indices {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: fields[position].jsonKey)
            fields[position].value(self).appendJSON(to: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        bytes.append(UInt8(ascii: "\n"))
    }
}
