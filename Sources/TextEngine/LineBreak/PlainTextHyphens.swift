// Pango's hyphen decisions for printable ASCII from a table of character triples, without
// running its word-boundary state machine character by character.

/// Where Pango inserts a hyphen in printable ASCII text (U+0020–U+007E, each character a
/// cluster), by table. In such text every character is a grapheme boundary and none is a
/// format or extending character, so ``PangoHyphenation/State`` before a character holds
/// only what it read of the one or two characters before: whether a break before
/// character `i` inserts a hyphen depends on characters `i-2`, `i-1` and `i` alone (the
/// text's start standing in for a missing `i-2`). And it reads of a character only its
/// Word_Break value, whether it is white space or a hyphen, its script, and whether it is
/// `'` or `"`; characters alike in these are one class here.
///
/// The table is filled by running the state machine itself on one character of each class;
/// the test suite proves it equal to the state machine on every triple of printable
/// ASCII characters and at the text's start.
enum PlainTextHyphens {
    private struct Classes {
        /// The class of each printable ASCII byte; `unplain` for any other byte.
        let ofByte: [UInt8]
        /// One character of each class, the first in ASCII order.
        let representatives: [UInt32]
        static let unplain = UInt8.max

        init() {
            struct Key: Hashable {
                var wordBreak: PangoHyphenation.WordBreak
                var isSpaceOrHyphen: Bool
                var script: UInt32
                var quote: UInt32
            }
            var ofByte = [UInt8](repeating: Self.unplain, count: 128)
            var representatives: [UInt32] = []
            var classOfKey: [Key: UInt8] = [:]
            for byte in UInt32(0x20)...0x7E {
                let reading = PangoHyphenation.reading(byte)
                let key = Key(
                    wordBreak: reading.wordBreak, isSpaceOrHyphen: reading.isSpaceOrHyphen,
                    script: HarfBuzzUnicode.script(of: byte), quote: byte == 0x22 || byte == 0x27 ? byte : 0)
                if let known = classOfKey[key] {
                    ofByte[Int(byte)] = known
                } else {
                    classOfKey[key] = UInt8(representatives.count)
                    ofByte[Int(byte)] = UInt8(representatives.count)
                    representatives.append(byte)
                }
            }
            self.ofByte = ofByte
            self.representatives = representatives
        }
    }

    private static let classes = Classes()

    /// Per triple of classes (two before, before, at; the class count stands for the
    /// text's start), whether a break before the last inserts a hyphen.
    private static let inserts: [Bool] = {
        let count = classes.representatives.count
        var table = [Bool](repeating: false, count: (count + 1) * count * count)
        for twoBefore in 0...count {
            var start = PangoHyphenation.State()
            var index = 0
            if twoBefore < count {
                _ = start.inserts(before: classes.representatives[twoBefore], script: script(twoBefore), at: index, isGraphemeBoundary: true)
                index += 1
            }
            for before in 0..<count {
                var afterBefore = start
                _ = afterBefore.inserts(before: classes.representatives[before], script: script(before), at: index, isGraphemeBoundary: true)
                for at in 0..<count {
                    var state = afterBefore
                    table[(twoBefore * count + before) * count + at] = state.inserts(
                        before: classes.representatives[at], script: script(at), at: index + 1, isGraphemeBoundary: true)
                }
            }
        }
        return table
    }()

    private static func script(_ characterClass: Int) -> UInt32 {
        HarfBuzzUnicode.script(of: classes.representatives[characterClass])
    }

    /// Calls `body` with each position `1..<count` of `text` where a break inserts a hyphen,
    /// when every character is printable ASCII; otherwise calls nothing and returns false.
    static func forEachHyphen(in text: [UInt32], _ body: (Int) -> Void) -> Bool {
        classes.ofByte.withUnsafeBufferPointer { ofByte in
            text.withUnsafeBufferPointer { text in
                for element in text where element >= 0x80 || ofByte[Int(element)] == Classes.unplain { return false }
                let count = classes.representatives.count
                inserts.withUnsafeBufferPointer { inserts in
                    var twoBefore = count
                    var before = text.isEmpty ? 0 : Int(ofByte[Int(text[0])])
                    for position in 1..<max(1, text.count) {
                        let at = Int(ofByte[Int(text[position])])
                        if inserts[(twoBefore * count + before) * count + at] { body(position) }
                        (twoBefore, before) = (before, at)
                    }
                }
                return true
            }
        }
    }

    /// One character of each class, for the tests.
    static var representatives: [UInt32] { classes.representatives }
}
