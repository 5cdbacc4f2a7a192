// A flow layout streamed in pages gives the whole layout's elements and content size.
import CatalogGenerator
import CollectionLayout
import Geometry
import Testing

@Suite struct FlowLayoutStreamTests {
    @Test(arguments: [1, 7, 64])
    func streamingInPagesIsTheWholeLayout(pageSize: Int) throws {
        var random = SplitMix64(seed: 11)
        let sections = (0..<4).map { section in
            (0..<(section == 2 ? 0 : 90)).map { _ in
                Size(width: random.gridValue(in: 20...180, scale: 2), height: random.gridValue(in: 10...90, scale: 2))
            }
        }
        var configuration = FlowLayoutConfiguration()
        configuration.sectionInset = EdgeInsets(all: 8)
        configuration.headerHeight = 20
        configuration.footerHeight = 6
        configuration.lastRowAlignment = .gridAligned
        var centred = configuration
        centred.verticalAlignment = .bottom
        let layout = FlowLayout(collectionWidth: 390, configuration: configuration, sectionConfigurations: [1: centred], displayScale: 3)
        var state = try layout.streamingState()
        var elements: [LayoutElement] = []
        for (section, sizes) in sections.enumerated() {
            try state.stream([], toSection: section, into: &elements)
            for start in stride(from: 0, to: sizes.count, by: pageSize) {
                try state.stream(Array(sizes[start..<min(start + pageSize, sizes.count)]), toSection: section, into: &elements)
            }
        }
        let contentSize = state.finish(into: &elements)
        let whole = try layout.layout(sections)
        #expect(elements == whole.elements)
        #expect(contentSize == whole.contentSize)
        #expect(state.placedRowCount > 0)
    }

    @Test func sectionsComeInOrder() throws {
        var state = try FlowLayout(collectionWidth: 300).streamingState()
        var elements: [LayoutElement] = []
        try state.stream([Size(width: 10, height: 10)], toSection: 2, into: &elements)
        #expect(throws: CollectionLayoutError.self) { try state.stream([], toSection: 1, into: &elements) }
    }

    @Test(arguments: [1, 5, 33])
    func appendingPagesToAGridIsTheWholeLayout(pageSize: Int) throws {
        var random = SplitMix64(seed: UInt64(pageSize))
        let cell = Size(width: 119, height: 229)
        var configuration = FlowLayoutConfiguration(sectionInset: EdgeInsets(all: 8), minimumInteritemSpacing: 8)
        configuration.footerHeight = 30
        let layout = FlowLayout(collectionWidth: 390, configuration: configuration, displayScale: 3)
        let first = [[cell, cell], (0..<5).map { _ in Size(width: 119, height: random.gridValue(in: 100...300, scale: 3)) }]
        var grid = try FlowAppender(layout: layout, sections: first)
        var last = first[1]
        for _ in 0..<12 {
            let page = (0..<pageSize).map { _ in Size(width: 119, height: random.gridValue(in: 100...300, scale: 3)) }
            try grid.appendChecked(page)
            last += page
            #expect(grid.result == (try layout.layout([first[0], last])))
        }
    }

    @Test func aFailedAppendLeavesTheGridAsItWas() throws {
        var grid = try FlowAppender(layout: FlowLayout(collectionWidth: 300), sections: [[Size(width: 100, height: 50)]])
        let before = grid.result
        #expect(throws: CollectionLayoutError.self) {
            try grid.append([Size(width: 100, height: 50), Size(width: 400, height: 50)])  // wider than the section
        }
        #expect(grid.result == before)
        #expect(throws: CollectionLayoutError.self) { try FlowAppender(layout: FlowLayout(collectionWidth: 300), sections: []) }
    }
}
