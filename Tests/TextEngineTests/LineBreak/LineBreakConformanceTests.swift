// Conformance of the ICU line breaker the engine uses with Unicode's LineBreakTest.txt.
//
// The file comes from the Debian package `unicode-data`
// (/usr/share/unicode/auxiliary/LineBreakTest.txt). Each case is a string of code points
// with ÷ where UAX #14 allows a break and × where it does not. ICU's default line rules
// tailor UAX #14 in two places that the 15.0 test file does not follow; those 22 cases are
// listed below, each with its reason, and the test checks that exactly they fail, and fail
// in the way the reason says. KNOWN-DIFFERENCES-linebreak.md has the details.
import Foundation
import Testing

@testable import TextEngine

/// One test case of LineBreakTest.txt.
struct LineBreakTestCase: Sendable, CustomStringConvertible {
    /// The 1-based line number in the file.
    var lineNumber: Int
    var scalars: [Unicode.Scalar]
    var utf16: [UInt16]
    /// UTF-16 offsets of the ÷ marks after position 0; the end of the text is always one.
    var expectedBreaks: [Int]
    /// The case as written in the file, without its comment.
    var source: String

    var description: String { "line \(lineNumber): \(source)" }

    /// The scalar whose UTF-16 range starts at `offset`, and the one before it.
    func scalar(startingAt offset: Int) -> Unicode.Scalar? {
        var position = 0
        for scalar in scalars {
            if position == offset { return scalar }
            position += scalar.utf16.count
        }
        return nil
    }

    func scalar(endingAt offset: Int) -> Unicode.Scalar? {
        var position = 0
        for scalar in scalars {
            position += scalar.utf16.count
            if position == offset { return scalar }
        }
        return nil
    }

    /// The index of the scalar starting at UTF-16 `offset`.
    func scalarIndex(startingAt offset: Int) -> Int? {
        var position = 0
        for (index, scalar) in scalars.enumerated() {
            if position == offset { return index }
            position += scalar.utf16.count
        }
        return nil
    }
}

/// LineBreakTest.txt, parsed.
struct LineBreakTestFile: Sendable {
    static let path = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

    /// The version in the first line, such as "15.0.0".
    var version: String
    /// The count in the trailer line `# Lines: N`.
    var declaredCount: Int?
    var cases: [LineBreakTestCase]

    /// A malformed line of the file.
    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// The file parsed once per process (when it exists).
    private static let parsed = Result { try parse(String(contentsOfFile: path, encoding: .utf8)) }

    /// The parsed file. A missing file fails the calling test (it is not skipped).
    static func load() throws -> LineBreakTestFile {
        try #require(
            FileManager.default.fileExists(atPath: path),
            """
            \(path) is missing: install the Debian package unicode-data \
            (apt-get install unicode-data), which ships Unicode's LineBreakTest.txt
            """)
        return try parsed.get()
    }

    static func parse(_ text: String) throws -> LineBreakTestFile {
        var version = ""
        var declaredCount: Int?
        var cases: [LineBreakTestCase] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine[...]
            if index == 0, let range = line.range(of: "LineBreakTest-") {
                version = String(line[range.upperBound...].prefix { $0.isNumber || $0 == "." })
                    .trimmingCharacters(in: CharacterSet(charactersIn: "."))
            }
            if line.hasPrefix("# Lines:") {
                declaredCount = Int(line.dropFirst("# Lines:".count).trimmingCharacters(in: .whitespaces))
            }
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !tokens.isEmpty else { continue }
            var scalars: [Unicode.Scalar] = []
            var utf16: [UInt16] = []
            var breaks: [Int] = []
            for token in tokens {
                switch token {
                case "÷": if !utf16.isEmpty { breaks.append(utf16.count) }
                case "×": break
                default:
                    guard let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) else {
                        throw ParseError(description: "line \(index + 1): bad token \(token)")
                    }
                    scalars.append(scalar)
                    utf16.append(contentsOf: scalar.utf16)
                }
            }
            cases.append(
                LineBreakTestCase(
                    lineNumber: index + 1, scalars: scalars, utf16: utf16, expectedBreaks: breaks,
                    source: body.trimmingCharacters(in: .whitespaces)))
        }
        return LineBreakTestFile(version: version, declaredCount: declaredCount, cases: cases)
    }
}

/// Where ICU 72's default line rules knowingly differ from LineBreakTest-15.0.0.txt.
enum KnownLineBreakDeviation: String, CaseIterable, Sendable {
    /// ICU's LB20a ("don't break between a hyphen and a letter when there is a break before
    /// the hyphen", a Finnish tailoring promoted to ICU's default, ICU-8151; UAX #14 adopted
    /// it as LB20a only in Unicode 15.1). The 15.0 test expects `-` ÷ letter at the start of
    /// the text; ICU keeps them together.
    case hyphenBeforeLetter
    /// ICU's LB25 number rule, the regular expression
    /// `(PR|PO)? (OP|HY)? IS? NU (NU|SY|IS)* (CL|CP)? (PR|PO)?`, keeps a leading decimal or
    /// thousands separator with the digits after it (".35", ",0"); the 15.0 test file uses
    /// the pair-table tailoring of UAX #14 example 7, which breaks IS ÷ NU. After a space
    /// ICU breaks before the separator instead (" ÷ .35", ICU's LB15c).
    case separatorBeforeDigits

