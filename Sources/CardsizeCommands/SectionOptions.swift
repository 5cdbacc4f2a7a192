// Sections: cutting the records into sections, and per-section options from a JSON file.
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CatalogLayout

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

    /// The per-section options from the `--sections` file (``SectionOverrides``).
    func overrides<Configuration: Codable>(of defaults: Configuration) throws -> [Int: Configuration] {
        guard let sections else { return [:] }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: sections)))
        do {
            return try SectionOverrides.read(json: bytes, over: defaults)
        } catch {
            throw ValidationErrorMessage("\(sections): \(error)")
        }
    }
}
