// Per-section layout options from JSON: entry N changes section N's options key by key.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSON

/// A layout's options for particular sections, read from a JSON array whose entry N changes
/// section N's options key by key (`null` or `{}` keeps them), such as
/// `[null, {"columnCount": 3, "headerHeight": 44}]`.
///
/// Each entry is merged over the defaults as JSON, then decoded as the layout's own
/// configuration type, so every value is checked as that type checks it; the layout checks
/// ranges when it reaches the section.
public enum SectionOverrides {
    /// A per-section options file that cannot be used, with the section and key at fault.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The configurations of the sections `json` changes, by section index.
    ///
    /// - Throws: ``Failure`` for input that is not strict JSON (`JSONParser`), not
    ///   an array, an entry that is neither an object nor `null`, a key the configuration
    ///   does not have, or a value of the wrong type.
    public static func read<Configuration: Codable>(
        json: [UInt8], over defaults: Configuration
    ) throws(Failure) -> [Int: Configuration] {
        let entries: [JSONValue]
        do {
            guard case .array(let array) = try JSONParser.value(of: json) else {
                throw Failure(description: "expected a JSON array of per-section options")
            }
            entries = array
        } catch let error as Failure {
            throw error
        } catch {
            throw Failure(description: "not valid JSON: \(error)")
        }
        guard case .object(let base)? = try? JSONParser.value(of: Array(JSONEncoder().encode(defaults))) else {
            preconditionFailure("a layout configuration encodes as a JSON object")
        }
        var result: [Int: Configuration] = [:]
        for (section, entry) in entries.enumerated() {
            let changes: [String: JSONValue]
            switch entry {
            case .null: continue
            case .object(let object): changes = object
            default: throw Failure(description: "section \(section): expected an object of options or null")
            }
            // A misspelt key would otherwise change nothing and say nothing.
            if let unknown = changes.keys.sorted().first(where: { base[$0] == nil }) {
                throw Failure(
                    description: "section \(section): unknown option '\(unknown)'; expected one of \(base.keys.sorted().joined(separator: ", "))")
            }
            var merged: [UInt8] = []
            JSONValue.object(base.merging(changes) { _, new in new }).appendJSON(to: &merged)
            do {
                result[section] = try JSONDecoder().decode(Configuration.self, from: Data(merged))
            } catch let error as DecodingError {
                let problem = JSONDecodingProblem(error)
                throw Failure(description: "section \(section) \(problem.path): \(problem.reason)")
            } catch {
                throw Failure(description: "section \(section): \(error)")
            }
        }
        return result
    }
}
