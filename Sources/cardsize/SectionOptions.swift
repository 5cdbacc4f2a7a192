// Sections: cutting the records into sections, and per-section options from a JSON file.
import ArgumentParser
import Foundation
import JSON

/// How the records are cut into sections, and options that differ per section.
struct SectionOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Cut the records into sections of this many items (default: one section).")
    var sectionSize: Int?
    @Option(
        help: """
            A JSON file with an array of per-section options: entry N overrides the layout's \
            options for section N, key by key (null or {} keeps them); see README.
            """)
    var sections: String?

    /// The sections file, if one is given: an input no output may be.
    var inputFiles: [String] { [sections].compactMap { $0 } }

    func validate() throws {
        if let sectionSize, sectionSize < 1 { throw ValidationError("--section-size must be at least 1") }
    }

    /// `items` cut into sections of `--section-size` (the last may be shorter).
    func split<Item>(_ items: [Item]) -> [[Item]] {
        guard let size = sectionSize, !items.isEmpty else { return [items] }
        return stride(from: 0, to: items.count, by: size).map { Array(items[$0..<min($0 + size, items.count)]) }
    }

    /// The per-section options: each entry of the file merged over `defaults`, key by key,
    /// then decoded (and so checked) as the layout's own configuration type.
    func overrides<Configuration: Codable>(of defaults: Configuration) throws -> [Int: Configuration] {
        guard let sections else { return [:] }
        let data = try Data(contentsOf: URL(fileURLWithPath: sections))
        do {
            _ = try JSONParser.value(of: Array(data))
        } catch {
            throw ValidationErrorMessage("\(sections): not valid JSON: \(error)")
        }
        guard let entries = try JSONSerialization.jsonObject(with: data) as? [Any] else {
            throw ValidationErrorMessage("\(sections): expected a JSON array of per-section options")
        }
        let base = try JSONSerialization.jsonObject(with: JSONEncoder().encode(defaults)) as? [String: Any] ?? [:]
        var result: [Int: Configuration] = [:]
        for (section, entry) in entries.enumerated() {
            if entry is NSNull { continue }
            guard let changes = entry as? [String: Any] else {
                throw ValidationErrorMessage("\(sections), section \(section): expected an object of options or null")
            }
            // A misspelt key would otherwise change nothing and say nothing.
            if let unknown = changes.keys.sorted().first(where: { base[$0] == nil }) {
                throw ValidationErrorMessage(
                    "\(sections), section \(section): unknown option '\(unknown)'; expected one of \(base.keys.sorted().joined(separator: ", "))")
            }
            let merged = base.merging(changes) { _, new in new }
            do {
                result[section] = try JSONDecoder().decode(
                    Configuration.self, from: JSONSerialization.data(withJSONObject: merged))
            } catch {
                throw ValidationErrorMessage("\(sections), section \(section): \(error)")
            }
        }
        return result
    }
}
