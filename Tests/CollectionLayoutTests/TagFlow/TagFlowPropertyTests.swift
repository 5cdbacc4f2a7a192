// Tag flow layout on many seeded random inputs: the invariants hold, appends equal full
// layouts, output repeats, a million tags lay out without recursion.

import CatalogGenerator
import CollectionLayout
import Geometry
import Testing

@Suite struct TagFlowPropertyTests {
    /// A random section configuration on the half-point grid: insets, spacings, optional
    /// header and footer, both alignments.
    private func randomConfiguration(_ random: inout SplitMix64) -> TagFlowConfiguration {
        TagFlowConfiguration(
            sectionInset: EdgeInsets(
                top: random.gridValue(in: 0...20, scale: 2), left: random.gridValue(in: 0...30, scale: 2),
                bottom: random.gridValue(in: 0...20, scale: 2), right: random.gridValue(in: 0...30, scale: 2)),
            interitemSpacing: random.gridValue(in: 0...20, scale: 2),
            minimumLineSpacing: random.gridValue(in: 0...20, scale: 2),
            headerHeight: Bool.random(using: &random) ? random.gridValue(in: 1...60) : 0,
            footerHeight: Bool.random(using: &random) ? random.gridValue(in: 1...60) : 0,
            horizontalAlignment: TagFlowHorizontalAlignment.allCases.randomElement(using: &random)!,
            verticalAlignment: FlowVerticalAlignment.allCases.randomElement(using: &random)!)
    }

    /// A random tag flow of 1-4 sections of 0-200 tags; about one tag in twelve is wider
    /// than its section's insets allow.
    private func randomInput(_ random: inout SplitMix64) -> (TagFlowLayout, [[Size]]) {
        let width = random.gridValue(in: 200...1_200)
        var layout = TagFlowLayout(collectionWidth: width)
        var sections: [[Size]] = []
        for section in 0..<Int.random(in: 1...4, using: &random) {
            let configuration = randomConfiguration(&random)
            layout.sectionConfigurations[section] = configuration
            let maxWidth = (width - configuration.sectionInset.horizontal) * 1.1
            sections.append((0..<Int.random(in: 0...200, using: &random)).map { _ in
                Size(
                    width: random.gridValue(in: 1...maxWidth, scale: 2),
                    height: random.gridValue(in: 1...60, scale: 2))
            })
        }
        return (layout, sections)
    }

    @Test func randomTagsKeepEveryInvariant() throws {
        var random = SplitMix64(seed: 0)
        for _ in 0..<200 {
            let (layout, sections) = randomInput(&random)
            let result = try layout.layout(sections)
            TagFlowInvariants(layout: layout, sections: sections, result: result).checkAll()
        }
    }

    @Test func twoRunsGiveEqualResults() throws {
        var random = SplitMix64(seed: 1)
        for _ in 0..<50 {
            let (layout, sections) = randomInput(&random)
            #expect(try layout.layout(sections) == layout.layout(sections))
        }
    }

    /// The last section arrives in random chunks of 0-8 tags; after every append the result
    /// equals a full layout of the tags so far, and nothing before the returned index moved.
    @Test func appendingInChunksEqualsAFullLayoutAfterEveryAppend() throws {
        var random = SplitMix64(seed: 2)
        for _ in 0..<100 {
            let (layout, sections) = randomInput(&random)
            let tags = sections[sections.count - 1]
            var appended = 0
            var appender = try TagFlowAppender(layout: layout, sections: sections.dropLast() + [[]])
            while appended < tags.count {
                let chunk = Array(tags[appended..<min(tags.count, appended + Int.random(in: 0...8, using: &random))])
                let before = appender.result.elements
                let firstChanged = try appender.appendChecked(chunk).firstChangedIndex
                appended += chunk.count
                #expect(appender.result == (try layout.layout(sections.dropLast() + [Array(tags[..<appended])])))
                #expect(appender.result.elements[..<firstChanged] == before[..<firstChanged])
            }
        }
    }

    /// Seed 000's options on a 375-point phone; the references overflow the stack at 1,000-2,000.
    @Test(arguments: [TagFlowHorizontalAlignment.left, .justified])
    func aMillionTagsLayOutInOnePass(alignment: TagFlowHorizontalAlignment) throws {
        var random = SplitMix64(seed: 3)
        let tags = (0..<1_000_000).map { _ in Size(width: random.gridValue(in: 20...200), height: 28) }
        let layout = TagFlowLayout(collectionWidth: 375, configuration: TagFlowFixtures.seed000(horizontal: alignment))
        let result = try layout.layout([tags])
        #expect(result.elements.count == 1_000_000)
        #expect(result.elements.last?.index == 999_999)
        #expect(result.elements.allSatisfy { $0.frame.minX >= 10 && $0.frame.maxX <= 365 + LayoutChecks.tolerance })
        #expect(result.contentSize.height == result.elements.last!.frame.maxY + 10)
    }

    @Test func aMillionTagsAppendedInChunksEqualTheFullLayout() throws {
        var random = SplitMix64(seed: 4)
        let tags = (0..<1_000_000).map { _ in Size(width: random.gridValue(in: 20...200), height: 28) }
        let layout = TagFlowLayout(collectionWidth: 375, configuration: TagFlowFixtures.seed000(horizontal: .center))
        var appender = try TagFlowAppender(layout: layout, sections: [[]])
        for start in stride(from: 0, to: tags.count, by: 9_973) {
            try appender.append(Array(tags[start..<min(tags.count, start + 9_973)]))
        }
        #expect(appender.result == (try layout.layout([tags])))
    }
}
