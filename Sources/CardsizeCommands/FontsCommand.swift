// `cardsize fonts`: the default font chain.
import BundledFonts
import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextEngine

struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts", abstract: "Show the default (bundled) font chain, primary first.")

    @Flag(help: "Print JSON: file path, face index, family, style, sha256, scripts.")
    var json = false

    func run() throws {
        let chain = try BundledFonts.chain()
        let entries = try BundledFonts.entries()
        if json {
            let records = zip(chain.faces, entries).map { face, entry in
                FontRecord(
                    path: face.reference.path, faceIndex: face.reference.faceIndex, family: face.family,
                    style: face.style, sha256: entry.sha256, scripts: entry.scripts)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            try StandardOutput.print(String(decoding: try encoder.encode(records), as: UTF8.self))
        } else {
            for (position, face) in chain.faces.enumerated() {
                try StandardOutput.print("\(position + 1). \(face.family) \(face.style)  \(face.reference)")
            }
        }
    }

    struct FontRecord: Encodable {
        var path: String
        var faceIndex: Int
        var family: String
        var style: String
        var sha256: String
        var scripts: [String]
    }
}