    /// The cases of the 15.0.0 file, by line number.
    var lineNumbers: Set<Int> {
        switch self {
        case .hyphenBeforeLetter:
            // - ÷ # , - ÷ §, - ÷ <reserved AL>, - ÷ ก, each also with U+0308 after the hyphen.
            [2265, 2267, 2421, 2423, 2425, 2427, 2429, 2431]
        case .separatorBeforeDigits:
            // , ÷ 0 (and with U+0308); "equals .35 cents"; "a.2 ", "A.1 ", "A.2 ", "A.3 ",
            // "A.4 " followed by various classes.
            [2873, 2875, 7477, 7576, 7577, 7578, 7579, 7580, 7581, 7583, 7584, 7585, 7586, 7587]
        }
    }

    static func of(lineNumber: Int) -> KnownLineBreakDeviation? {
        allCases.first { $0.lineNumbers.contains(lineNumber) }
    }

    /// Whether ICU's `actual` breaks differ from the expected ones exactly as this deviation
    /// says: one expected break is missing, the text around it is what the rule is about,
    /// and at most the one extra break the rule implies appears.
    func explains(_ testCase: LineBreakTestCase, actual: [Int]) -> Bool {
        let missing = testCase.expectedBreaks.filter { !actual.contains($0) }
        let extra = actual.filter { !testCase.expectedBreaks.contains($0) }
        guard missing.count == 1, let offset = missing.first,
            let after = testCase.scalar(startingAt: offset),
            let breakIndex = testCase.scalarIndex(startingAt: offset), breakIndex > 0
        else { return false }
        // The scalar before the missing break, skipping combining marks (LB9).
        var index = breakIndex - 1
        while index > 0, testCase.scalars[index].properties.generalCategory == .nonspacingMark { index -= 1 }
        let before = testCase.scalars[index]
        switch self {
        case .hyphenBeforeLetter:
            // The hyphen starts the text, so there is a break (the start) before it.
            return extra.isEmpty && before == "-" && index == 0 && !("0"..."9").contains(after)
        case .separatorBeforeDigits:
            guard before == "," || before == ".", ("0"..."9").contains(after) else { return false }
            // After a space ICU moves the break to before the separator (" ÷ .35"), its LB15c
            // ("break before a number with a leading decimal point"), adopted in Unicode 15.1.
            return extra.isEmpty
                || (extra == [offset - 1] && index == breakIndex - 1 && testCase.scalar(endingAt: offset - 1) == " ")
        }
    }
}

/// The breaks ICU reports for one case: UTF-16 offsets and whether each is mandatory.
private func icuBreaks(_ breaker: ICULineBreaker, _ testCase: LineBreakTestCase) -> [(offset: Int, mandatory: Bool)] {
    var breaks: [(offset: Int, mandatory: Bool)] = []
    testCase.utf16.withUnsafeBufferPointer { buffer in
        breaker.forEachBreak(in: buffer) { offset, mandatory in breaks.append((offset, mandatory)) }
    }
    return breaks
}

/// The cases whose breaks differ from the file's, with ICU's breaks.
private func failures(locale: String, in file: LineBreakTestFile) throws -> [(LineBreakTestCase, [Int])] {
    let breaker = try ICULineBreaker(locale: locale)
    return file.cases.compactMap { testCase in
        let actual = icuBreaks(breaker, testCase).map(\.offset)
        return actual == testCase.expectedBreaks ? nil : (testCase, actual)
    }
}

