// Per-section options files: accepted ones read back the same, refused ones say why plainly.
import CatalogLayout
import CollectionLayout
import Foundation

/// ``CatalogLayout/SectionOverrides/read(json:over:)`` on any bytes, over the waterfall's
/// and the grid's options: a section's options, once accepted, read back unchanged when
/// written alone as that section's entry; a refusal names no Swift type.
struct SectionOverridesTarget: FuzzTarget {
    static let name = "section-options"

    func check(_ input: [UInt8]) throws(InvariantViolation) {
        try check(input, over: WaterfallLayoutConfiguration())
        try check(input, over: FlowLayoutConfiguration())
    }

    private func check<Configuration: Codable & Equatable>(_ input: [UInt8], over defaults: Configuration) throws(InvariantViolation) {
        let sections: [Int: Configuration]
        do {
            sections = try SectionOverrides.read(json: input, over: defaults)
        } catch {
            for leak in ["Swift.", "Dictionary<", "Array<", "Optional(", "CodingKeys", "Configuration"] {
                try require(!error.description.contains(leak), "the error leaks a Swift name: \(error)")
            }
            return
        }
        for (section, configuration) in sections {
            guard let written = try? JSONEncoder().encode(configuration) else {
                throw InvariantViolation("section \(section)'s options cannot be written as JSON")
            }
            let alone = Array("[".utf8) + Array(repeating: Array("null,".utf8), count: section).joined() + Array(written) + Array("]".utf8)
            let again = try? SectionOverrides.read(json: alone, over: defaults)
            try require(again?[section] == configuration, "section \(section)'s options read back differently")
        }
    }
}
