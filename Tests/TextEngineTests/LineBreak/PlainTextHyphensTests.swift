import Testing

@testable import TextEngine

/// The plain-text hyphen table against Pango's state machine it is filled from: every
/// triple of printable ASCII characters, and every pair at the text's start.
@Suite struct PlainTextHyphensTests {
    /// The marks the state machine gives `text`, character by character.
    static func stateMachineHyphens(_ text: [UInt32]) -> [Int] {
        var state = PangoHyphenation.State()
        var marks: [Int] = []
        for (index, scalar) in text.enumerated()
        where state.inserts(before: scalar, script: HarfBuzzUnicode.script(of: scalar), at: index, isGraphemeBoundary: true)
            && index > 0
        {
            marks.append(index)
        }
        return marks
    }

    static func tableHyphens(_ text: [UInt32]) -> [Int]? {
        var marks: [Int] = []
        return PlainTextHyphens.forEachHyphen(in: text, { marks.append($0) }) ? marks : nil
    }

    /// The table's claim, proved exhaustively: the decision before the last of any three
    /// characters (after a fourth, which the state machine forgets) and before the second of
    /// any two at the start.
    @Test func everyTripleOfPrintableCharactersHyphenatesAsPangoDoes() {
        let printable = Array(UInt32(0x20)...0x7E)
        var different: [String] = []
        var compared = 0
        for first in printable {
            for second in printable {
                let pair = [first, second]
                if Self.tableHyphens(pair) != Self.stateMachineHyphens(pair) { different.append(Self.text(pair)) }
                // One fixed character before the triple: it must not matter.
                var afterFirstTwo = PangoHyphenation.State()
                for (index, scalar) in [0x61, first, second].enumerated() {
                    _ = afterFirstTwo.inserts(before: scalar, script: HarfBuzzUnicode.script(of: scalar), at: index, isGraphemeBoundary: true)
                }
                for third in printable {
                    var state = afterFirstTwo
                    let expected = state.inserts(before: third, script: HarfBuzzUnicode.script(of: third), at: 3, isGraphemeBoundary: true)
                    let actual = Self.tableHyphens([0x61, first, second, third])?.contains(3)
                    compared += 1
                    if actual != expected { different.append(Self.text([0x61, first, second, third])) }
                }
            }
        }
        #expect(compared == 95 * 95 * 95)
        #expect(different.isEmpty, "\(different.count) differ, first: \(different.prefix(10))")
        #expect(PlainTextHyphens.representatives.count < 20)  // classes, not characters
    }

    /// Whole texts: the marks from the table are the state machine's.
    @Test func titlesHyphenateAsPangoDoes() {
        for title in ["The Hunger Games", "Harry Potter and the Sorcerer's Stone", "e.g. 3.14 isn't \"it\"", "a_b-c'd.e:f", "x"] {
            let text = title.unicodeScalars.map(\.value)
            #expect(Self.tableHyphens(text) == Self.stateMachineHyphens(text), "\(title)")
        }
        #expect(Self.tableHyphens("Abc".unicodeScalars.map(\.value)) == [1, 2])  // between letters
        #expect(Self.tableHyphens("café".unicodeScalars.map(\.value)) == nil)  // not printable ASCII
        #expect(Self.tableHyphens("a\tb".unicodeScalars.map(\.value)) == nil)
    }

    private static func text(_ scalars: [UInt32]) -> String {
        String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
    }
}
