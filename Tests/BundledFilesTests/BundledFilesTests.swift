// Where the shipped folders are found: the folder a variable names, an install's
// share/cardsize beside the binary, the source tree; a folder without its marker passed over.
import Foundation
import Testing

@testable import BundledFiles

@Suite struct BundledFilesTests {
    /// The package root: this file is `Tests/BundledFilesTests/BundledFilesTests.swift`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A variable no one sets: the tests never change the process's environment.
    static let unsetVariable = "CARDSIZE_BUNDLED_FILES_TESTS_UNSET"

    /// A fresh folder, removed afterwards.
    private func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bundled-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    /// `prefix/share/cardsize/NAME` with `marker` in it, as scripts/install.sh lays it out.
    private func install(_ name: String, marker: String?, under prefix: URL) throws -> URL {
        let folder = prefix.appendingPathComponent("share/cardsize/\(name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let marker { try Data("{}".utf8).write(to: folder.appendingPathComponent(marker)) }
        return folder
    }

    @Test func fromTheBuildTreeTheFoldersAreTheSourceTrees() throws {
        let fonts = try #require(BundledFiles.directory(named: "Fonts", marker: "manifest.json", environmentVariable: Self.unsetVariable))
        #expect(fonts.standardizedFileURL.path == Self.packageRoot.appendingPathComponent("Fonts").standardizedFileURL.path)
        let catalogs = try #require(
            BundledFiles.directory(named: "Catalogs", marker: "goodbooks-10k.csv", environmentVariable: Self.unsetVariable))
        #expect(catalogs.standardizedFileURL.path == Self.packageRoot.appendingPathComponent("Catalogs").standardizedFileURL.path)
        #expect(BundledFiles.sourceTree.standardizedFileURL.path == Self.packageRoot.standardizedFileURL.path)
    }

    /// Looked in: beside the binary holding the code (the test program), then the source tree.
    @Test func theFoldersLookedInAreTheInstallsThenTheSourceTrees() throws {
        let candidates = BundledFiles.candidates(named: "Fonts", environmentVariable: Self.unsetVariable)
        let binary = try #require(BundledFiles.imagePath ?? BundledFiles.executablePath)
        #expect(
            candidates.first?.path
                == binary.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/cardsize/Fonts").path)
        #expect(candidates.last?.path == BundledFiles.sourceTree.appendingPathComponent("Fonts").path)
        #expect(Set(candidates.map(\.path)).count == candidates.count)
    }

    @Test func anInstallBesideTheLibraryIsFound() throws {
        try withFolder { prefix in
            let installed = try install("Fonts", marker: "manifest.json", under: prefix)
            let candidates = BundledFiles.candidates(
                named: "Fonts", override: nil, binaries: [prefix.appendingPathComponent("lib/libcardsize.so")],
                sourceTree: prefix.appendingPathComponent("no-source-tree"))
            #expect(candidates.map(\.path) == [installed.path, prefix.appendingPathComponent("no-source-tree/Fonts").path])
            #expect(BundledFiles.first(holding: "manifest.json", in: candidates)?.path == installed.path)
        }
    }

    /// An install without its marker (half copied) is passed over; a folder a variable names
    /// comes first, and an empty variable names none.
    @Test func aFolderWithoutItsMarkerIsPassedOverAndTheVariableComesFirst() throws {
        try withFolder { root in
            let half = try install("Catalogs", marker: nil, under: root.appendingPathComponent("half"))
            let whole = try install("Catalogs", marker: "cover-sizes.csv", under: root.appendingPathComponent("whole"))
            let binaries = [root.appendingPathComponent("half/bin/cardsize"), root.appendingPathComponent("whole/bin/cardsize")]
            let candidates = BundledFiles.candidates(named: "Catalogs", override: nil, binaries: binaries, sourceTree: root)
            #expect(candidates.map(\.path) == [half.path, whole.path, root.appendingPathComponent("Catalogs").path])
            #expect(BundledFiles.first(holding: "cover-sizes.csv", in: candidates)?.path == whole.path)
            let named = BundledFiles.candidates(named: "Catalogs", override: whole.path, binaries: binaries, sourceTree: root)
            #expect(named.map(\.path) == [whole.path, half.path, root.appendingPathComponent("Catalogs").path])
            let empty = BundledFiles.candidates(named: "Catalogs", override: "", binaries: binaries, sourceTree: root)
            #expect(empty.map(\.path) == candidates.map(\.path))
        }
    }

    /// Nowhere: no folder, and every place looked in is listed for the error message.
    @Test func aFolderFoundNowhereIsNil() {
        #expect(BundledFiles.directory(named: "NoSuchFolder", marker: "marker", environmentVariable: Self.unsetVariable) == nil)
        let looked = BundledFiles.candidates(named: "NoSuchFolder", environmentVariable: Self.unsetVariable)
        #expect(looked.count >= 2)
        #expect(looked.allSatisfy { $0.lastPathComponent == "NoSuchFolder" })
    }
}
