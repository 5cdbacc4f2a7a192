// Japanese line-breaking rules (kinsoku shori) across the whole Aozora Bunko catalog.
import Testing

@testable import TextEngine

/// JIS X 4051 / JLReq: characters that must not start a line, and that must not end one,
/// listed here independently of ICU's data.
enum Kinsoku {
    static let notAtLineStart: Set<Unicode.Scalar> = Set(
        "、。，．・：；？！）〕］｝〉》」』】〙〗〟’”｠»ヽヾゝゞ々〻ーぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ)]},.:;?!"
            .unicodeScalars)
    static let notAtLineEnd: Set<Unicode.Scalar> = Set("（〔［｛〈《「『【〘〖〝‘“｟«([{".unicodeScalars)
    /// Quotation marks (UAX #14 class QU), which Pango keeps with both neighbours.
    static let quotationMarks: Set<Unicode.Scalar> = Set("\"'«»‘’‚‛“”„‟‹›".unicodeScalars)
}

@Suite struct KinsokuCatalogTests {
    /// With strict rules, a line never starts with a closing bracket, a small kana, ー or
    /// 、。 and never ends with an opening bracket, unless the line before held no legal
    /// break at all (a run of text wider than the line, broken between characters).
    @Test(arguments: [MetricsProfile.uikit, .pango])
    func strictRulesHoldAcrossTheAozoraCatalog(profile: MetricsProfile) throws {
        let titles = try CatalogTitles.aozora.get()
        let chains = [try TestSupport.bundledChain(), try TestSupport.japanesePrimaryChain()]
        var checkedStarts = 0
        var forcedStarts = 0
        for chain in chains {
            let style = TextStyle(fonts: chain, size: 15, language: "ja", profile: profile)
            for title in titles {
                let prepared = try TestSupport.measurer.prepare(title, style: style)
                let utf16Offsets = Self.utf16Offsets(title)
                let scalars = Array(title.unicodeScalars)
                var legalBreaks = Set(try TestSupport.breaks(title, locale: "ja@lb=strict"))
                if profile == .pango {
                    // Pango allows no break next to a quotation mark unless after white space.
                    for (index, scalar) in scalars.enumerated() where index > 0 && !scalars[index - 1].properties.isWhitespace {
                        if Kinsoku.quotationMarks.contains(scalar) || Kinsoku.quotationMarks.contains(scalars[index - 1]) {
                            legalBreaks.remove(utf16Offsets[index])
                        }
                    }
                }
                for width in stride(from: 30.0, through: 150, by: 15) {
                    let lines = try TestSupport.measurer.measure(prepared, width: width).lines
                    for (previous, line) in zip(lines, lines.dropFirst()) {
                        checkedStarts += 1
                        let start = line.scalarOffset
                        let first = scalars[start]
                        let lastBefore = scalars[..<start].last { !$0.properties.isWhitespace }
                        guard Kinsoku.notAtLineStart.contains(first) || lastBefore.map(Kinsoku.notAtLineEnd.contains) == true
                        else { continue }
                        forcedStarts += 1
                        let range = (utf16Offsets[previous.scalarOffset] + 1)...utf16Offsets[start]
                        #expect(
                            legalBreaks.allSatisfy { !range.contains($0) },
                            "'\(title)' at \(width) pt: line \(start) starts with \(first) though a legal break existed")
                    }
                }
            }
        }
        #expect(checkedStarts > 50_000)
        print("kinsoku (\(profile)): \(checkedStarts) line starts checked, \(forcedStarts) forced by a word wider than the line")
    }

    /// The UTF-16 offset of each scalar, then the text's UTF-16 length.
    static func utf16Offsets(_ text: String) -> [Int] {
        var offsets: [Int] = []
        var offset = 0
        for scalar in text.unicodeScalars {
            offsets.append(offset)
            offset += scalar.utf16.count
        }
        offsets.append(offset)
        return offsets
    }
}
