// The rules every tag flow result must keep, checked from the input and the frames alone.

import CollectionLayout
import Geometry
import Testing

/// Checks a tag flow layout's result against its input, rule by rule, with `#expect`.
///
/// Exact comparisons assume sizes, insets and spacings on a half-point grid, where sums,
/// halves and quarters are exact in binary floating point; only justified gaps (a division
/// by the gap count) get a tolerance.
struct TagFlowInvariants {
    let layout: TagFlowLayout
    let sections: [[Size]]
    let result: LayoutResult

    private var tolerance: Double { LayoutChecks.tolerance }

    /// Runs every check.
    func checkAll() {
        checkElementOrder()
        let overlap = LayoutChecks.firstOverlap(result.elements.map(\.frame))
        #expect(overlap == nil, "overlapping frames: \(String(describing: overlap))")
        checkContentHeight()
        for section in sections.indices {
            checkSection(section)
        }
    }

    /// Header, items in order, footer, section by section: nothing dropped or added.
    private func checkElementOrder() {
        var expected: [String] = []
        for (section, sizes) in sections.enumerated() {
            let configuration = layout.configuration(forSection: section)
            if configuration.headerHeight > 0 { expected.append("header \(section) 0") }
            expected += sizes.indices.map { "item \(section) \($0)" }
            if configuration.footerHeight > 0 { expected.append("footer \(section) 0") }
        }
        #expect(TagFlowFixtures.kinds(result) == expected)
    }

    /// The content ends at the last element, or the last row's bottom inset below it.
    private func checkContentHeight() {
        guard let last = sections.indices.last, let lastElement = result.elements.last else { return }
        let configuration = layout.configuration(forSection: last)
        let belowLast = lastElement.kind == .item ? configuration.sectionInset.bottom : 0
        if lastElement.kind != .header {
            let lowest = result.elements.filter { $0.section == last }.map(\.frame.maxY).max()!
            #expect(result.contentSize.height == lowest + belowLast)
        }
        #expect(result.contentSize.width == layout.collectionWidth)
    }

    /// Sizes (clamped to the insets), bounds, alignment, row filling and spacing in a section.
    private func checkSection(_ section: Int) {
        let configuration = layout.configuration(forSection: section)
        let left = configuration.sectionInset.left
        let right = layout.collectionWidth - configuration.sectionInset.right
        let frames = LayoutChecks.itemFrames(result, section: section)
        let clamped = sections[section].map { Size(width: min($0.width, right - left), height: $0.height) }
        #expect(frames.map(\.size) == clamped)
        #expect(frames.allSatisfy { $0.minX >= left - tolerance && $0.maxX <= right + tolerance })
        let rows = LayoutChecks.rows(frames)
        for (index, row) in rows.enumerated() {
            #expect(row.last!.maxX - row[0].minX <= right - left + tolerance)
            checkHorizontalAlignment(row, configuration, isLastRow: index == rows.count - 1, left: left, right: right)
            checkVerticalAlignment(row, configuration.verticalAlignment)
            guard index + 1 < rows.count else { continue }
            let next = rows[index + 1]
            let used = row.map(\.width).reduce(0, +) + configuration.interitemSpacing * Double(row.count - 1)
            #expect(used + configuration.interitemSpacing + next[0].width > right - left)  // next did not fit
            #expect(next.map(\.minY).min()! == row.map(\.maxY).max()! + configuration.minimumLineSpacing)
        }
    }

    /// Exact gaps and the alignment's edges; justified rows touch both insets.
    private func checkHorizontalAlignment(
        _ row: [Rect], _ configuration: TagFlowConfiguration, isLastRow: Bool, left: Double, right: Double
    ) {
        let gaps = zip(row, row.dropFirst()).map { $1.minX - $0.maxX }
        let spacing = configuration.interitemSpacing
        switch configuration.horizontalAlignment {
        case .left:
            #expect(row[0].minX == left && gaps.allSatisfy { $0 == spacing })
        case .right:
            #expect(row.last!.maxX == right && gaps.allSatisfy { $0 == spacing })
        case .center:
            #expect(row[0].minX - left == right - row.last!.maxX && gaps.allSatisfy { $0 == spacing })
        case .justified where isLastRow:
            #expect(row[0].minX == left && gaps.allSatisfy { $0 == spacing })
        case .justified where row.count == 1:
            #expect(row[0].minX - left == right - row[0].maxX)
        case .justified:
            #expect(row[0].minX == left && LayoutChecks.close(row.last!.maxX, right))
            #expect(gaps.allSatisfy { $0 >= spacing - tolerance && LayoutChecks.close($0, gaps[0]) })
        }
    }

    /// Tags share a top edge, midline or bottom edge, as configured.
    private func checkVerticalAlignment(_ row: [Rect], _ alignment: FlowVerticalAlignment) {
        let edge: (Rect) -> Double = switch alignment {
        case .top: \.minY
        case .center: \.midY
        case .bottom: \.maxY
        }
        #expect(row.allSatisfy { edge($0) == edge(row[0]) })
    }
}
