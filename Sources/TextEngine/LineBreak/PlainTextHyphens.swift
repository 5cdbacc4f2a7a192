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
    /// What the state machine reads of a printable ASCII character: the class key.
    private struct ClassKey: Hashable {
        var wordBreak: PangoHyphenation.WordBreak
        var isSpaceOrHyphen: Bool
        var script: UInt32
        var quote: UInt8
    }

    private static let classes = ASCIIClasses { byte in
        let reading = PangoHyphenation.reading(UInt32(byte))
        return ClassKey(
            wordBreak: reading.wordBreak, isSpaceOrHyphen: reading.isSpaceOrHyphen,
            script: HarfBuzzUnicode.script(of: UInt32(byte)), quote: byte == 0x22 || byte == 0x27 ? byte : 0)
    }

    /// Per triple of classes (two before, before, at; the class count stands for the
    /// text's start), whether a break before the last inserts a hyphen.
    private static let inserts: [Bool] = {
        let count = classes.count
        /// Moves `state` past the `index`-th character, one of `characterClass`.
        func step(_ state: inout PangoHyphenation.State, _ characterClass: Int, at index: Int) -> Bool {
            let scalar = UInt32(classes.representatives[characterClass])
            return state.inserts(
                before: scalar, script: HarfBuzzUnicode.script(of: scalar), at: index, isGraphemeBoundary: true)
        }
        var table = [Bool](repeating: false, count: (count + 1) * count * count)
        for twoBefore in 0...count {
            var start = PangoHyphenation.State()
            let index = twoBefore < count ? 1 : 0
            if twoBefore < count { _ = step(&start, twoBefore, at: 0) }
            for before in 0..<count {
                var afterBefore = start
                _ = step(&afterBefore, before, at: index)
                for at in 0..<count {
                    var state = afterBefore
                    table[(twoBefore * count + before) * count + at] = step(&state, at, at: index + 1)
                }
            }
        }
        return table
    }()

    /// Calls `body` with each position `1..<count` of `text` where a break inserts a hyphen,
    /// when every character is printable ASCII; otherwise calls nothing and returns false.
    static func forEachHyphen(in text: some ContiguousElements<UInt32>, _ body: (Int) -> Void) -> Bool {
        classes.ofByte.withUnsafeBufferPointer { ofByte in
            text.withUnsafeBufferPointer { text in
                for element in text where element >= 0x80 || ofByte[Int(element)] == ASCIIClasses.unplain { return false }
                let count = classes.count
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
    static var representatives: [UInt8] { classes.representatives }
}
