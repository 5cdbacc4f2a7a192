// The bundled fonts: `Fonts/` at the package root and its manifest.
import BundledFiles
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TextEngine

/// The fonts shipped in the package's `Fonts/` folder, listed by `Fonts/manifest.json`.
///
/// The engine uses only these by default, so a catalog measured on any machine gives the
/// same numbers. The folder is found through `CARDSIZE_FONTS_DIR` if set, else in the
/// install that holds the running code (`PREFIX/share/cardsize/Fonts`), else next to this
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

    /// The folder holding the bundled fonts: `CARDSIZE_FONTS_DIR` if set, else
    /// `share/cardsize/Fonts` of the install holding this code, else the source tree's
    /// `Fonts/` (found by the `BundledFiles` module).
    public static func directory() throws(TextEngineError) -> URL {
        let variable = "CARDSIZE_FONTS_DIR"
        if let found = BundledFiles.directory(named: "Fonts", marker: "manifest.json", environmentVariable: variable) {
            return found
        }
        let looked = BundledFiles.candidates(named: "Fonts", environmentVariable: variable)
        throw .bundledFonts(
            reason: "no manifest.json in \(looked.map(\.path).joined(separator: " or ")); set \(variable)")
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
