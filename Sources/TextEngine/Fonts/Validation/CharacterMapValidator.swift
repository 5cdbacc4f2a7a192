// Checking a `cmap` table: the map from characters to glyphs that every lookup goes through.

/// Checks that a `cmap` table's subtables lie inside it and that one maps Unicode.
enum CharacterMapValidator {
    /// - Throws: when a subtable lies outside the table, or none maps Unicode characters.
    static func validate(_ table: OpenTypeTableDirectory.Entry, in file: FontFileBytes) throws(FontDamage) {
        guard table.length >= 4, let header = file.read(offset: table.offset, count: 4) else {
            throw FontDamage("table 'cmap' is too short for its header")
        }
        let count = Int(header.uint16(at: 2))
        guard 4 + 8 * count <= Int(table.length), let records = file.read(offset: table.offset + 4, count: 8 * count) else {
            throw FontDamage("table 'cmap' lists \(count) subtables, more than it has room for")
        }
        var mapsUnicode = false
        for index in 0..<count {
            let platform = records.uint16(at: 8 * index)
            let encoding = records.uint16(at: 8 * index + 2)
            let offset = UInt64(records.uint32(at: 8 * index + 4))
            let length = try subtableLength(at: offset, in: table, file: file)
            guard offset + length <= UInt64(table.length) else {
                throw FontDamage(
                    "cmap subtable \(index) (platform \(platform), encoding \(encoding)) runs past the end of table 'cmap'")
            }
            // What HarfBuzz looks up characters in: Unicode platform, or Windows symbol, BMP or full.
            if platform == 0 || (platform == 3 && [0, 1, 10].contains(encoding)) { mapsUnicode = true }
        }
        guard mapsUnicode else { throw FontDamage("table 'cmap' has no Unicode subtable") }
    }

    /// A subtable's length from its own header: 16 bits for formats below 8, 32 bits after.
    private static func subtableLength(
        at offset: UInt64, in table: OpenTypeTableDirectory.Entry, file: FontFileBytes
    ) throws(FontDamage) -> UInt64 {
        guard offset + 8 <= UInt64(table.length), let header = file.read(offset: table.offset + offset, count: 8) else {
            throw FontDamage("a cmap subtable starts past the end of table 'cmap'")
        }
        let format = header.uint16(at: 0)
        switch format {
        case 0, 2, 4, 6: return UInt64(header.uint16(at: 2))
        case 8, 10, 12, 13: return UInt64(header.uint32(at: 4))
        case 14: return UInt64(header.uint32(at: 2))
        default: throw FontDamage("a cmap subtable has unknown format \(format)")
        }
    }
}
