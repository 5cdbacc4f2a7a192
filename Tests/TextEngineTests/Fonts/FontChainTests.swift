// Font chains: the bundled fonts and their manifest, face references, and load errors.
import BundledFonts
import Foundation
import Testing

@testable import TextEngine

/// The manifest read with JSONSerialization, independently of `BundledFonts.Entry`.
private func manifestFonts() throws -> [[String: Any]] {
    let url = TestSupport.fontsDirectory.appendingPathComponent("manifest.json")
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    let root = try #require(object as? [String: Any])
    return try #require(root["fonts"] as? [[String: Any]])
}

/// `sha256sum`'s digest of a file.
private func sha256sum(_ path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "sha256sum \(path) failed")
    return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
}

/// The path named by a `fontFile` error, or a description of what was thrown instead.
private func fontFileErrorPath(_ body: () throws -> Void) -> String {
    do {
        try body()
        return "no error"
    } catch let error as TextEngineError {
        if case .fontFile(let path, let reason) = error, !reason.isEmpty { return path }
        return "other error: \(error)"
    } catch {
        return "other error: \(error)"
    }
}

@Suite("Font chains")
struct FontChainTests {
    @Test("the bundled chain: DejaVu Sans, Noto Sans CJK JP (face 0), Symbola, in manifest order")
    func bundledChain() throws {
        let chain = try TestSupport.bundledChain()
        #expect(chain.faces.count == 3)
        #expect(chain.faces.map(\.family) == ["DejaVu Sans", "Noto Sans CJK JP", "Symbola"])
        #expect(chain.faces.map(\.reference.faceIndex) == [0, 0, 0])
        #expect(
            chain.faces.map { URL(fileURLWithPath: $0.reference.path).lastPathComponent }
                == ["DejaVuSans.ttf", "NotoSansCJK-Regular.ttc", "Symbola_hint.ttf"])
        #expect(chain.faces.allSatisfy { FileManager.default.fileExists(atPath: $0.reference.path) })

