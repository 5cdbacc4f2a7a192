// Rect index on hand-made layouts: edges, empty and outside rects, spanning and tall frames, order.

import CollectionLayout
import Geometry
import Testing

@Suite struct RectIndexTests {
    /// Four 100 x 100 cells in a 2 x 2 grid with 10-point gaps, under a 44-point header.
    private let cells: [LayoutElement] = [
        LayoutElement(kind: .header, section: 0, index: 0, frame: Rect(x: 0, y: 0, width: 210, height: 44)),
        LayoutElement(kind: .item, section: 0, index: 0, frame: Rect(x: 0, y: 44, width: 100, height: 100)),
        LayoutElement(kind: .item, section: 0, index: 1, frame: Rect(x: 110, y: 44, width: 100, height: 100)),
        LayoutElement(kind: .item, section: 0, index: 2, frame: Rect(x: 0, y: 154, width: 100, height: 100)),
        LayoutElement(kind: .item, section: 0, index: 3, frame: Rect(x: 110, y: 154, width: 100, height: 100)),
    ]

    @Test func touchingEdgesCount() {
        let index = RectIndex(elements: cells)
        // The gap column 100...110: its edges touch cells 0-3 (and the header's bottom edge at y 44).
        #expect(index.elementIndices(in: Rect(x: 100, y: 44, width: 10, height: 210)) == [0, 1, 2, 3, 4])
        // The row gap 144...154 touches the bottom of row 0 and the top of row 1.
        #expect(index.elementIndices(in: Rect(x: 0, y: 144, width: 210, height: 10)) == [1, 2, 3, 4])
        // A rect ending exactly on the header's bottom edge meets the header and the first row.
        #expect(index.elementIndices(in: Rect(x: 0, y: 0, width: 210, height: 44)) == [0, 1, 2])
        #expect(index.elementIndices(in: Rect(x: 100.5, y: 144.5, width: 9, height: 9)).isEmpty)
    }

    @Test func aZeroSizeRectFindsTheFramesContainingItsPoint() {
        let index = RectIndex(elements: cells)
        #expect(index.elementIndices(in: Rect(x: 50, y: 100, width: 0, height: 0)) == [1])
        #expect(index.elementIndices(in: Rect(x: 105, y: 100, width: 0, height: 0)).isEmpty)
        #expect(index.elementIndices(in: Rect(x: 100, y: 144, width: 0, height: 0)) == [1])
        #expect(index.elementIndices(in: Rect(x: 110, y: 44, width: 0, height: 0)) == [0, 2])
    }

    @Test func rectsOutsideTheContentFindNothing() {
        let index = RectIndex(elements: cells)
        for outside in [
            Rect(x: 0, y: -100, width: 210, height: 99.5), Rect(x: 0, y: 254.5, width: 210, height: 800),
            Rect(x: 211, y: 0, width: 100, height: 300), Rect(x: -50, y: 0, width: 49, height: 300),
        ] {
            #expect(index.elementIndices(in: outside).isEmpty, "\(outside)")
        }
        #expect(RectIndex(elements: []).elementIndices(in: Rect(x: 0, y: 0, width: 1_000, height: 1_000)).isEmpty)
    }

    @Test func aHeaderSpanningTheWidthIsFoundFromEitherSide() {
        let index = RectIndex(elements: cells)
        #expect(index.elementIndices(in: Rect(x: 200, y: 10, width: 5, height: 5)) == [0])
        #expect(index.elementIndices(in: Rect(x: 0, y: 10, width: 5, height: 5)) == [0])
        #expect(index.elementIndices(in: Rect(x: 200, y: 50, width: 5, height: 5)) == [2])
    }

