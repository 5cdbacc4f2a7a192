// Loading and writing JSON templates, with errors that name the JSON path.
import Foundation
import JSON

extension CardTemplate {
    /// Decodes and validates a JSON template (the schema is in `Templates/README.md`).
    ///
    /// ```swift
    /// let template = try CardTemplate(json: Data(#"{"elements": [{"type": "spacer", "height": 8}]}"#.utf8))
    /// ```
    /// - Throws: ``CardModelError/invalidTemplate(path:reason:)`` naming the value at fault
    ///   by its JSON path: `elements[2].maxLines: expected a number`,
    ///   `elements[0].type: expected one of "image", "label", "spacer", "row", got "picture"`,
    ///   or, for text that is not JSON, an empty path and the parser's complaint.
    public init(json data: Data) throws(CardModelError) {
        // Strict RFC 8259 first: Foundation's decoder lets trailing commas and the like pass.
        do {
            _ = try JSONParser.value(of: Array(data))
        } catch {
            throw .invalidTemplate(path: "", reason: "not valid JSON: \(error)")
        }
        do {
            self = try JSONDecoder().decode(CardTemplate.self, from: data)
        } catch let error as DecodingError {
            throw Self.templateError(error, data: data)
        } catch {
            throw .invalidTemplate(path: "", reason: "\(error)")
        }
        try validate()
    }

    /// Reads, decodes and validates the JSON template at `path`.
    /// - Throws: ``CardModelError/unreadableTemplate(file:reason:)`` when the file cannot be
    ///   read; otherwise as ``init(json:)``.
    public init(contentsOfFile path: String) throws(CardModelError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableTemplate(file: path, reason: error.localizedDescription)
        }
        try self.init(json: data)
    }

    /// The template as pretty-printed JSON with sorted keys, defaults left out.
    /// - Throws: ``CardModelError/invalidTemplate(path:reason:)`` for a value JSON cannot
    ///   hold (a NaN or infinite number).
    public func jsonData() throws(CardModelError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(self)
        } catch let EncodingError.invalidValue(value, context) {
            throw .invalidTemplate(path: Self.path(context.codingPath), reason: "cannot be written as JSON: \(value)")
        } catch {
            throw .invalidTemplate(path: "", reason: "\(error)")
        }
    }

    /// A decoding error as a path and a reason in the template's own terms.
    private static func templateError(_ error: DecodingError, data: Data) -> CardModelError {
        switch error {
        case .typeMismatch(let type, let context):
            return .invalidTemplate(path: path(context.codingPath), reason: "expected \(noun(for: type))")
        case .valueNotFound(let type, let context):
            return .invalidTemplate(path: path(context.codingPath), reason: "expected \(noun(for: type)), got null")
        case .keyNotFound(let key, let context):
            return .invalidTemplate(path: path(context.codingPath + [key]), reason: "required, but missing")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return .invalidTemplate(
                path: "", reason: "not valid JSON: \(syntaxProblem(in: data) ?? context.debugDescription)")
        case .dataCorrupted(let context):
            return .invalidTemplate(path: path(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .invalidTemplate(path: "", reason: "\(error)")
        }
    }

    /// `elements[2].maxLines` from a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
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
        default: "\(type)"
        }
    }

    /// The JSON parser's own account of a syntax error ("Invalid value around character
    /// 27."), which the decoder's error leaves out.
    private static func syntaxProblem(in data: Data) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            return (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        }
    }
}
