// The rules every waterfall result must keep, checked from the input and the frames alone.

import CollectionLayout
import Geometry
import Testing

/// Checks a waterfall layout's result against its self-sized input, rule by rule, with `#expect`.
struct WaterfallLayoutInvariants {
    let layout: WaterfallLayout
    let heights: [[Double]]
    let result: LayoutResult

    private var tolerance: Double { LayoutChecks.tolerance }

    /// Runs every check.
    func checkAll() throws {
        checkElementOrder()
        checkNoOverlap()
        checkInsideContent()
        for section in heights.indices {
            try checkSection(section)
        }
    }

    /// Header, items in order, footer, section by section: nothing dropped or added.
    func checkElementOrder() {
        var expected: [String] = []
        for (section, items) in heights.enumerated() {
            let configuration = layout.configuration(forSection: section)
            if configuration.headerHeight > 0 { expected.append("header \(section) 0") }
            expected += items.indices.map { "item \(section) \($0)" }
            if configuration.footerHeight > 0 { expected.append("footer \(section) 0") }
        }
        #expect(result.elements.map { "\($0.kind.rawValue) \($0.section) \($0.index)" } == expected)
    }

    /// No two elements of any kind share area.
    func checkNoOverlap() {
        let overlap = LayoutChecks.firstOverlap(result.elements.map(\.frame))
        #expect(overlap == nil, "overlapping frames: \(String(describing: overlap))")
    }

    /// Every frame lies inside the content, which is as wide as the collection and at least
    /// the minimum height.
    func checkInsideContent() {
        let size = result.contentSize
        let outside = result.elements.filter {
            $0.frame.minX < -tolerance || $0.frame.minY < -tolerance
                || $0.frame.maxX > size.width + tolerance || $0.frame.maxY > size.height + tolerance
        }
        #expect(outside.isEmpty, "outside the content: \(outside.prefix(3))")
        #expect(result.contentSize.width == layout.collectionWidth)
        #expect(result.contentSize.height >= layout.minimumContentHeight)
    }

    /// Sizes, columns, the column rule at every step, and the header and footer of one section.
    func checkSection(_ section: Int) throws {
        let configuration = layout.configuration(forSection: section)
        let elements = result.elements.filter { $0.section == section }
        let items = elements.filter { $0.kind == .item }.map(\.frame)
        let columnWidth = try layout.columnWidth(forSection: section)
        #expect(items.map(\.height) == heights[section])
        #expect(items.allSatisfy { $0.width == columnWidth })
        let columns = items.map { column(of: $0, columnWidth: columnWidth, configuration: configuration) }
        checkColumnRule(items, columns: columns, configuration: configuration)
        let header = elements.first { $0.kind == .header }?.frame
        let footer = elements.first { $0.kind == .footer }?.frame
        if let header, let first = items.first {
            #expect(LayoutChecks.close(
                first.minY, header.maxY + configuration.headerInset.bottom + configuration.sectionInset.top))
        }
        if let header, let footer { #expect(footer.minY >= header.maxY) }
        if let footer, let itemsBottom = items.map(\.maxY).max() {
            let expected = itemsBottom + configuration.sectionInset.bottom + configuration.footerInset.top
            #expect(LayoutChecks.close(footer.minY, expected))
        }
    }

    /// The column a frame stands in, from its x; records an issue if x is not a column's.
    private func column(of frame: Rect, columnWidth: Double, configuration: WaterfallLayoutConfiguration) -> Int {
        let pitch = columnWidth + configuration.minimumColumnSpacing
        let column = Int(((frame.minX - configuration.sectionInset.left) / pitch).rounded())
        #expect(LayoutChecks.close(frame.minX, configuration.sectionInset.left + pitch * Double(column)))
        #expect((0..<configuration.columnCount).contains(column))
        return column
    }

    /// Each item went to the column its direction names (for `.shortestFirst`, a column that
    /// ended highest when it was placed, the first on ties) and sits right below that
    /// column's previous item.
    private func checkColumnRule(_ items: [Rect], columns: [Int], configuration: WaterfallLayoutConfiguration) {
        guard let contentTop = items.first?.minY else { return }
        let count = configuration.columnCount
        var nextY = Array(repeating: contentTop, count: count)
        var broken: [Int] = []
        for (index, (frame, column)) in zip(items, columns).enumerated() {
            guard nextY.indices.contains(column) else {
                broken.append(index)
                continue
            }
            let expectedColumn = switch layout.itemRenderDirection {
            case .shortestFirst: nextY.firstIndex(of: nextY.min()!)!
            case .leftToRight: index % count
            case .rightToLeft: count - 1 - index % count
            }
            if column != expectedColumn || frame.minY != nextY[column] { broken.append(index) }
            nextY[column] = frame.maxY + configuration.minimumInteritemSpacing
        }
        #expect(broken.isEmpty, "items placed against the column rule: \(broken.prefix(10))")
    }
}