    @Test func aVeryTallFrameIsFoundWhereverTheRectIs() {
        // 3,000 rows of two cells, and in the middle of the elements a frame spanning them all.
        var elements = (0..<6_000).map { item in
            LayoutElement(kind: .item, section: 0, index: item, frame: Rect(
                x: Double(item % 2) * 110, y: Double(item / 2) * 110, width: 100, height: 100))
        }
        let spanning = Rect(x: 0, y: 0, width: 210, height: 330_000)
        let background = LayoutElement(kind: .item, section: 1, index: 0, frame: spanning)
        elements.insert(background, at: 3_000)
        let index = RectIndex(elements: elements)
        #expect(index.elementIndices(in: Rect(x: 0, y: 329_885, width: 210, height: 100)) == [3_000, 5_999, 6_000])
        #expect(index.elementIndices(in: Rect(x: 0, y: 50, width: 210, height: 0)) == [0, 1, 3_000])
        #expect(index.elementIndices(in: Rect(x: 102, y: 5_000, width: 2, height: 2)) == [3_000])
        #expect(index.elementIndices(in: Rect(x: 0, y: 330_001, width: 210, height: 100)).isEmpty)
    }

    @Test func resultsComeInElementOrderWhateverThePositions() throws {
        // Elements listed bottom to top, and a right-to-left row in the middle.
        let frames = [
            Rect(x: 0, y: 300, width: 50, height: 50), Rect(x: 60, y: 200, width: 50, height: 50),
            Rect(x: 0, y: 200, width: 50, height: 60), Rect(x: 0, y: 0, width: 200, height: 400),
            Rect(x: 0, y: 100, width: 50, height: 50),
        ]
        let elements = frames.enumerated().map {
            LayoutElement(kind: .item, section: 0, index: $0.offset, frame: $0.element)
        }
        let index = RectIndex(LayoutResult(elements: elements, contentSize: Size(width: 200, height: 400)))
        let everything = Rect(x: 0, y: 0, width: 200, height: 400)
        #expect(index.elementIndices(in: everything) == [0, 1, 2, 3, 4])
        #expect(index.elements(in: everything) == elements)
        var visited: [Int] = []
        index.forEachElementIndex(in: Rect(x: 0, y: 120, width: 60, height: 100)) { visited.append($0) }
        #expect(visited == [1, 2, 3, 4])
    }

    @Test func identicalFramesAreAllReported() {
        let frame = Rect(x: 10, y: 10, width: 10, height: 10)
        let elements = (0..<40).map { LayoutElement(kind: .item, section: 0, index: $0, frame: frame) }
        #expect(RectIndex(elements: elements).elementIndices(in: frame) == Array(0..<40))
    }

    @Test func framesWithNaNEdgesAreNeverReportedAndHideNothing() {
        var elements = cells
        let noTop = Rect(x: 0, y: .nan, width: 10, height: 10), noBottom = Rect(x: 0, y: 0, width: 10, height: .nan)
        elements.insert(LayoutElement(kind: .item, section: 0, index: 9, frame: noTop), at: 2)
        elements.append(LayoutElement(kind: .item, section: 0, index: 10, frame: noBottom))
        let index = RectIndex(elements: elements)
        let everything = Rect(x: -1, y: -1, width: 300, height: 300)
        #expect(index.elementIndices(in: everything) == [0, 1, 3, 4, 5])
        #expect(index.elementIndices(in: Rect(x: 0, y: 0, width: .nan, height: 10)).isEmpty)
    }

    @Test func rectsWithNegativeSizeFollowRectIntersects() {
        let index = RectIndex(elements: cells)
        for rect in [Rect(x: 210, y: 254, width: -100, height: -100), Rect(x: 50, y: 150, width: 10, height: -20)] {
            #expect(index.elementIndices(in: rect) == RectIndexFixtures.bruteForce(cells, rect), "\(rect)")
        }
    }

    @Test func aThrowingBodyStopsTheWalk() {
        struct Stop: Error {}
        let index = RectIndex(elements: cells)
        var visited: [Int] = []
        #expect(throws: Stop.self) {
            try index.forEachElementIndex(in: Rect(x: 0, y: 0, width: 210, height: 254)) { (element) throws(Stop) in
                visited.append(element)
                if element == 2 { throw Stop() }
            }
        }
        #expect(visited == [0, 1, 2])
    }
}
