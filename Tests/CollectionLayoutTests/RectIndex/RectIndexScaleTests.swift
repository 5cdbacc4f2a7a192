// Rect index at catalog scale: a million elements, and query costs held to the guarantee.

import CatalogGenerator
import CollectionLayout
import Geometry
import Testing

@Suite struct RectIndexScaleTests {
    /// `count` items in 3 columns of a 390-point collection, placed round the columns so
    /// the columns drift apart, heights 100-300; a full-width header first and then every
    /// `sectionLength` items, where the columns restart level.
    private func driftingWaterfall(count: Int, sectionLength: Int, seed: UInt64) -> [LayoutElement] {
        var random = SplitMix64(seed: seed)
        var elements: [LayoutElement] = []
        elements.reserveCapacity(count + count / sectionLength + 1)
        var columns = [0.0, 0.0, 0.0]
        for item in 0..<count {
            if item % sectionLength == 0 {
                let top = columns.max()!
                let header = Rect(x: 0, y: top, width: 390, height: 44)
                elements.append(LayoutElement(kind: .header, section: item / sectionLength, index: 0, frame: header))
                columns = Array(repeating: top + 54, count: 3)
            }
            let column = item % 3
            let height = Double(100 + random.next() % 201)
            let frame = Rect(x: Double(column) * 130, y: columns[column], width: 125, height: height)
            let (section, index) = item.quotientAndRemainder(dividingBy: sectionLength)
            elements.append(LayoutElement(kind: .item, section: section, index: index, frame: frame))
            columns[column] += height + 5
        }
        return elements
    }

    /// Checks that a query for `rect` examines no more entries than the guarantee allows
    /// with H = `maxItemHeight`: 16 + (16/15)·m + 16·(levels - 1)·(3 + t), where m counts
    /// the frames whose top lies in `rect.minY - H ... rect.maxY` and t the frames taller
    /// than H meeting the rect's vertical span.
    private func expectCostWithinGuarantee(_ index: RectIndex, _ rect: Rect, maxItemHeight: Double) {
        let frames = index.elements.map(\.frame)
        let m = frames.count { $0.minY >= rect.minY - maxItemHeight && $0.minY <= rect.maxY }
        let t = frames.count { $0.height > maxItemHeight && $0.minY <= rect.maxY && $0.maxY >= rect.minY }
        let bound = 16 + 2 * m + 16 * (index.treeLevelCount - 1) * (3 + t)
        #expect(index.examinedEntryCount(in: rect) <= bound, "\(rect): m \(m), t \(t)")
    }

    @Test func aMillionElementsAnswerLikeTheBruteForceFilterAtBoundedCost() {
        var elements = driftingWaterfall(count: 1_000_000, sectionLength: 1_000, seed: 1)
        let contentHeight = elements.map(\.frame.maxY).max()!
        // A frame spanning the whole content, as a section background would, mid-list.
        elements.insert(LayoutElement(kind: .item, section: 0, index: 0, frame: Rect(
            x: 0, y: 0, width: 390, height: contentHeight)), at: 500_000)
        let index = RectIndex(elements: elements)
        #expect(index.elements.count == 1_001_001)
        #expect(index.treeLevelCount == 5)
        var random = SplitMix64(seed: 2)
        let screenTops = [0, contentHeight - 844] + (0..<4).map { _ in Double.random(in: 0...contentHeight, using: &random) }
        let rects = screenTops.map { Rect(x: 0, y: $0, width: 390, height: 844) }
            + [Rect(x: 200, y: contentHeight / 3, width: 0, height: 0)]
        for rect in rects {
            let hits = index.elementIndices(in: rect)
            #expect(hits == RectIndexFixtures.bruteForce(elements, rect), "\(rect)")
            #expect(hits.contains(500_000))
            expectCostWithinGuarantee(index, rect, maxItemHeight: 300)
        }
    }

    /// One section of 100,000 items whose columns drift thousands of points apart, under a
    /// frame spanning it all: a prefix maximum of bottom edges would scan from the spanning
    /// frame on, a walk in element order across the drift; the tree does neither.
    @Test func aSpanningFrameAndDriftingColumnsCostOnlyTheirOwnBlocks() {
        var elements = driftingWaterfall(count: 100_000, sectionLength: 100_000, seed: 3)
        let contentHeight = elements.map(\.frame.maxY).max()!
        elements.insert(LayoutElement(kind: .item, section: 0, index: 0, frame: Rect(
            x: 0, y: 0, width: 390, height: contentHeight)), at: 0)
        let index = RectIndex(elements: elements)
        var random = SplitMix64(seed: 4)
        for _ in 0..<50 {
            let rect = Rect(x: 0, y: Double.random(in: 0...contentHeight, using: &random), width: 390, height: 844)
            expectCostWithinGuarantee(index, rect, maxItemHeight: 300)
            #expect(index.examinedEntryCount(in: rect) < 400)  // of 100,101 frames
        }
    }
}
