// Damaged fonts are refused when a chain is loaded, with the file and the fault named.
import Foundation
import Testing

@testable import TextEngine

/// The path and reason of the `fontFile` error `body` throws; nil when it throws none.
private func fontFileError(_ body: () throws -> Void) -> (path: String, reason: String)? {
    do {
        try body()
        return nil
    } catch TextEngineError.fontFile(let path, let reason) {
        return (path, reason)
    } catch {
        return ("other error", "\(error)")
    }
}

/// One way to damage a font, and a word the error must contain.
struct FontDamageCase: CustomTestStringConvertible, Sendable {
    var name: String
    var expected: String
    var damage: @Sendable (inout DamagedFontCopy) -> Void
    var testDescription: String { name }

    static let all: [FontDamageCase] = [
        .init(name: "a table's offset past the end", expected: "'hhea'") {
            $0.setRecord32(UInt32($0.bytes.count - 8), at: 8, of: "hhea")
        },
        .init(name: "a table's length past the end", expected: "'cmap'") {
            $0.setRecord32(UInt32.max, at: 12, of: "cmap")
        },
        .init(name: "no cmap", expected: "'cmap'") { $0.rename("cmap", to: "xmap") },
        .init(name: "no hmtx", expected: "'hmtx'") { $0.rename("hmtx", to: "xmtx") },
        .init(name: "a head with a wrong magic number", expected: "'head'") { $0.set16(0, at: 12, inTable: "head") },
        .init(name: "unitsPerEm 0", expected: "unitsPerEm 0") { $0.set16(0, at: 18, inTable: "head") },
        .init(name: "unitsPerEm 40000", expected: "unitsPerEm 40000") { $0.set16(40000, at: 18, inTable: "head") },
        .init(name: "no glyphs in maxp", expected: "'maxp'") { $0.set16(0, at: 4, inTable: "maxp") },
        .init(name: "no advances in hhea", expected: "numberOfHMetrics 0") { $0.set16(0, at: 34, inTable: "hhea") },
        .init(name: "an hmtx too short for the glyphs", expected: "'hmtx'") { $0.setRecord32(4, at: 12, of: "hmtx") },
        .init(name: "an OS/2 cut to 10 bytes", expected: "'OS/2'") { $0.setRecord32(10, at: 12, of: "OS/2") },
        .init(name: "ascender and descender 0", expected: "ascender 0 and descender 0") {
            $0.set16(0, at: 4, inTable: "hhea")
            $0.set16(0, at: 6, inTable: "hhea")
        },
        .init(name: "an ascender of 30000", expected: "ascender 30000") { $0.set16(30000, at: 4, inTable: "hhea") },
        .init(name: "more cmap subtables than fit", expected: "'cmap'") { $0.set16(0xFFFF, at: 2, inTable: "cmap") },
        .init(name: "a cmap subtable past the table", expected: "past the end of table 'cmap'") {
            $0.set16(0x7FFF, at: 8, inTable: "cmap")
        },
        .init(name: "no glyph data", expected: "no glyph data") {
            $0.rename($0.recordOffset(of: "glyf") != nil ? "glyf" : "CFF ", to: "xxxx")
        },
    ]
}

@Suite("Damaged fonts")
struct DamagedFontTests {
    /// The bundled files' bytes, read once.
    private static let originals = Result { try DamagedFontCopy.bundledFiles.map(DamagedFontCopy.init(bundled:)) }

    private static func original(_ file: String) throws -> DamagedFontCopy {
        try #require(try originals.get().first { $0.name == file })
    }

    @Test("intact copies of the bundled fonts load", arguments: DamagedFontCopy.bundledFiles)
    func intactCopiesLoad(file: String) throws {
        let folder = try TemporaryFolder()
        let path = try Self.original(file).write(in: folder.url, label: "intact")
        let chain = try FontChain(references: [FontFaceReference(path: path)])
        #expect(chain.faces.count == 1)
        #expect(try FontFaceValidator.validate(FontFaceReference(path: path)) { nil }.glyphCount > 0)
    }

    @Test(
        "a bundled font cut short is refused, naming the copy",
        arguments: DamagedFontCopy.bundledFiles, [0.0, 0.001, 0.1, 0.5, 0.9, 0.99])
    func cutShort(file: String, fraction: Double) throws {
        let folder = try TemporaryFolder()
        let path = try Self.original(file).cut(to: fraction).write(in: folder.url, label: "cut")
        let error = try #require(fontFileError { _ = try FontChain(references: [FontFaceReference(path: path)]) })
        #expect(error.path == path)
        #expect(!error.reason.isEmpty)
    }

    @Test("the issue's cuts: Noto Sans CJK at 90% and Symbola at 10% name the table past the end")
    func issueCuts() throws {
        let folder = try TemporaryFolder()
        for (file, fraction) in [("NotoSansCJK-Regular.ttc", 0.9), ("Symbola_hint.ttf", 0.1)] {
            let path = try Self.original(file).cut(to: fraction).write(in: folder.url, label: "cut")
            let error = try #require(fontFileError { _ = try FontChain(references: [FontFaceReference(path: path)]) })
            #expect(error.path == path)
            #expect(error.reason.contains("runs past the end of the file"), "\(error.reason)")
        }
    }

    @Test(
        "a bundled font with one damaged table is refused, naming the copy and the fault",
        arguments: DamagedFontCopy.bundledFiles, FontDamageCase.all)
    func damagedTable(file: String, damage: FontDamageCase) throws {
        let folder = try TemporaryFolder()
        var copy = try Self.original(file)
        damage.damage(&copy)
        let path = try copy.write(in: folder.url, label: "damaged")
        let error = try #require(fontFileError { _ = try FontChain(references: [FontFaceReference(path: path)]) })
        #expect(error.path == path)
        #expect(error.reason.contains(damage.expected), "\(error.reason)")
    }

    @Test("a damaged fallback is refused too, and the chain's error names it, not the good primary")
    func damagedFallback() throws {
        let folder = try TemporaryFolder()
        let path = try Self.original("Symbola_hint.ttf").cut(to: 0.5).write(in: folder.url, label: "cut")
        let error = try #require(
            fontFileError {
                _ = try FontChain(references: [FontFaceReference(path: TestSupport.dejaVuPath), FontFaceReference(path: path)])
            })
        #expect(error.path == path)
    }

    @Test("FreeType's errors are given by name")
    func freeTypeErrorNames() throws {
        let missing = try #require(fontFileError { _ = try FontChain(references: [FontFaceReference(path: "/no/such.ttf")]) })
        #expect(missing.reason == "cannot open resource (FreeType error 1)")
        let manifest = TestSupport.fontsDirectory.appendingPathComponent("manifest.json").path
        let notAFont = try #require(fontFileError { _ = try FontChain(references: [FontFaceReference(path: manifest)]) })
        #expect(notAFont.reason == "unknown file format (FreeType error 2)")
        #expect(FreeTypeError(code: 0x7FFF).description == "FreeType error 32767")
    }
}
