// A Decodable type's complaint about a JSON document, in the document's own terms.

/// Where and why a `DecodingError` arose, as a user of the JSON file would say it: the key
/// path (`elements[2].maxLines`) and the reason (`expected a number`), with no Swift type
/// names.
public struct JSONDecodingProblem: Equatable, Sendable {
    /// The key path of the value at fault; empty for the document itself.
    public let path: String
    public let reason: String

    public init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            (path, reason) = (Self.path(context.codingPath), "expected \(Self.noun(for: type))")
        case .valueNotFound(let type, let context):
            (path, reason) = (Self.path(context.codingPath), "expected \(Self.noun(for: type)), got null")
        case .keyNotFound(let key, let context):
            (path, reason) = (Self.path(context.codingPath + [key]), "required, but missing")
        case .dataCorrupted(let context):
            (path, reason) = (Self.path(context.codingPath), context.debugDescription)
        @unknown default:
            (path, reason) = ("", "\(error)")
        }
    }

    /// `elements[2].maxLines` from a coding path.
    public static func path(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }

    private static func noun(for type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Double.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "a value of another kind"
        }
    }
}
