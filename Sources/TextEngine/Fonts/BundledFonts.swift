// The bundled fonts: `Fonts/` at the package root and its manifest.
import Foundation

/// The fonts shipped in the package's `Fonts/` folder, listed by `Fonts/manifest.json`.
///
/// The engine uses only these by default, so a catalog measured on any machine gives the
/// same numbers. The folder is found through `CARDSIZE_FONTS_DIR` if set, else next to this
/// package's sources (which holds for clones and for packages that depend on this one).
public enum BundledFonts {
    /// One entry of `Fonts/manifest.json`.
    public struct Entry: Codable, Hashable, Sendable {
        public var family: String
        public var file: String
        public var faceIndex: Int
        public var sha256: String
        public var scripts: [String]
        public var license: String
        public var source: String
    }

    private struct Manifest: Codable {
        var fonts: [Entry]
    }

    /// The folder holding the bundled fonts.
    public static func directory() throws(TextEngineError) -> URL {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["CARDSIZE_FONTS_DIR"], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        // Sources/TextEngine/Fonts/BundledFonts.swift -> the package root.
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent("Fonts"))
        for candidate in candidates
        where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("manifest.json").path) {
            return candidate
        }
        throw .bundledFonts(
            reason: "no manifest.json in \(candidates.map(\.path).joined(separator: " or ")); set CARDSIZE_FONTS_DIR")
    }

    /// The manifest's entries, primary font first.
    public static func entries() throws(TextEngineError) -> [Entry] {
        let url = try directory().appendingPathComponent("manifest.json")
        do {
            return try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url)).fonts
        } catch {
            throw .bundledFonts(reason: "\(url.path): \(error)")
        }
    }

    /// The face references of the bundled chain, in manifest order.
    public static func references() throws(TextEngineError) -> [FontFaceReference] {
        let directory = try directory()
        return try entries().map {
            FontFaceReference(path: directory.appendingPathComponent($0.file).path, faceIndex: $0.faceIndex)
        }
    }

    private static let loadedChain = Result { () throws(TextEngineError) in
        try FontChain(references: references())
    }

    /// The bundled chain, loaded once per process.
    public static func chain() throws(TextEngineError) -> FontChain {
        try loadedChain.get()
    }
}
