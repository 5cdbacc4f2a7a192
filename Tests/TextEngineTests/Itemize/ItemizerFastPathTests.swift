// The itemizer's fast paths against its general path: plain ASCII itemized as the general
// itemizer does it, and cluster flags classified without a property lookup as with one.
import Testing

@testable import TextEngine

@Suite struct ItemizerFastPathTests {
    /// Every printable ASCII string of up to two characters, and every string of three over a
    /// sample of letters, digits, spaces and punctuation: the plain-text itemizer gives the
    /// general itemizer's analysis.
    @Test func plainASCIIItemizesAsTheGeneralItemizerDoes() throws {
        let style = try TestSupport.style()
        let sized = SizedFontChain(
            chain: style.fonts, size: style.size, units: style.policy.units, advances: style.policy.glyphAdvances)
        let itemizer = Itemizer(fonts: sized, policy: style.policy)
        let printable = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        let sample = Array(" aZ9.,-'\"()!?/&:;#").map(String.init)
        var texts = printable + printable.flatMap { a in printable.map { a + $0 } }
        texts += sample.flatMap { a in sample.flatMap { b in sample.map { a + b + $0 } } }
        var fast = TextAnalysis()
        var general = TextAnalysis()
        var differing: [String] = []
        for text in texts {
            itemizer.itemize(text, plainFastPath: true, into: &fast)
            itemizer.itemize(text, plainFastPath: false, into: &general)
            let same = fast.scalars == general.scalars && fast.scalarScripts == general.scalarScripts
                && fast.scalarClusters == general.scalarClusters
                && fast.clusterScalarOffsets == general.clusterScalarOffsets
                && fast.clusterFlags.map(\.rawValue) == general.clusterFlags.map(\.rawValue)
                && fast.clusterFonts == general.clusterFonts
                && fast.runs.map { [$0.scalarRange.lowerBound, $0.scalarRange.upperBound, $0.font, Int($0.script)] }
                    == general.runs.map { [$0.scalarRange.lowerBound, $0.scalarRange.upperBound, $0.font, Int($0.script)] }
            if !same { differing.append(text) }
        }
        #expect(texts.count == 95 + 95 * 95 + 18 * 18 * 18)
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }
}

@Suite struct ClusterFlagRangeTests {
    /// The ranges classified without a property lookup get what the lookup gives, for every
    /// scalar of the Basic Multilingual Plane.
    @Test func rangesWithoutLookupAgreeWithTheGeneralCategory() {
        let differing = (UInt32(0x80)...0xFFFF).filter { value in
            guard let scalar = Unicode.Scalar(value) else { return false }  // surrogates
            return Itemizer.flags(of: value) != Itemizer.flags(ofCategory: scalar.properties.generalCategory, value)
        }
        #expect(differing.isEmpty, "\(differing.map { "U+" + String($0, radix: 16) })")
    }
}
