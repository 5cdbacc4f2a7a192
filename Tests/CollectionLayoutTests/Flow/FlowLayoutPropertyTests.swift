// Flow layout on many random and catalog-like inputs: the invariants hold, the output repeats.

import CatalogGenerator
import CollectionLayout
import Geometry
import Testing

@Suite struct FlowLayoutPropertyTests {
    /// A random section configuration: insets, spacings, optional header and footer, alignments.
    private func randomConfiguration(_ random: inout SplitMix64, scale: Double) -> FlowLayoutConfiguration {
        FlowLayoutConfiguration(
            sectionInset: EdgeInsets(
                top: random.gridValue(in: 0...20), left: random.gridValue(in: 0...30),
                bottom: random.gridValue(in: 0...20), right: random.gridValue(in: 0...30)),
            minimumInteritemSpacing: random.gridValue(in: 0...20, scale: scale),
            minimumLineSpacing: random.gridValue(in: 0...20, scale: scale),
            headerHeight: Bool.random(using: &random) ? random.gridValue(in: 1...60) : 0,
            footerHeight: Bool.random(using: &random) ? random.gridValue(in: 1...60) : 0,
            verticalAlignment: FlowVerticalAlignment.allCases.randomElement(using: &random)!,
            lastRowAlignment: FlowLastRowAlignment.allCases.randomElement(using: &random)!)
    }

    /// A random flow layout of 1-4 sections; item widths fit their section, sizes on the grid
    /// of `scale`, or anywhere when `scale` is nil.
    private func randomInput(_ random: inout SplitMix64, scale: Double?) -> (FlowLayout, [[Size]]) {
        let width = random.gridValue(in: 200...1_200)
        var layout = FlowLayout(collectionWidth: width, displayScale: scale)
        var sections: [[Size]] = []
        for section in 0..<Int.random(in: 1...4, using: &random) {
            let configuration = randomConfiguration(&random, scale: scale ?? 1)
            layout.sectionConfigurations[section] = configuration
            let available = width - configuration.sectionInset.horizontal
            sections.append((0..<Int.random(in: 0...200, using: &random)).map { _ in
                guard let scale else {
                    return Size(
                        width: Double.random(in: 1...available, using: &random),
                        height: Double.random(in: 1...300, using: &random))
                }
                return Size(
                    width: random.gridValue(in: 1...available, scale: scale),
                    height: random.gridValue(in: 1...300, scale: scale))
            })
        }
        return (layout, sections)
    }

    @Test func randomSizesKeepEveryInvariant() throws {
        var random = SplitMix64(seed: 42)
        for _ in 0..<150 {
            let (layout, sections) = randomInput(&random, scale: nil)
            let result = try layout.layout(sections)
            FlowLayoutInvariants(layout: layout, sections: sections, result: result).checkAll()
        }
    }

    @Test(arguments: [2.0, 3.0])
    func pixelRoundedPositionsKeepEveryInvariantAndStayOnTheGrid(scale: Double) throws {
        var random = SplitMix64(seed: UInt64(scale))
        for _ in 0..<100 {
            let (layout, sections) = randomInput(&random, scale: scale)
            let result = try layout.layout(sections)
            FlowLayoutInvariants(layout: layout, sections: sections, result: result).checkAll()
            let pixels = result.elements.flatMap { [$0.frame.minX * scale, $0.frame.minY * scale] }
            #expect(pixels.allSatisfy { abs($0 - $0.rounded()) < 1e-6 })
        }
    }

    /// Catalog-like cards (widths 50-200, heights 100-300) on phone and tablet widths, with
    /// seed 001's insets and spacings and a header and footer.
    @Test(arguments: [320.0, 375.0, 428.0, 1024.0])
    func tenThousandCardsKeepEveryInvariantAndRepeat(collectionWidth: Double) throws {
        var random = SplitMix64(seed: UInt64(collectionWidth))
        let cards = (0..<10_000).map { _ in
            Size(width: random.gridValue(in: 50...200), height: random.gridValue(in: 100...300))
        }
        let configuration = FlowLayoutConfiguration(
            sectionInset: EdgeInsets(top: 0, left: 5, bottom: 0, right: 5), minimumInteritemSpacing: 5,
            minimumLineSpacing: 5, headerHeight: 44, footerHeight: 30)
        let layout = FlowLayout(collectionWidth: collectionWidth, configuration: configuration)
        let result = try layout.layout([cards])
        FlowLayoutInvariants(layout: layout, sections: [cards], result: result).checkAll()
        #expect(result.elements.count == 10_002)
        #expect(try layout.layout([cards]) == result)
    }

    /// A million items in one pass: a recursive or quadratic layout would not finish (or
    /// would overflow the stack) here.
    @Test func aMillionItemsAreLaidOutInOrderWithoutOverlap() throws {
        var random = SplitMix64(seed: 7)
        let items = (0..<1_000_000).map { _ in
            Size(width: random.gridValue(in: 50...200), height: random.gridValue(in: 100...300))
        }
        let result = try FlowLayout(collectionWidth: 375).layout([items])
        #expect(result.elements.count == 1_000_000)
        var consecutiveOverlaps = 0
        for (a, b) in zip(result.elements, result.elements.dropFirst())
        where b.index != a.index + 1 || LayoutChecks.overlaps(a.frame, b.frame) {
            consecutiveOverlaps += 1
        }
        #expect(consecutiveOverlaps == 0)
        #expect(result.contentSize.height >= result.elements.last!.frame.maxY)
    }
}
