// The versions `--version` reports: the libraries as loaded, the fonts as their name tables say.
import BundledFonts
import CHarfBuzz
import Testing
import TextEngine

@Suite struct LinkedLibrariesTests {
    @Test func harfBuzzIsTheVersionCompiledAgainst() {
        #expect(LinkedLibraries.harfBuzz == "\(HB_VERSION_MAJOR).\(HB_VERSION_MINOR).\(HB_VERSION_MICRO)")
    }

    @Test func versionsAreDottedNumbers() {
        for version in [LinkedLibraries.freeType, LinkedLibraries.icu, LinkedLibraries.unicode] {
            let parts = version.split(separator: ".", omittingEmptySubsequences: false)
            #expect((2...4).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }, "\(version)")
        }
    }

    /// The bundled files are pinned by checksum (Fonts/manifest.json), so their versions are known.
    @Test func bundledFontsGiveTheirNameTablesVersions() throws {
        #expect(try BundledFonts.chain().faces.map(\.version) == ["2.37", "2.004", "9.17"])
    }
}
