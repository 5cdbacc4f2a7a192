// Break opportunities of plain text (ASCII, kana, kanji) from ICU's own earlier answers,
// without running ICU.
import CICU

/// ICU's line-break decisions for plain text, learned from ICU. In plain text, whether a
/// line may break before a character depends only on the line-break classes of the two
/// characters before it, of itself and of the one after it (or the text's edges there), so
/// once ICU has broken a text, its decision at each position holds for every window of the
/// same four classes. A text all of whose windows have been seen takes its breaks from the
/// table; any other text goes to ICU, which then teaches the table its windows.
///
/// Plain text is printable ASCII and the characters of Japanese titles (``PlainBreakClasses``)
/// without what makes UAX #14 look further: the numeric prefixes and postfixes `$ % + \`
/// (ICU joins them to numbers across any run of digits and separators), two numeric
/// separators in a row (`, . : ; /`), a space after an opening bracket or after another
/// space (rules LB14 and LB15 carry context across runs of spaces).
///
/// That the four-class window decides is a property of ICU's rules the test suite proves
/// for English and Japanese at each strictness: every string of up to four characters over
/// the classes, of up to five over the ASCII classes and over the Japanese ones with the
/// space, and of up to three over all plain ASCII characters breaks as ICU breaks it, and
/// every plain character outside ASCII breaks as its class's representative next to every
/// other class.
struct PlainTextBreakTable {
    /// What the table knows of one window.
    private enum Decision: UInt8 {
        case unknown, noBreak, lineBreak
    }

    /// What ``forEachBreak(in:_:)`` found.
    enum Outcome: Equatable {
        /// The text is not plain; the table cannot speak for it.
        case notPlain
        /// The text is plain but has a window the table has not learned yet.
        case unlearned
        /// Every break was reported.
        case found
    }

    private static let classes = PlainBreakClasses()
    /// Per window (two before, before, at, after; the class count stands for a text edge).
    private var decisions: [Decision]

    init() {
        let side = Self.classes.count + 1
        decisions = [Decision](repeating: .unknown, count: side * Self.classes.count * Self.classes.count * side)
    }

    /// One plain character of each line-break class plain text has, ASCII's first.
    static var representatives: [UInt32] { classes.representatives }

    /// Whether two plain characters are of one class (for the tests).
    static func sameClass(_ first: UInt32, _ second: UInt32) -> Bool { classes.withLookup { $0(first) == $0(second) } }

    /// Calls `body` with every inner position (`1..<count`) of plain `text` where a line may
    /// break, in order, and returns `.found` when the text is plain and the table knows
    /// every window. One pass, as most texts are both: it may have called `body` for some
    /// positions before it finds a window it does not know (`.unlearned`) or a character
    /// that is not plain (`.notPlain`); the caller discards those.
    func forEachBreak(in text: some ContiguousElements<UInt32>, _ body: (Int) -> Void) -> Outcome {
        var outcome = Outcome.found
        let plain = decisions.withUnsafeBufferPointer { decisions in
            Self.forEachWindow(in: text) { position, window in
                switch decisions[window] {
                case .unknown:
                    outcome = .unlearned
                    return false
                case .lineBreak: body(position)
                case .noBreak: break
                }
                return true
            }
        }
        return plain ? outcome : .notPlain
    }

    /// Records ICU's decision at every inner position of plain `text`: `breaksBefore(i)`
    /// says whether ICU allowed a break before position `i`.
    mutating func learn(from text: some ContiguousElements<UInt32>, breaksBefore: (Int) -> Bool) {
        _ = Self.forEachWindow(in: text) { position, window in
            decisions[window] = breaksBefore(position) ? .lineBreak : .noBreak
            return true
        }
    }

    /// Calls `body` with each inner position of `text` and the index of its window, in
    /// order, while `body` returns true; returns whether `text` is plain (see the type's
    /// description), read to its end whether or not `body` stopped.
    @inline(__always)
    private static func forEachWindow(
        in text: some ContiguousElements<UInt32>, _ body: (_ position: Int, _ window: Int) -> Bool
    ) -> Bool {
        let edge = classes.count
        return classes.withLookup { classOf in
            text.withUnsafeBufferPointer { text in
                guard !text.isEmpty else { return false }
                var visiting = true
                var twoBefore = edge
                let firstClass = classOf(text[0])
                guard continuesPlain(0, PlainBreakClasses.unplain, text[0], firstClass) else { return false }
                var before = Int(firstClass)
                var at = edge
                if text.count > 1 {
                    let atClass = classOf(text[1])
                    guard continuesPlain(text[0], firstClass, text[1], atClass) else { return false }
                    at = Int(atClass)
                }
                for position in 1..<text.count {
                    var after = edge
                    if position + 1 < text.count {
                        let afterClass = classOf(text[position + 1])
                        guard continuesPlain(text[position], UInt8(at), text[position + 1], afterClass) else { return false }
                        after = Int(afterClass)
                    }
                    if visiting {
                        visiting = body(position, ((twoBefore * edge + before) * edge + at) * (edge + 1) + after)
                    }
                    (twoBefore, before, at) = (before, at, after)
                }
                return true
            }
        }
    }

    /// Whether `text` is non-empty plain text (see the type's description).
    static func isPlain(_ text: some ContiguousElements<UInt32>) -> Bool { forEachWindow(in: text) { _, _ in false } }