@Suite("LineBreakTest.txt conformance (ICU line breaker)")
struct LineBreakConformanceTests {
    @Test("the test file is present, complete, and of ICU's Unicode version")
    func fileMatchesICUVersion() throws {
        let file = try LineBreakTestFile.load()
        #expect(file.version == "15.0.0")
        // The file's "# Lines: N" trailer counts its cases: the parser saw every one.
        #expect(file.declaredCount == file.cases.count)
        #expect(file.cases.count == 7654)
        let majorMinor = file.version.split(separator: ".").prefix(2).joined(separator: ".")
        #expect(
            ICULineBreaker.unicodeVersion.hasPrefix(majorMinor),
            "ICU's Unicode \(ICULineBreaker.unicodeVersion) vs LineBreakTest \(file.version)")
    }

    @Test("ICU's default rules (locale en) pass every case but the 22 known deviations")
    func defaultRules() throws {
        let file = try LineBreakTestFile.load()
        let failed = try failures(locale: "en", in: file)
        let failedLines = Set(failed.map(\.0.lineNumber))
        let known = KnownLineBreakDeviation.allCases.reduce(into: Set<Int>()) { $0.formUnion($1.lineNumbers) }

        let unexpected = failed.filter { !known.contains($0.0.lineNumber) }
        #expect(
            unexpected.isEmpty,
            "new failures:\n\(unexpected.prefix(20).map { "\($0.0) got \($0.1), expected \($0.0.expectedBreaks)" }.joined(separator: "\n"))"
        )
        let nowPassing = known.subtracting(failedLines).sorted()
        #expect(nowPassing.isEmpty, "known deviations that now pass (update the list): \(nowPassing)")
        for (testCase, actual) in failed {
            guard let deviation = KnownLineBreakDeviation.of(lineNumber: testCase.lineNumber) else { continue }
            #expect(
                deviation.explains(testCase, actual: actual),
                "\(testCase) fails other than as \(deviation): got \(actual), expected \(testCase.expectedBreaks)")
        }
        // 7654 cases − 22 known deviations.
        #expect(file.cases.count - failed.count == 7632)
    }

    @Test("the engine's locale (en@lb=strict) and the root locale break exactly as en")
    func engineLocaleMatchesDefault() throws {
        let file = try LineBreakTestFile.load()
        let style = TextStyle(fonts: try TestSupport.bundledChain(), size: 16)
        #expect(style.lineBreakLocale == "en@lb=strict")
        let reference = try ICULineBreaker(locale: "en")
        for locale in [style.lineBreakLocale, "", "root"] {
            let breaker = try ICULineBreaker(locale: locale)
            let differing = file.cases.filter {
                icuBreaks(breaker, $0).map(\.offset) != icuBreaks(reference, $0).map(\.offset)
            }
            #expect(differing.isEmpty, "\(locale): \(differing.prefix(5))")
        }
    }

    @Test("lb=normal and lb=loose match the file less well than the default rules")
    func otherStrictnessesDeviateMore() throws {
        let file = try LineBreakTestFile.load()
        let defaultFailures = try failures(locale: "en", in: file).count
        for locale in ["en@lb=normal", "en@lb=loose"] {
            let count = try failures(locale: locale, in: file).count
            #expect(count > defaultFailures, "\(locale): \(count) failures vs \(defaultFailures)")
        }
    }

    @Test("a break is reported as mandatory exactly after BK, CR, LF and NL")
    func mandatoryBreaks() throws {
        let file = try LineBreakTestFile.load()
        let breaker = try ICULineBreaker(locale: "en@lb=strict")
        // Line_Break BK (VT, FF, LS, PS), CR, LF and NL (NEL).
        let hard: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
        var mandatorySeen = 0
        for testCase in file.cases {
            for (offset, mandatory) in icuBreaks(breaker, testCase) {
                let before = try #require(testCase.scalar(endingAt: offset))
                #expect(mandatory == hard.contains(before.value), "\(testCase) at \(offset)")
                if mandatory { mandatorySeen += 1 }
            }
        }
        #expect(mandatorySeen > 100)
    }

    @Test("a prepared text keeps ICU's breaks at grapheme-cluster boundaries, mapped from UTF-16")
    func engineBreakOpportunities() throws {
        let file = try LineBreakTestFile.load()
        let style = try TestSupport.style(size: 16)  // the engine's default: en@lb=strict
        let breaker = try ICULineBreaker(locale: style.lineBreakLocale)
        var checked = 0
        for testCase in file.cases {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: testCase.scalars)
            let text = String(view)
            let prepared = try TestSupport.measurer.prepare(text, style: style)
            let boundaries = prepared.boundaries

            // The UTF-16 offset where each cluster starts, from Swift's own grapheme breaking;
            // the engine's clusters are the same.
            var clusterUTF16: [Int] = [0]
            var clusterScalars: [Int32] = [0]
            for character in text {
                clusterUTF16.append(clusterUTF16.last! + character.utf16.count)
                clusterScalars.append(clusterScalars.last! + Int32(character.unicodeScalars.count))
            }
            try #require(prepared.clusterScalarOffsets == clusterScalars, "\(testCase)")
            try #require(clusterUTF16.count == boundaries.count, "\(testCase)")
            let icu = Dictionary(icuBreaks(breaker, testCase).map { ($0.offset, $0.mandatory) }) { $1 }
            for boundary in 1..<boundaries.count {
                let expected: Boundary
                switch icu[clusterUTF16[boundary]] {
                case true?: expected = [.lineBreak, .mandatory]
                case false?: expected = .lineBreak
                case nil: expected = boundary == boundaries.count - 1 ? .lineBreak : []
                }
                // `.hyphenates` (Pango's hyphen inside a word) is about something else.
                let actual = boundaries[boundary].intersection([.lineBreak, .mandatory])
                #expect(actual == expected, "\(testCase), cluster boundary \(boundary)")
                // A hyphen is only ever inserted where no line break is allowed.
                #expect(!boundaries[boundary].isSuperset(of: [.lineBreak, .hyphenates]))
            }
            #expect(!boundaries[0].contains(.lineBreak))
            checked += 1
        }
        #expect(checked == file.cases.count)
    }
}
