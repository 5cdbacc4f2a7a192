// Break opportunities of plain ASCII text from ICU's own earlier answers, without running ICU.
import CICU

/// ICU's line-break decisions for plain text, learned from ICU. In plain text, whether a
/// line may break before a character depends only on the line-break classes of the two
/// characters before it, of itself and of the one after it (or the text's edges there), so
/// once ICU has broken a text, its decision at each position holds for every window of the
/// same four classes. A text all of whose windows have been seen takes its breaks from the
/// table; any other text goes to ICU, which then teaches the table its windows.
///
/// Plain text is printable ASCII without what makes UAX #14 look further: the numeric
/// prefixes and postfixes `$ % + \` (ICU joins them to numbers across any run of digits and
/// separators), two numeric separators in a row (`, . : ; /`), a space after an opening
/// bracket or after another space (rules LB14 and LB15 carry context across runs of spaces).
///
/// That the four-class window decides is a property of ICU's rules the test suite proves
/// for English and Japanese at each strictness: every string of up to five characters over
/// the classes, and of up to three over all plain characters, breaks as ICU breaks it.
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

    /// Printable ASCII by line-break class, less the numeric affixes.
    private static let classes = ASCIIClasses(excluding: isNumericAffix) { cardsize_line_break_class(UInt32($0)) }
    /// Per window (two before, before, at, after; the class count stands for a text edge).
    private var decisions: [Decision]

    init() {
        let side = Self.classes.count + 1
        decisions = [Decision](repeating: .unknown, count: side * Self.classes.count * Self.classes.count * side)
    }

    /// One plain character of each line-break class plain text has.
    static var representatives: [UInt8] { classes.representatives }

    /// Calls `body` with every inner position (`1..<count`) of plain `text` where a line may
    /// break, in order, and returns `.found` when the table knows every window. At the first
    /// window it does not know it stops and returns `.unlearned`, having called `body` for
    /// the positions before: the caller discards those. One pass, as most texts are known.
    func forEachBreak(in text: [UInt32], _ body: (Int) -> Void) -> Outcome {
        guard Self.isPlain(text) else { return .notPlain }
        return decisions.withUnsafeBufferPointer { decisions in
            var outcome = Outcome.found
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
            return outcome
        }
    }

    /// Records ICU's decision at every inner position of plain `text`: `breaksBefore(i)`
    /// says whether ICU allowed a break before position `i`.
    mutating func learn(from text: [UInt32], breaksBefore: (Int) -> Bool) {
        Self.forEachWindow(in: text) { position, window in
            decisions[window] = breaksBefore(position) ? .lineBreak : .noBreak
            return true
        }
    }

    /// Calls `body` with each inner position of plain `text` and the index of its window,
    /// in order, while `body` returns true.
    @inline(__always)
    private static func forEachWindow(in text: [UInt32], _ body: (_ position: Int, _ window: Int) -> Bool) {
        let count = classes.count
        classes.ofByte.withUnsafeBufferPointer { ofByte in
            text.withUnsafeBufferPointer { text in
                var twoBefore = count
                var before = Int(ofByte[Int(text[0])])
                var at = text.count > 1 ? Int(ofByte[Int(text[1])]) : count
                for position in 1..<text.count {
                    let after = position + 1 < text.count ? Int(ofByte[Int(text[position + 1])]) : count
                    guard body(position, ((twoBefore * count + before) * count + at) * (count + 1) + after) else { return }
                    (twoBefore, before, at) = (before, at, after)
                }
            }
        }
    }

    /// `$ % + \`: ICU's numeric prefixes and postfixes among printable ASCII.
    private static func isNumericAffix(_ byte: UInt8) -> Bool { byte == 0x24 || byte == 0x25 || byte == 0x2B || byte == 0x5C }

    /// Whether `text` is non-empty plain text (see the type's description).
    static func isPlain(_ text: [UInt32]) -> Bool {
        guard !text.isEmpty else { return false }
        return classes.ofByte.withUnsafeBufferPointer { ofByte in
            var previous = -1  // no character before the first
            for element in text {
                guard element >= 0x20, element <= 0x7E, ofByte[Int(element)] != ASCIIClasses.unplain else { return false }
                let byte = Int(element)
                if byte == 0x20, previous == 0x20 || previous == 0x28 || previous == 0x5B || previous == 0x7B { return false }
                if isNumericSeparator(byte), isNumericSeparator(previous) { return false }
                previous = byte
            }
            return true
        }
    }

    private static func isNumericSeparator(_ byte: Int) -> Bool {
        byte == 0x2C || byte == 0x2E || byte == 0x3A || byte == 0x3B || byte == 0x2F
    }
}