    /// Whether plain text stays plain with `element` after `previous` (0 and
    /// ``PlainBreakClasses/unplain`` before the first): a plain character, not a space
    /// after a space or an opening bracket, not a second numeric separator.
    @inline(__always)
    private static func continuesPlain(_ previous: UInt32, _ previousClass: UInt8, _ element: UInt32, _ elementClass: UInt8) -> Bool {
        elementClass != PlainBreakClasses.unplain
            && !(element == 0x20 && (previous == 0x20 || classes.isOpening(previousClass)))
            && !(isNumericSeparator(element) && isNumericSeparator(previous))
    }

    /// `, . : ; /`.
    private static func isNumericSeparator(_ value: UInt32) -> Bool {
        value == 0x2C || value == 0x2E || value == 0x3A || value == 0x3B || value == 0x2F
    }
}

/// The characters plain text is made of, by line-break class: printable ASCII less the
/// numeric affixes `$ % + \`, and the kana, kanji, CJK punctuation and full-width forms of
/// Japanese titles in the classes whose rules look no further than a character on each side
/// (ideographs, kana, small kana, non-starters, opening and closing punctuation,
/// exclamations, break-after, letters). Characters are keyed by class and by whether they
/// are ASCII: a full-width bracket is not an ASCII one to ICU (rule LB30 reads the East
/// Asian width); `・` is a class of its own. Left out: digits, affixes and separators outside ASCII (number rules),
/// quotation marks and combining marks outside ASCII, and the iteration marks and other
/// characters ICU's Japanese rules name one by one (`々 〻 ゝ ゞ ヽ ヾ 〜 ゠`, and the
/// full-width `：；`, which its loose rules let start a line unlike other non-starters).
struct PlainBreakClasses: Sendable {
    static let unplain = UInt8.max
    /// The class of each character of ASCII, U+3000–30FF and U+FF00–FF5F, in that order.
    private let table: [UInt8]
    /// The class of the unified ideographs U+4E00–9FFF, all one class.
    private let ideograph: UInt8
    /// One character of each class, in the order the classes were found.
    let representatives: [UInt32]
    /// Per class, whether it is opening punctuation (OP).
    private let opening: [Bool]

    var count: Int { representatives.count }

    init() {
        struct Key: Hashable {
            var lineBreak: Int32
            var isASCII: Bool
            /// The character itself, for one ICU's rules name on its own.
            var named: UInt32?
        }
        var table = [UInt8](repeating: Self.unplain, count: 128 + 256 + 96)
        var representatives: [UInt32] = []
        var opening: [Bool] = []
        var classOfKey: [Key: UInt8] = [:]
        func classify(_ scalar: UInt32) -> UInt8 {
            guard Self.mayBePlain(scalar) else { return Self.unplain }
            let lineBreak = ICULineBreakClass.of(scalar)
            guard scalar < 0x80 || Self.plainLineBreaksOutsideASCII.contains(lineBreak) else { return Self.unplain }
            let key = Key(lineBreak: lineBreak, isASCII: scalar < 0x80, named: Self.isNamed(scalar) ? scalar : nil)
            if let known = classOfKey[key] { return known }
            let newClass = UInt8(representatives.count)
            classOfKey[key] = newClass
            representatives.append(scalar)
            opening.append(lineBreak == Self.openingPunctuation)
            return newClass
        }
        for scalar in UInt32(0)..<0x80 { table[Int(scalar)] = classify(scalar) }
        for scalar in UInt32(0x3000)..<0x3100 { table[128 + Int(scalar - 0x3000)] = classify(scalar) }
        for scalar in UInt32(0xFF00)..<0xFF60 { table[384 + Int(scalar - 0xFF00)] = classify(scalar) }
        ideograph = classify(0x4E00)
        self.table = table
        self.representatives = representatives
        self.opening = opening
    }

    func isOpening(_ characterClass: UInt8) -> Bool { characterClass != Self.unplain && opening[Int(characterClass)] }

    /// Calls `body` with a function from a scalar to its class (``unplain`` for any other).
    @inline(__always) func withLookup<Result>(_ body: ((UInt32) -> UInt8) -> Result) -> Result {
        let ideograph = ideograph
        return table.withUnsafeBufferPointer { table in
            body { scalar in
                switch scalar {
                case ..<0x80: table[Int(scalar)]
                case 0x3000..<0x3100: table[128 + Int(scalar &- 0x3000)]
                case 0x4E00...0x9FFF: ideograph
                case 0xFF00..<0xFF60: table[384 + Int(scalar &- 0xFF00)]
                default: Self.unplain
                }
            }
        }
    }

    /// The characters that may be plain, before their class is looked at: printable ASCII
    /// less the numeric affixes, and the Japanese blocks less the characters ICU's Japanese
    /// rules name one by one and U+303F (not wide).
    private static func mayBePlain(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x24, 0x25, 0x2B, 0x5C: false  // `$ % + \`: ICU's numeric prefixes and postfixes
        case 0x20...0x7E: true
        case 0x3005, 0x301C, 0x303B, 0x303F, 0x309D, 0x309E, 0x30A0, 0x30FD, 0x30FE, 0xFF1A, 0xFF1B: false
        case 0x3000..<0x3100, 0x4E00...0x9FFF, 0xFF01...0xFF5E: true
        default: false
        }
    }

    /// `・`, which ICU's loose Japanese rules let start a line and no other non-starter:
    /// a class of its own (it is frequent in titles, between names).
    private static func isNamed(_ scalar: UInt32) -> Bool { scalar == 0x30FB }

    /// ICU's ULineBreak values of the classes plain text has outside ASCII: AL, BA, CL, EX,
    /// ID, NS, OP, CP, CJ.
    private static let plainLineBreaksOutsideASCII: Set<Int32> = [2, 4, 8, 11, 14, 18, 20, 36, 37]
    private static let openingPunctuation: Int32 = 20
}
