// A layout's result: elements in section order (header, items, footer), item numbers counted
// across sections, and the same value back from its Codable form.
import Foundation
import Geometry
import Testing

@testable import CollectionLayout

@Suite struct LayoutResultTests {
    /// Three sections of a grid with headers and footers, the middle one empty.
    private func sections() throws -> LayoutResult {
        let configuration = FlowLayoutConfiguration(headerHeight: 20, footerHeight: 6)
        let item = Size(width: 90, height: 40)
        return try FlowLayout(collectionWidth: 300, configuration: configuration).layout([[item, item, item, item], [], [item]])
    }

    @Test func elementsComeSectionBySectionHeaderItemsFooter() throws {
        let result = try sections()
        #expect(result.elements.map(\.kind) == [
            .header, .item, .item, .item, .item, .footer, .header, .footer, .header, .item, .footer,
        ])
        #expect(result.elements.map(\.section) == [0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 2])
        #expect(result.elements.map(\.index) == [0, 0, 1, 2, 3, 0, 0, 0, 0, 0, 0])
        #expect(result.contentSize.height == result.elements.map(\.frame.maxY).max())
    }

    @Test func itemNumbersCountItemsAcrossSectionsAndSkipSupplementaries() throws {
        #expect(try sections().itemNumbers == [nil, 0, 1, 2, 3, nil, nil, nil, nil, 4, nil])
        #expect(LayoutResult(elements: [], contentSize: .zero).itemNumbers.isEmpty)
    }

    @Test func aResultDecodesToItself() throws {
        let result = try sections()
        let data = try JSONEncoder().encode(result)
        #expect(try JSONDecoder().decode(LayoutResult.self, from: data) == result)
        // The kinds are written by their names.
        #expect(String(decoding: data, as: UTF8.self).contains(#""kind":"footer""#))
        #expect(ElementKind.allCases.map(\.rawValue) == ["item", "header", "footer"])
    }
}
