// Outputs written whole or not at all, every write checked, an input never overwritten.
import CatalogIO
import Foundation
import Testing

@Suite struct OutputFileTests {
    /// A fresh folder, removed afterwards.
    func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }
    func files(in folder: URL) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() }

    @Test func theTargetKeepsItsBytesUntilTheRunCommits() throws {
        try withFolder { folder in
            let target = folder.appendingPathComponent("out.jsonl")
            try "old\n".write(to: target, atomically: false, encoding: .utf8)
            let output = try OutputFile(path: target.path)
            try output.write(Array("new\n".utf8))
            #expect(try contents(target) == "old\n")
            #expect(try files(in: folder).count == 2)  // the target and the hidden temporary file beside it
            try output.commit()
            #expect(try contents(target) == "new\n")
            #expect(try files(in: folder) == ["out.jsonl"])
        }
    }

    @Test func anOutputNeverCommittedLeavesNothingBehind() throws {
        try withFolder { folder in
            let target = folder.appendingPathComponent("out.jsonl")
            try "old\n".write(to: target, atomically: false, encoding: .utf8)
            do {
                let output = try OutputFile(path: target.path)
                try output.write(Array("half a run".utf8))
            }
            #expect(try contents(target) == "old\n")
            #expect(try files(in: folder) == ["out.jsonl"])
        }
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        try withFolder { folder in
            let target = folder.appendingPathComponent("out.csv")
            try "old\n".write(to: target, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
            let output = try OutputFile(path: target.path)
            try output.commit()
            let permissions = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
            #expect(permissions == 0o600)
        }
    }

    /// The same file under another name (a hard link, a symbolic link) is still the input.
    @Test func anOutputThatIsAnInputIsRefusedWhateverItsName() throws {
        try withFolder { folder in
            let input = folder.appendingPathComponent("books.csv")
            try "id,title\n1,A\n".write(to: input, atomically: false, encoding: .utf8)
            let hardLink = folder.appendingPathComponent("hard.csv")
            let symbolicLink = folder.appendingPathComponent("soft.csv")
            try FileManager.default.linkItem(at: input, to: hardLink)
            try FileManager.default.createSymbolicLink(at: symbolicLink, withDestinationURL: input)
            for path in [input.path, hardLink.path, symbolicLink.path] {
                #expect(throws: OutputError.outputIsInput(output: path, input: input.path)) {
                    _ = try OutputFile(path: path, inputs: [input.path])
                }
            }
            #expect(try contents(input) == "id,title\n1,A\n")
            _ = try OutputFile(path: folder.appendingPathComponent("other.csv").path, inputs: [input.path])
        }
    }

    @Test func aFullDeviceIsAWriteErrorNamingTheOutput() throws {
        let output = try OutputFile(path: "/dev/full")
        #expect(throws: OutputError.writeFailed(name: "/dev/full", reason: "No space left on device")) {
            try output.write(Array(repeating: UInt8(ascii: "x"), count: 10))
        }
    }

    /// A device is written in place: `/dev/null` stays a device.
    @Test func aDeviceIsWrittenInPlace() throws {
        let output = try OutputFile(path: "/dev/null")
        try output.write(Array("nothing".utf8))
        try output.commit()
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }

    @Test func anOutputInAMissingFolderCannotBeCreated() {
        #expect(throws: OutputError.self) { _ = try OutputFile(path: "/nonexistent-folder/out.jsonl") }
    }
}
