// Text broken into clusters and shaping runs on the bundled chain (DejaVu Sans, Noto Sans CJK,
// Symbola): graphemes kept whole, separators never shaped, and each space given the font of
// a neighbour as the profile says.
import CHarfBuzz
import Testing

@testable import TextEngine

@Suite struct ItemizerTests {
    /// `text` itemized on the bundled chain at 16 px under `profile`.
    private func analysis(_ text: String, profile: MetricsProfile = .pango) throws -> TextAnalysis {
        let style = try TestSupport.style(profile: profile)
        let sized = SizedFontChain(
            chain: style.fonts, size: style.size, units: style.policy.units, advances: style.policy.glyphAdvances)
        var analysis = TextAnalysis()
        Itemizer(fonts: sized, policy: style.policy).itemize(text, into: &analysis)
        return analysis
    }

    private func fonts(_ analysis: TextAnalysis) -> [Int] { (0..<analysis.clusterCount).map { Int(analysis.clusterFonts[$0]) } }

    private func runs(_ analysis: TextAnalysis) -> [[Int]] {
        analysis.runs.map { [$0.scalarRange.lowerBound, $0.scalarRange.upperBound, $0.font] }
    }

    /// Pango keeps a space between two fonts in the item before it unless the font after comes
    /// earlier in the chain within one script run: `の info` sets `の␠` in Noto Sans CJK,
    /// `info マ` sets `info␠` in DejaVu Sans. UIKit takes the earlier font either way.
    @Test func aSpaceBetweenFontsTakesTheProfilesNeighbour() throws {
        #expect(fonts(try analysis("の info")) == [1, 1, 0, 0, 0, 0])
        #expect(runs(try analysis("の info")) == [[0, 2, 1], [2, 6, 0]])
        #expect(fonts(try analysis("info マ")) == [0, 0, 0, 0, 0, 1])
        #expect(fonts(try analysis("の info", profile: .uikit)) == [1, 0, 0, 0, 0, 0])
        #expect(fonts(try analysis("info マ", profile: .uikit)) == [0, 0, 0, 0, 0, 1])
    }

    @Test func graphemeClustersStayWhole() throws {
        // e + combining acute, a flag of two regional indicators, a family joined by ZWJs.
        let text = "e\u{301}🇯🇵👨\u{200D}👩\u{200D}👧"
        let analysis = try analysis(text)
        #expect(analysis.clusterCount == 3)
        #expect(analysis.scalars.count == text.unicodeScalars.count)
        #expect((0...analysis.clusterCount).map { Int(analysis.clusterScalarOffsets[$0]) } == [0, 2, 4, 9])
        #expect((0..<analysis.scalars.count).map { Int(analysis.scalarClusters[$0]) } == [0, 0, 1, 1, 2, 2, 2, 2, 2])
        #expect(analysis.largestScalar == text.unicodeScalars.map(\.value).max())
    }

    /// A CRLF is one separator cluster, in no run: runs stop before it and start after it.
    @Test func separatorsAreClustersOutsideEveryRun() throws {
        let analysis = try analysis("ab\r\ncd\u{2028}e")
        #expect(analysis.clusterCount == 7)
        let separators = (0..<analysis.clusterCount).filter { analysis.clusterFlags[$0].contains(.separator) }
        #expect(separators == [2, 5])
        #expect(runs(analysis) == [[0, 2, 0], [4, 6, 0], [7, 8, 0]])
        #expect(analysis.clusterFlags[0].isEmpty)
    }

    @Test func rightToLeftScriptsAreRightToLeftRuns() throws {
        let analysis = try analysis("Hi שלום")
        #expect(analysis.runs.map(\.rightToLeft) == [false, true])
        #expect(analysis.runs.map(\.script) == [HarfBuzzUnicode.latin, HB_SCRIPT_HEBREW.rawValue])
        #expect(analysis.runs[1].scalarRange == 3..<7)
    }
}
