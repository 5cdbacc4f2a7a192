// The renderer refuses a damaged font face as the engine does, naming the file and the fault.
import BundledFonts
import Foundation
import Testing
import TextEngine

@testable import Preview

@Suite struct DamagedFontFaceTests {
    /// A copy of the bundled DejaVu Sans cut to its first half: its last tables lie past the end.
    @Test func aFontCutShortIsRefusedWhenItsFirstGlyphIsDrawn() throws {
        let fonts = try BundledFonts.directory()
        let bytes = try Data(contentsOf: fonts.appendingPathComponent("DejaVuSans.ttf"))
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("cardsize-\(UUID().uuidString).ttf")
        try bytes.prefix(bytes.count / 2).write(to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }

        let faces = try FreeTypeFaces()
        #expect(try faces.outline(of: 36, in: FontFaceReference(path: fonts.appendingPathComponent("DejaVuSans.ttf").path)) != nil)
        #expect {
            _ = try faces.outline(of: 36, in: FontFaceReference(path: copy.path))
        } throws: { error in
            guard case .fontFace(let path, let reason) = error as? PreviewError else { return false }
            return path == copy.path && reason.contains("runs past the end of the file")
        }
    }

    @Test func aMissingFileIsNamedWithFreeTypesMessage() throws {
        #expect(throws: PreviewError.fontFace(path: "/no/such.ttf", reason: "cannot open resource (FreeType error 1)")) {
            _ = try FreeTypeFaces().outline(of: 1, in: FontFaceReference(path: "/no/such.ttf"))
        }
    }
}
