// The rules every flow layout result must keep, checked from the input and the frames alone.

import CollectionLayout
import Geometry
import Testing

/// Checks a flow layout's result against its input, rule by rule, with `#expect`.
struct FlowLayoutInvariants {
    let layout: FlowLayout
    let sections: [[Size]]
    let result: LayoutResult

    private var tolerance: Double { LayoutChecks.tolerance }
    /// One pixel when positions are rounded to a display scale, else nothing.
    private var pixel: Double { layout.displayScale.map { 1 / $0 } ?? 0 }

    /// Runs every check.
    func checkAll() {
        checkElementOrder()
        checkNoOverlap()
        checkContentHeight()
        for section in sections.indices {
            checkSection(section)
        }
    }

    /// Header, items in order, footer, section by section: nothing dropped or added.
    func checkElementOrder() {
        var expected: [String] = []
        for (section, sizes) in sections.enumerated() {
            let configuration = layout.configuration(forSection: section)
            if configuration.headerHeight > 0 { expected.append("header \(section) 0") }
            expected += sizes.indices.map { "item \(section) \($0)" }
            if configuration.footerHeight > 0 { expected.append("footer \(section) 0") }
        }
        let actual = result.elements.map { "\($0.kind.rawValue) \($0.section) \($0.index)" }
        #expect(actual.count == expected.count)
        #expect(actual == expected)
    }

    /// No two elements of any kind share area.
    func checkNoOverlap() {
        let overlap = LayoutChecks.firstOverlap(result.elements.map(\.frame))
        #expect(overlap == nil, "overlapping frames: \(String(describing: overlap))")
    }

    /// The content ends at the last section's lowest item + bottom inset + footer.
    func checkContentHeight() {
        guard let last = sections.indices.last, !sections[last].isEmpty else { return }
        let configuration = layout.configuration(forSection: last)
        let lowestItemBottom = LayoutChecks.itemFrames(result, section: last).map(\.maxY).max()!
        let expected = lowestItemBottom + configuration.sectionInset.bottom + configuration.footerHeight
        #expect(LayoutChecks.close(result.contentSize.height, expected))
        #expect(result.contentSize.width == layout.collectionWidth)
    }

    /// Sizes kept, bounds, gaps, row filling and row spacing within one section.
    func checkSection(_ section: Int) {
        let frames = LayoutChecks.itemFrames(result, section: section)
        #expect(frames.map(\.size) == sections[section])
        let configuration = layout.configuration(forSection: section)
        let left = configuration.sectionInset.left
        let right = layout.collectionWidth - configuration.sectionInset.right
        #expect(frames.allSatisfy { $0.minX >= left - tolerance && $0.maxX <= right + tolerance })
        let rows = LayoutChecks.rows(frames)
        for (index, row) in rows.enumerated() {
            checkGaps(row, configuration: configuration, isLastRow: index == rows.count - 1, left: left, right: right)
            checkVerticalAlignment(row, configuration: configuration)
            guard index + 1 < rows.count else { continue }
            checkRowWasFull(
                row, next: rows[index + 1], spacing: configuration.minimumInteritemSpacing, available: right - left)
            let rowBottom = row.map(\.maxY).max()!
            let nextTop = rows[index + 1].map(\.minY).min()!
            #expect(nextTop >= rowBottom + configuration.minimumLineSpacing - tolerance)
        }
    }

    /// At least the minimum gap; full rows touch both insets; a left-aligned last row starts
    /// at the inset with exactly the minimum gap.
    private func checkGaps(
        _ row: [Rect], configuration: FlowLayoutConfiguration, isLastRow: Bool, left: Double, right: Double
    ) {
        let gaps = zip(row, row.dropFirst()).map { $1.minX - $0.maxX }
        #expect(gaps.allSatisfy { $0 >= configuration.minimumInteritemSpacing - tolerance })
        if isLastRow && configuration.lastRowAlignment == .left {
            #expect(LayoutChecks.close(row[0].minX, left))
            #expect(gaps.allSatisfy { LayoutChecks.close($0, configuration.minimumInteritemSpacing) })
        } else if !isLastRow && row.count > 1 {
            #expect(LayoutChecks.close(row[0].minX, left) && LayoutChecks.close(row.last!.maxX, right))
        } else if !isLastRow {
            #expect(abs((row[0].minX - left) - (right - row[0].maxX)) <= pixel + tolerance)  // centred
        }
    }

    /// The next row's first item would not have fitted at the end of this row.
    private func checkRowWasFull(_ row: [Rect], next: [Rect], spacing: Double, available: Double) {
        let used = row.map(\.width).reduce(0, +) + spacing * Double(row.count - 1)
        #expect(used + spacing + next[0].width > available - tolerance)
    }

    /// Items share a top edge, midline or bottom edge, as configured.
    private func checkVerticalAlignment(_ row: [Rect], configuration: FlowLayoutConfiguration) {
        let edge: (Rect) -> Double = switch configuration.verticalAlignment {
        case .top: \.minY
        case .center: \.midY
        case .bottom: \.maxY
        }
        #expect(row.allSatisfy { abs(edge($0) - edge(row[0])) <= pixel + tolerance })
    }
}
