// What the section-based layouts share: sections taken in order, per-section options with the
// shared checks naming the section, and full-width headers and footers.
import Geometry
import Testing

@testable import CollectionLayout

@Suite struct SectionedLayoutTests {
    @Test func sectionsOpenInOrderAndNeverGoBack() throws {
        #expect(try SectionOrder.sectionsToOpen(upTo: 0, after: nil) == 0..<1)
        #expect(try SectionOrder.sectionsToOpen(upTo: 3, after: 1) == 2..<4)
        #expect(try SectionOrder.sectionsToOpen(upTo: 2, after: 2) == 3..<3)
        #expect(
            throws: CollectionLayoutError.invalidValue(
                field: "section", reason: "items come in section order: section 1 after section 2")
        ) { try SectionOrder.sectionsToOpen(upTo: 1, after: 2) }
    }

    @Test func aSectionWithoutItsOwnOptionsHasTheLayouts() {
        let narrow = WaterfallLayoutConfiguration(columnCount: 3, minimumColumnSpacing: 4)
        let layout = WaterfallLayout(collectionWidth: 300, configuration: WaterfallLayoutConfiguration(), sectionConfigurations: [2: narrow])
        #expect(layout.configuration(forSection: 2) == narrow)
        #expect(layout.configuration(forSection: 0) == layout.configuration)
        #expect(layout.configuration(forSection: 3) == layout.configuration)
        // Each present header and footer is one more element.
        var withFooter = FlowLayoutConfiguration(headerHeight: 10)
        withFooter.footerHeight = 4
        let grid = FlowLayout(collectionWidth: 300, sectionConfigurations: [1: withFooter])
        #expect(grid.elementCount(itemCounts: [3, 5, 0]) == 3 + 5 + 2 + 0)
    }

    @Test(arguments: [
        (FlowLayoutConfiguration(minimumLineSpacing: -1), "section 4 minimumLineSpacing"),
        (FlowLayoutConfiguration(headerHeight: .nan), "section 4 headerHeight"),
        (FlowLayoutConfiguration(footerHeight: -2), "section 4 footerHeight"),
        (FlowLayoutConfiguration(sectionInset: EdgeInsets(top: 0, left: 150, bottom: 0, right: 150)), "section 4 sectionInset"),
    ])
    func theSharedChecksNameTheSectionAndOption(configuration: FlowLayoutConfiguration, field: String) {
        #expect {
            _ = try configuration.checkedAvailableWidth(section: 4, collectionWidth: 300)
        } throws: { error in
            guard case CollectionLayoutError.invalidValue(let named, _) = error else { return false }
            return named.hasPrefix(field)
        }
    }

    @Test func theAvailableWidthIsBetweenTheInsets() throws {
        let configuration = FlowLayoutConfiguration(sectionInset: EdgeInsets(top: 5, left: 8, bottom: 5, right: 12))
        #expect(try configuration.checkedAvailableWidth(section: 0, collectionWidth: 300) == 280)
    }

    @Test func supplementariesSpanTheWidthAndAZeroHeightIsNone() {
        var elements: [LayoutElement] = []
        let below = elements.appendSupplementary(.header, section: 2, height: 20, at: 7, width: 300)
        #expect(below == 27)
        #expect(elements == [LayoutElement(kind: .header, section: 2, index: 0, frame: Rect(x: 0, y: 7, width: 300, height: 20))])
        #expect(elements.appendSupplementary(.footer, section: 2, height: 0, at: 27, width: 300) == 27)
        #expect(elements.count == 1)
    }
}
