// The bundled fonts as the engine's callers get them: the manifest's files, in its order.
import BundledFonts
import Foundation
import Testing
import TextEngine

@Suite struct BundledFontsTests {
    /// `Fonts/` at the package root: this file is `Tests/BundledFontsTests/BundledFontsTests.swift`.
    static let sourceFonts = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fonts")

    @Test func theManifestListsFilesThatAreThere() throws {
        let entries = try BundledFonts.entries()
        #expect(entries.count >= 3)
        let directory = try BundledFonts.directory()
        for entry in entries {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(entry.file).path), "\(entry.file)")
            #expect(entry.sha256.count == 64 && !entry.license.isEmpty, "\(entry.file)")
        }
    }

    @Test func inTheSourceTreeTheFontsAreItsOwn() throws {
        guard ProcessInfo.processInfo.environment["CARDSIZE_FONTS_DIR"] == nil else { return }
        #expect(try BundledFonts.directory().standardizedFileURL.path == Self.sourceFonts.standardizedFileURL.path)
    }

    @Test func theChainHasTheManifestsFacesInItsOrder() throws {
        let references = try BundledFonts.references()
        let entries = try BundledFonts.entries()
        #expect(references.map(\.faceIndex) == entries.map(\.faceIndex))
        #expect(references.map { URL(fileURLWithPath: $0.path).lastPathComponent } == entries.map(\.file))
        let chain = try BundledFonts.chain()
        #expect(chain.faces.count == entries.count)
    }
}