        let manifest = try manifestFonts()
        #expect(manifest.compactMap { $0["family"] as? String } == chain.faces.map(\.family))
        #expect(try BundledFonts.entries().map(\.family) == chain.faces.map(\.family))
        // Loaded once per process.
        #expect(try BundledFonts.chain() === chain)
    }

    @Test("each bundled font file's SHA-256 is the one in Fonts/manifest.json")
    func manifestHashes() throws {
        let manifest = try manifestFonts()
        #expect(manifest.count == 3)
        for entry in manifest {
            let file = try #require(entry["file"] as? String)
            let expected = try #require(entry["sha256"] as? String)
            #expect(expected.count == 64)
            #expect(try sha256sum(TestSupport.fontPath(file)) == expected, "\(file)")
        }
        let entries = try BundledFonts.entries()
        #expect(entries.map(\.sha256) == manifest.compactMap { $0["sha256"] as? String })
    }

    @Test(
        "FontFaceReference(parsing:): path#N is a face of a collection; other #s are the path's",
        arguments: [
            ("a.ttc#2", "a.ttc", 2),
            ("a#b.ttf", "a#b.ttf", 0),
            ("plain.ttf", "plain.ttf", 0),
            ("a#b.ttc#3", "a#b.ttc", 3),
            ("dir/Noto.ttc#0", "dir/Noto.ttc", 0),
            ("x.ttc#", "x.ttc#", 0),
            ("x.ttc#-1", "x.ttc#-1", 0),
        ])
    func parsing(spec: String, path: String, faceIndex: Int) {
        let reference = FontFaceReference(parsing: spec)
        #expect(reference.path == path)
        #expect(reference.faceIndex == faceIndex)
        // The description writes it back (face 0 without "#0"), and parses to the same face.
        #expect(FontFaceReference(parsing: reference.description) == reference)
    }

    @Test("a reference's description")
    func descriptions() {
        #expect(FontFaceReference(path: "a.ttc", faceIndex: 2).description == "a.ttc#2")
        #expect(FontFaceReference(path: "a.ttc", faceIndex: 0).description == "a.ttc")
        #expect(FontFaceReference(parsing: "plain.ttf").description == "plain.ttf")
    }

    @Test("a missing font file is a fontFile error naming the path")
    func missingFile() {
        let missing = "/nonexistent/cardsize-tests/Missing.ttf"
        #expect(fontFileErrorPath { _ = try FontChain(references: [FontFaceReference(path: missing)]) } == missing)
        // The first bad file of a chain is named, after good ones.
        #expect(
            fontFileErrorPath {
                _ = try FontChain(references: [FontFaceReference(path: TestSupport.dejaVuPath), FontFaceReference(path: missing)])
            } == missing)
    }

    @Test("a file that is not a font is a fontFile error")
    func notAFont() {
        let manifest = TestSupport.fontsDirectory.appendingPathComponent("manifest.json").path
        #expect(fontFileErrorPath { _ = try FontChain(references: [FontFaceReference(path: manifest)]) } == manifest)
    }

    @Test(
        "faces of the Noto Sans CJK collection by index (fc-query lists the same ten)",
        arguments: [(0, "Noto Sans CJK JP"), (1, "Noto Sans CJK KR"), (9, "Noto Sans Mono CJK HK")])
    func collectionFaces(index: Int, family: String) throws {
        let chain = try FontChain(references: [FontFaceReference(parsing: "\(TestSupport.notoCJKPath)#\(index)")])
        #expect(chain.faces.map(\.family) == [family])
        #expect(chain.faces[0].reference.faceIndex == index)
    }

    @Test("a face index past the end of the collection is an error naming path#N")
    func faceIndexPastEnd() {
        // NotoSansCJK-Regular.ttc has ten faces, 0…9.
        let spec = "\(TestSupport.notoCJKPath)#10"
        #expect(fontFileErrorPath { _ = try FontChain(references: [FontFaceReference(parsing: spec)]) } == spec)
        // A single-face file has only face 0.
        let dejaVu1 = "\(TestSupport.dejaVuPath)#1"
        #expect(fontFileErrorPath { _ = try FontChain(references: [FontFaceReference(parsing: dejaVu1)]) } == dejaVu1)
    }

    @Test("an empty chain is an invalid value")
    func emptyChain() {
        #expect {
            _ = try FontChain(references: [])
        } throws: { error in
            guard case .invalidValue(let field, _) = error as? TextEngineError else { return false }
            return field == "fonts"
        }
    }

    @Test("chains of the same faces are equal and hash alike")
    func equality() throws {
        let references = [FontFaceReference(path: TestSupport.dejaVuPath), FontFaceReference(path: TestSupport.symbolaPath)]
        let a = try FontChain(references: references)
        let b = try FontChain(references: references)
        let c = try FontChain(references: references.reversed())
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != c)
    }
}

@Suite struct SystemFontChainTests {
    /// fontconfig finds installed fonts by family (DejaVu Sans comes with Debian's
    /// fontconfig-config), best match first, followed by its sorted fallbacks.
    @Test func fontconfigFindsAnInstalledFamilyFirst() throws {
        let chain = try FontChain.system(family: "DejaVu Sans", limit: 4)
        #expect(chain.faces.first?.family == "DejaVu Sans")
        #expect(chain.faces.count > 1)
        #expect(Set(chain.faces.map(\.reference)).count == chain.faces.count)
        let measured = try TextMeasurer().measure("Hello", style: TextStyle(fonts: chain, size: 16), width: .infinity)
        #expect(measured.naturalWidth == 40.5546875)
    }

    /// fontconfig substitutes its default for a family nothing installed has; that is told
    /// apart from a family an installed font has under any spelling of case and spaces.
    @Test func aFamilyNotInstalledIsToldApartFromItsSubstitute() throws {
        #expect(FontChain.isInstalledFamily("DejaVu Sans"))
        #expect(FontChain.isInstalledFamily("dejavusans"))
        #expect(!FontChain.isInstalledFamily("NoSuchFamily"))
        #expect(!FontChain.isInstalledFamily("sans-serif"))
        let substitute = try FontChain.system(family: "NoSuchFamily", limit: 1)
        #expect(FontChain.isInstalledFamily(try #require(substitute.faces.first).family))
    }
}
