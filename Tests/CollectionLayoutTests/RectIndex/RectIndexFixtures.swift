// Random layouts and query rects for the rect index tests, and the brute-force answer.

import CatalogGenerator
import CollectionLayout
import Geometry

/// Frames shaped like this module's layouts (waterfall, grid) or scattered at random, query
/// rects of every kind, and the linear filter the index must agree with.
enum RectIndexFixtures {
    /// The indices of the elements whose frames intersect `rect`, by testing every one.
    static func bruteForce(_ elements: [LayoutElement], _ rect: Rect) -> [Int] {
        elements.indices.filter { elements[$0].frame.intersects(rect) }
    }

    /// A waterfall of 1-3 sections, 2-4 columns: a full-width header, items placed in the
    /// shortest column (`shortestFirst`) or round the columns (else, so columns drift
    /// apart), a footer below the longest column. Widths on the point grid, heights 0-400.
    static func waterfall(_ random: inout SplitMix64, width: Double = 390, shortestFirst: Bool) -> [LayoutElement] {
        var elements: [LayoutElement] = []
        var top = 0.0
        for section in 0..<Int.random(in: 1...3, using: &random) {
            let columnCount = Int.random(in: 2...4, using: &random)
            let itemWidth = ((width - Double(columnCount - 1) * 10) / Double(columnCount)).rounded(.down)
            let header = Rect(x: 0, y: top, width: width, height: 44)
            elements.append(LayoutElement(kind: .header, section: section, index: 0, frame: header))
            var columns = Array(repeating: top + 44, count: columnCount)
            for item in 0..<Int.random(in: 0...400, using: &random) {
                let column = shortestFirst ? columns.indices.min { columns[$0] < columns[$1] }! : item % columnCount
                let height = random.gridValue(in: 0...400)
                let frame = Rect(x: Double(column) * (itemWidth + 10), y: columns[column], width: itemWidth, height: height)
                elements.append(LayoutElement(kind: .item, section: section, index: item, frame: frame))
                columns[column] = frame.maxY + 10
            }
            top = columns.max()!
            let footer = Rect(x: 0, y: top, width: width, height: 30)
            elements.append(LayoutElement(kind: .footer, section: section, index: 0, frame: footer))
            top += 30
        }
        return elements
    }

    /// A grid of 1-5 columns: rows as tall as their tallest item, shorter items centred
    /// on the row (so top edges do not grow in element order), 10 points between rows.
    static func grid(_ random: inout SplitMix64, width: Double = 390, count: Int) -> [LayoutElement] {
        let columnCount = Int.random(in: 1...5, using: &random)
        let cellWidth = width / Double(columnCount)
        var elements: [LayoutElement] = []
        var rowTop = 0.0
        for rowStart in stride(from: 0, to: count, by: columnCount) {
            let heights = (rowStart..<min(rowStart + columnCount, count)).map { _ in random.gridValue(in: 20...300) }
            let rowHeight = heights.max()!
            for (column, height) in heights.enumerated() {
                let frame = Rect(
                    x: Double(column) * cellWidth, y: rowTop + (rowHeight - height) / 2, width: cellWidth, height: height)
                elements.append(LayoutElement(kind: .item, section: 0, index: rowStart + column, frame: frame))
            }
            rowTop += rowHeight + 10
        }
        return elements
    }

    /// `count` frames anywhere in 1000 x 5000 points, in no order, sized 0-600 (some zero
    /// width or height), overlapping freely.
    static func scattered(_ random: inout SplitMix64, count: Int) -> [LayoutElement] {
        (0..<count).map { item in
            let frame = Rect(
                x: random.gridValue(in: 0...1_000), y: random.gridValue(in: 0...5_000),
                width: Bool.random(using: &random) ? 0 : random.gridValue(in: 0...600),
                height: Int.random(in: 0..<8, using: &random) == 0 ? 0 : random.gridValue(in: 0...600))
            return LayoutElement(kind: .item, section: 0, index: item, frame: frame)
        }
    }

    /// A query rect over content `bounds`: screen-sized and full-width, zero-size, small,
    /// snapped to an element's edges, at or past the content's edges, or covering it all.
    static func query(_ random: inout SplitMix64, elements: [LayoutElement], bounds: Rect) -> Rect {
        let y = Double.random(in: bounds.minY - 900...bounds.maxY + 100, using: &random)
        let x = Double.random(in: bounds.minX - 50...bounds.maxX + 50, using: &random)
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return Rect(x: bounds.minX, y: y.rounded(), width: bounds.width, height: 812)
        case 1: return Rect(x: x, y: y, width: Double.random(in: 0...400, using: &random), height: 844)
        case 2: return Rect(x: x, y: y, width: 0, height: 0)
        case 3: return Rect(x: x, y: y, width: random.gridValue(in: 0...60), height: random.gridValue(in: 0...60))
        case 4: return snappedToEdges(of: elements.randomElement(using: &random)?.frame ?? .zero, &random)
        case 5:
            let edge = [bounds.minY - 10, bounds.minY, bounds.maxY].randomElement(using: &random)!
            return Rect(x: bounds.minX, y: edge, width: bounds.width, height: [0, 10].randomElement(using: &random)!)
        case 6: return Rect(x: bounds.minX - 1, y: bounds.minY - 1, width: bounds.width + 2, height: bounds.height + 2)
        default: return Rect(x: bounds.minX, y: y, width: bounds.width, height: Double.random(in: 0...3_000, using: &random))
        }
    }

    /// A zero-size or thin rect lying on an edge or corner of `frame`.
    static func snappedToEdges(of frame: Rect, _ random: inout SplitMix64) -> Rect {
        let x = [frame.minX, frame.maxX, frame.minX + frame.width / 2].randomElement(using: &random)!
        let y = [frame.minY, frame.maxY, frame.midY].randomElement(using: &random)!
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return Rect(x: x, y: y, width: 0, height: 0)
        case 1: return Rect(x: 0, y: y, width: 2_000, height: 0)  // a line along a top or bottom edge
        default: return Rect(x: x - 5, y: frame.maxY, width: 10, height: 100)  // starting on the bottom edge
        }
    }

    /// The union of the frames (zero when there are none).
    static func bounds(_ elements: [LayoutElement]) -> Rect {
        guard let first = elements.first?.frame else { return .zero }
        let union = elements.reduce((first.minX, first.minY, first.maxX, first.maxY)) { box, element in
            (min(box.0, element.frame.minX), min(box.1, element.frame.minY),
             max(box.2, element.frame.maxX), max(box.3, element.frame.maxY))
        }
        return Rect(x: union.0, y: union.1, width: union.2 - union.0, height: union.3 - union.1)
    }
}
