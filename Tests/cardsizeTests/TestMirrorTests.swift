// The tests mirror the sources: every Swift library target of Package.swift has its test
// target, Tests/<Target>Tests, and every folder of its sources a twin folder there (a docc
// catalogue, resources and C headers excepted). Executables are tested through what they run
// (this target, the server's tests); C shims through the Swift code that calls them.
import Foundation
import Testing

@Suite struct TestMirrorTests {
    static let root = CommandRunner.repositoryRoot

    /// Folders of a target's sources that hold no code of their own to test.
    static func isExempt(_ folder: String) -> Bool {
        folder.hasSuffix(".docc") || folder == "Resources" || folder == "include"
    }

    /// The names Package.swift declares with `.KIND(name: "…"`.
    static func declared(_ kind: String, in manifest: String) throws -> Set<String> {
        let pattern = try Regex(#"\.\#(kind)\(\s*name:\s*"([^"]+)""#)
        return Set(manifest.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) })
    }

    /// Every folder under `folder`, as paths relative to it, sorted; exempt ones left out
    /// with what they hold.
    static func subfolders(of folder: URL) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let relative = walk.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(relative).path, isDirectory: &isFolder),
                isFolder.boolValue
            else { continue }
            if isExempt(URL(fileURLWithPath: relative).lastPathComponent) {
                walk.skipDescendants()
                continue
            }
            found.append(relative)
        }
        return found.sorted()
    }

    /// Whether a target's folder holds Swift code (a C shim's holds only C and a module map).
    static func holdsSwift(_ folder: URL) -> Bool {
        let walk = FileManager.default.enumerator(atPath: folder.path)
        while let path = walk?.nextObject() as? String {
            if path.hasSuffix(".swift") { return true }
        }
        return false
    }

    /// What is missing from `root`'s Tests/ for the manifest's Swift library targets, in order.
    static func missingTwins(manifest: String, root: URL = root) throws -> [String] {
        let testTargets = try declared("testTarget", in: manifest)
        var missing: [String] = []
        for target in try declared("target", in: manifest).sorted() {
            let sources = root.appendingPathComponent("Sources/\(target)")
            guard holdsSwift(sources) else { continue }
            let twin = root.appendingPathComponent("Tests/\(target)Tests")
            guard FileManager.default.fileExists(atPath: twin.path), testTargets.contains("\(target)Tests") else {
                missing.append("Tests/\(target)Tests (a test target for \(target))")
                continue
            }
            for folder in subfolders(of: sources)
            where !FileManager.default.fileExists(atPath: twin.appendingPathComponent(folder).path) {
                missing.append("Tests/\(target)Tests/\(folder) (for Sources/\(target)/\(folder))")
            }
        }
        return missing
    }

    @Test func everySwiftLibraryTargetAndFolderHasItsTestTwin() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let missing = try Self.missingTwins(manifest: manifest)
        #expect(missing.isEmpty, "no test twin:\n\(missing.joined(separator: "\n"))")
        // The check sees the targets: the libraries it must, the exempt kinds it must not.
        let targets = try Self.declared("target", in: manifest)
        #expect(targets.isSuperset(of: ["TextEngine", "CardsizeC", "CardsizeCommands", "BundledFiles", "CICU"]))
        #expect(try Self.declared("executableTarget", in: manifest).isSuperset(of: ["cardsize", "cardsize-serve"]))
        #expect(!Self.holdsSwift(Self.root.appendingPathComponent("Sources/CICU")))
        #expect(Self.subfolders(of: Self.root.appendingPathComponent("Sources/TextEngine")).contains("Fonts/Validation"))
        #expect(!Self.subfolders(of: Self.root.appendingPathComponent("Sources/CardsizeServer")).contains("Resources"))
    }

    /// A target without its test target, and a folder without its twin, are named; a C
    /// shim, a docc catalogue and resources need none.
    @Test func aMissingTwinIsNamed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for file in [
            "Sources/Lib/Lib.swift", "Sources/Lib/Parts/Part.swift", "Sources/Lib/Parts/Inner/Inner.swift",
            "Sources/Lib/Lib.docc/Lib.md", "Sources/Lib/Resources/page.html", "Sources/Lib/Mirrored/Mirrored.swift",
            "Tests/LibTests/LibTests.swift", "Tests/LibTests/Mirrored/MirroredTests.swift",
            "Sources/Other/Other.swift", "Sources/CShim/include/shim.h", "Sources/CShim/shim.c",
        ] {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        let manifest = #"""
            .target(name: "Lib"),
            .target(
                name: "Other", dependencies: ["Lib"]),
            .target(name: "CShim"),
            .testTarget(name: "LibTests", dependencies: ["Lib"]),
            """#
        #expect(
            try Self.missingTwins(manifest: manifest, root: root) == [
                "Tests/LibTests/Parts (for Sources/Lib/Parts)", "Tests/LibTests/Parts/Inner (for Sources/Lib/Parts/Inner)",
                "Tests/OtherTests (a test target for Other)",
            ])
    }
}
