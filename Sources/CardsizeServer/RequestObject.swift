// Reading the fields of a JSON request object, each error naming its field.
import JSON
import TextEngine

/// A request body's object, read field by field: a missing optional field takes its
/// default, a wrong type is a 400 naming the field.
struct RequestObject {
    let members: [String: JSONValue]

    init(body: [UInt8]) throws {
        let value: JSONValue
        do {
            value = try JSONParser.value(of: body)
        } catch {
            throw ErrorBody(.badRequest, "the body is not valid JSON: \(error)")
        }
        guard case .object(let members) = value else {
            throw ErrorBody(.badRequest, "the body must be a JSON object")
        }
        self.members = members
    }

    func number(_ key: String, default value: Double? = nil) throws -> Double {
        switch members[key] {
        case .number(let number)?:
            guard let double = Double(number.literal), double.isFinite else {
                throw ErrorBody(.badRequest, "\(key): not a finite number", field: key)
            }
            return double
        case nil, .null?:
            guard let value else { throw ErrorBody(.badRequest, "\(key): missing", field: key) }
            return value
        default: throw ErrorBody(.badRequest, "\(key): expected a number", field: key)
        }
    }

    /// A number in `range` (as the OpenAPI document bounds the field), or a 400 naming it.
    func number(_ key: String, default value: Double, in range: NumberRange) throws -> Double {
        let number = try number(key, default: value)
        guard range.contains(number) else { throw ErrorBody(.badRequest, "\(key): must be \(range), got \(number)", field: key) }
        return number
    }

    func integer(_ key: String, default value: Int, in range: NumberRange) throws -> Int {
        let number = try number(key, default: Double(value), in: range)
        guard let integer = Int(exactly: number) else {
            throw ErrorBody(.badRequest, "\(key): expected an integer, got \(number)", field: key)
        }
        return integer
    }

    /// A 400 naming the first field (in name order) that is not one of `known`, and the
    /// field to use when it is another spelling of one (HTML's `lang`).
    func checkFields(_ known: Set<String>) throws {
        if let unknown = members.keys.filter({ !known.contains($0) }).min() {
            let hint = Self.renamed[unknown].map { "; did you mean \($0)?" } ?? ""
            throw ErrorBody(.badRequest, "\(unknown): unknown field\(hint)", field: unknown)
        }
    }

    /// The fields' names for other spellings of them.
    private static let renamed = ["lang": "language"]

    /// A string, or `nil` when absent.
    func optionalString(_ key: String) throws -> String? {
        switch members[key] {
        case nil, .null?: return nil
        default: return try string(key, default: "")
        }
    }

    func string(_ key: String, default value: String) throws -> String {
        switch members[key] {
        case .string(let text)?: return text
        case nil, .null?: return value
        default: throw ErrorBody(.badRequest, "\(key): expected a string", field: key)
        }
    }

    /// An array of numbers, each in `range`, or `nil` when absent.
    func numbers(_ key: String, in range: NumberRange) throws -> [Double]? {
        switch members[key] {
        case nil, .null?: return nil
        case .array(let values)?:
            return try values.enumerated().map { index, value in
                guard case .number(let number) = value, let double = Double(number.literal) else {
                    throw ErrorBody(.badRequest, "\(key)[\(index)]: expected a number", field: "\(key)[\(index)]")
                }
                guard range.contains(double) else {
                    throw ErrorBody(.badRequest, "\(key)[\(index)]: must be \(range), got \(double)", field: "\(key)[\(index)]")
                }
                return double
            }
        default: throw ErrorBody(.badRequest, "\(key): expected an array of numbers", field: key)
        }
    }

    /// An array of objects (records), or a 400 naming `key`.
    func objects(_ key: String) throws -> [JSONValue] {
        guard case .array(let values)? = members[key] else {
            throw ErrorBody(.badRequest, "\(key): expected an array of objects", field: key)
        }
        return values
    }
}

/// The numbers a field takes: from `lower` (or more than it) up to `upper`.
struct NumberRange: CustomStringConvertible {
    var lower: Double
    var excludesLower = false
    var upper: Double

    /// A length: 0 up to a million points, as the layouts take it.
    static let length = NumberRange(lower: 0, upper: 1_000_000)
    /// A length more than 0.
    static let positiveLength = NumberRange(lower: 0, excludesLower: true, upper: 1_000_000)
    /// Pixels per point, as text styles take it.
    static let scale = NumberRange(lower: TextStyle.minimumDisplayScale, upper: TextStyle.maximumDisplayScale)
    /// A column count.
    static let columns = NumberRange(lower: 1, upper: 1000)

    func contains(_ value: Double) -> Bool {
        (excludesLower ? value > lower : value >= lower) && value <= upper
    }

    var description: String {
        "a number \(excludesLower ? "more than" : "from") \(Self.format(lower)) up to \(Self.format(upper))"
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
