// CSS white-space processing: what `white-space: normal` does to spaces, tabs and line feeds.

/// Collapsible white space as CSS Text 3 processes it (§4.1.1), for the browser profile.
/// Both steps keep every character where it is, so that line starts stay offsets into the
/// text as given.
enum WhiteSpaceCollapsing {
    /// What processing may change in a text, from one look at its UTF-8 bytes: whether it
    /// has a tab, line feed or carriage return (which ``spaced(_:newlinesAreSpaces:)`` may
    /// turn into a space), and whether a space follows a paragraph's start or any character
    /// up to U+0020 (which ``collapse(_:advances:)`` may give no room). Every character up to
    /// U+0020 is one byte in UTF-8, and no byte of a longer one is, so a text with neither
    /// is left as it is by both.
    struct Findings {
        var mayTurnToSpace = false
        var mayCollapse = false

        init(_ text: String) {
            self = text.utf8.withContiguousStorageIfAvailable { Self(bytes: $0) }
                ?? Array(text.utf8).withUnsafeBufferPointer { Self(bytes: $0) }
        }

        private init(bytes: UnsafeBufferPointer<UInt8>) {
            var previous: UInt8 = 0x0A  // the text's start is a paragraph's
            for byte in bytes {
                if byte <= 0x20 {
                    mayTurnToSpace = mayTurnToSpace || byte == 0x09 || byte == 0x0A || byte == 0x0D
                    mayCollapse = mayCollapse || (byte == 0x20 && previous <= 0x20)
                }
                previous = byte
            }
        }
    }

    /// `text` with each tab, and with `newlinesAreSpaces` each line feed and carriage return,
    /// made a space (a segment break becomes a space; a tab is collapsible white space); the
    /// text itself when it has none.
    static func spaced(_ text: String, newlinesAreSpaces: Bool) -> String {
        // One test for bytes and scalars alike: each of these characters is one UTF-8 byte,
        // and every other byte is above 0x0D or not one of them.
        let turnsToSpace = { (value: UInt32) in
            value <= 0x0D && (value == 0x09 || (newlinesAreSpaces && (value == 0x0A || value == 0x0D)))
        }
        // Looked for in the UTF-8 bytes first: most texts have none.
        let hasOne = text.utf8.withContiguousStorageIfAvailable { $0.contains { turnsToSpace(UInt32($0)) } }
            ?? text.utf8.contains { turnsToSpace(UInt32($0)) }
        guard hasOne else { return text }
        var spaced = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { spaced.append(turnsToSpace(scalar.value) ? " " : scalar) }
        return String(spaced)
    }

    /// Gives no room to each space that follows another or starts a paragraph (the text's
    /// start or a line feed's end): a run of spaces is as wide as one, and a line's leading
    /// spaces are removed.
    static func collapse(_ scalars: ScratchBuffer<UInt32>, advances: inout ScratchBuffer<Int32>) {
        // Through buffers: each subscript checked its index.
        scalars.withUnsafeBufferPointer { scalars in
            advances.withUnsafeMutableBufferPointer { advances in
                var afterSpace = true  // the start of the text is a paragraph's
                for index in scalars.indices {
                    let scalar = scalars[index]
                    if scalar == 0x20 {
                        if afterSpace { advances[index] = 0 }
                        afterSpace = true
                    } else {
                        afterSpace = scalar == 0x0A || scalar == 0x0D
                    }
                }
            }
        }
    }

    /// Adds `letterSpacing` (font units) after every grapheme cluster the text shows, as
    /// Blink's `ShapeResultSpacing` adds `letter-spacing` after each character: not after a
    /// forced break, nor after a space collapsed away.
    static func space(
        _ analysis: borrowing TextAnalysis, by letterSpacing: Int64, collapsesSpaces: Bool,
        advances: inout ScratchBuffer<Int32>
    ) {
        var afterSpace = true
        for cluster in 0..<analysis.clusterCount {
            let last = Int(analysis.clusterScalarOffsets[cluster + 1]) - 1
            let isSpace = analysis.scalars[last] == 0x20
            defer { afterSpace = isSpace || analysis.clusterFlags[cluster].contains(.separator) }
            guard !analysis.clusterFlags[cluster].contains(.separator), !(collapsesSpaces && isSpace && afterSpace)
            else { continue }
            advances[last] += Int32(truncatingIfNeeded: letterSpacing)
        }
    }
}
