// Loading and writing JSON templates, with errors that name the JSON path.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
            throw Self.templateError(error)
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
            throw .unreadableTemplate(file: path, reason: Self.readFailure(error))
        }
        try self.init(json: data)
    }

    /// Why a file could not be read: the system's words for it (`strerror`), where it said.
    private static func readFailure(_ error: any Error) -> String {
        guard let cause = (error as? CocoaError)?.underlying as? POSIXError else { return "\(error)" }
        return String(cString: strerror(cause.code.rawValue))
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
            throw .invalidTemplate(path: JSONDecodingProblem.path(context.codingPath), reason: "cannot be written as JSON: \(value)")
        } catch {
            throw .invalidTemplate(path: "", reason: "\(error)")
        }
    }

    /// A decoding error as a path and a reason in the template's own terms.
    private static func templateError(_ error: DecodingError) -> CardModelError {
        let problem = JSONDecodingProblem(error)
        return .invalidTemplate(path: problem.path, reason: problem.reason)
    }
}
