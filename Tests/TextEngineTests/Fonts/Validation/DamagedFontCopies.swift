// Damaged copies of the bundled fonts, made in a test's own folder: cut short, or with one
// value of one table changed.
import Foundation

/// A bundled font's bytes, to be damaged and written to a temporary file.
struct DamagedFontCopy {
    let name: String
    var bytes: [UInt8]
    /// Where face 0's table directory starts (after a collection's header).
    private let faceOffset: Int

    init(bundled file: String) throws {
        name = file
        bytes = try [UInt8](Data(contentsOf: TestSupport.fontsDirectory.appendingPathComponent(file)))
        let isCollection = bytes[0..<4] == [0x74, 0x74, 0x63, 0x66]  // "ttcf"
        faceOffset = isCollection ? Self.uint32(bytes, at: 12) : 0
    }

    /// The bundled fonts: a TrueType font, an OpenType (CFF) collection, a symbol font.
    static let bundledFiles = ["DejaVuSans.ttf", "NotoSansCJK-Regular.ttc", "Symbola_hint.ttf"]

    /// The first `fraction` of the file.
    func cut(to fraction: Double) -> DamagedFontCopy {
        var copy = self
        copy.bytes.removeLast(bytes.count - Int(Double(bytes.count) * fraction))
        return copy
    }

    /// Where the directory record of table `tag` starts.
    func recordOffset(of tag: String) -> Int? {
        let count = Self.uint16(bytes, at: faceOffset + 4)
        return (0..<count).lazy.map { faceOffset + 12 + 16 * $0 }
            .first { String(decoding: bytes[$0..<$0 + 4], as: UTF8.self) == tag }
    }

    /// Where table `tag`'s data starts.
    func tableOffset(of tag: String) -> Int? {
        recordOffset(of: tag).map { Self.uint32(bytes, at: $0 + 8) }
    }

    /// Writes a big-endian 16-bit value at `offset` into table `tag`.
    mutating func set16(_ value: UInt16, at offset: Int, inTable tag: String) {
        let start = tableOffset(of: tag)! + offset
        bytes[start] = UInt8(value >> 8)
        bytes[start + 1] = UInt8(value & 0xFF)
    }

    /// Writes a big-endian 32-bit value at `offset` into table `tag`'s directory record
    /// (4: checksum, 8: offset, 12: length).
    mutating func setRecord32(_ value: UInt32, at offset: Int, of tag: String) {
        let start = recordOffset(of: tag)! + offset
        for index in 0..<4 { bytes[start + index] = UInt8(value >> (24 - 8 * index) & 0xFF) }
    }

    /// Renames table `tag`, so that the face no longer has it.
    mutating func rename(_ tag: String, to other: String) {
        let start = recordOffset(of: tag)!
        bytes.replaceSubrange(start..<start + 4, with: Array(other.utf8))
    }

    /// Writes the copy into `folder` under `label`, keeping the file's extension.
    func write(in folder: URL, label: String) throws -> String {
        let url = folder.appendingPathComponent("\(label)-\(name)")
        try Data(bytes).write(to: url)
        return url.path
    }

    private static func uint16(_ bytes: [UInt8], at offset: Int) -> Int {
        Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> Int {
        uint16(bytes, at: offset) << 16 | uint16(bytes, at: offset + 2)
    }
}

/// A temporary folder for one test's files, removed when the test is done with it.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("cardsize-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
