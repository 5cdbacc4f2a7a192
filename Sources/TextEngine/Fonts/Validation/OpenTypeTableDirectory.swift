// The table directory of one face of an OpenType/TrueType file or collection.

/// Where each table of a face lies in its file, every entry checked to lie inside the file.
struct OpenTypeTableDirectory {
    struct Entry {
        var offset: UInt64
        var length: UInt32
    }

    /// The tables by tag (`cmap`, `OS/2`, …).
    private(set) var tables: [String: Entry] = [:]

    /// Reads the directory of face `faceIndex`: through the collection header for a `.ttc`,
    /// else the file's own (then only face 0 exists).
    /// - Throws: a reason naming what is wrong: not an sfnt file, a face that is not there, a
    ///   directory or a table that runs past the end of the file.
    init(file: FontFileBytes, faceIndex: Int) throws(FontDamage) {
        guard let header = file.read(offset: 0, count: 12) else {
            throw FontDamage("the file is \(file.size) bytes, too short for a font header", isNotOpenType: true)
        }
        var faceOffset: UInt64 = 0
        if header.tag(at: 0) == "ttcf" {
            let faceCount = header.uint32(at: 8)
            guard faceIndex >= 0, UInt64(faceIndex) < UInt64(faceCount) else {
                throw FontDamage("the collection has \(faceCount) faces, no face #\(faceIndex)")
            }
            guard let entry = file.read(offset: 12 + 4 * UInt64(faceIndex), count: 4) else {
                throw FontDamage("the collection's list of \(faceCount) faces runs past the end of the file")
            }
            faceOffset = UInt64(entry.uint32(at: 0))
        } else if faceIndex != 0 {
            throw FontDamage("the file holds one face, no face #\(faceIndex)")
        }
        guard let offsetTable = file.read(offset: faceOffset, count: 12) else {
            throw FontDamage("face #\(faceIndex)'s header at byte \(faceOffset) lies past the end of the file")
        }
        let version = offsetTable.uint32(at: 0)
        guard version == 0x0001_0000 || ["OTTO", "true"].contains(offsetTable.tag(at: 0)) else {
            throw FontDamage(
                "not a TrueType or OpenType font (its face starts with '\(offsetTable.tag(at: 0))'; "
                    + "WOFF, Type 1 and bitmap formats are not supported)",
                isNotOpenType: true)
        }
        let tableCount = Int(offsetTable.uint16(at: 4))
        guard let records = file.read(offset: faceOffset + 12, count: 16 * tableCount) else {
            throw FontDamage("the table directory (\(tableCount) tables) runs past the end of the file")
        }
        for index in 0..<tableCount {
            let record = index * 16
            let tag = records.tag(at: record)
            let entry = Entry(offset: UInt64(records.uint32(at: record + 8)), length: records.uint32(at: record + 12))
            guard file.contains(offset: entry.offset, count: UInt64(entry.length)) else {
                throw FontDamage(
                    "table '\(tag)' (bytes \(entry.offset)..<\(entry.offset + UInt64(entry.length))) runs past the "
                        + "end of the file (\(file.size) bytes): the file is cut short or damaged")
            }
            tables[tag] = entry
        }
    }

    /// Where table `tag` lies.
    /// - Throws: when the face has no such table.
    func entry(_ tag: String) throws(FontDamage) -> Entry {
        guard let entry = tables[tag] else { throw FontDamage("the face has no '\(tag)' table") }
        return entry
    }

    /// The first `count` bytes of table `tag` (its header).
    /// - Throws: when the face has no such table or it is shorter than `count` bytes.
    func read(_ tag: String, from file: FontFileBytes, count: Int) throws(FontDamage) -> BigEndianBytes {
        let entry = try entry(tag)
        guard entry.length >= count else {
            throw FontDamage("table '\(tag)' is \(entry.length) bytes, too short for its \(count)-byte header")
        }
        guard let bytes = file.read(offset: entry.offset, count: count) else {
            throw FontDamage("table '\(tag)' could not be read")
        }
        return bytes
    }
}

/// What is wrong with a font file, in words for the person who gave it.
struct FontDamage: Error {
    var reason: String
    /// Whether the file is no TrueType or OpenType file at all (unreadable, too short, another
    /// format), rather than one with a damaged table; FreeType then names the fault better.
    var isNotOpenType = false

    init(_ reason: String, isNotOpenType: Bool = false) {
        self.reason = reason
        self.isNotOpenType = isNotOpenType
    }
}
