// Filling one waterfall section's columns item by item: the running state an append continues.

import Geometry

/// The columns of the section being filled: where each column's next item goes.
///
/// This is CHT's `columnHeights` for one section, plus what its footer needs. Placing an
/// item depends on nothing but this value, so a layout can stop after any item and go on
/// later with the same numbers as if it had never stopped.
struct WaterfallColumns: Sendable, Hashable {
    let metrics: WaterfallSectionMetrics
    /// Where the section's items start: below the header, its bottom inset and `sectionInset.top`.
    let contentTop: Double
    /// The y of each column's next item: its last item's `maxY + minimumInteritemSpacing`,
    /// or `contentTop` while it is empty.
    private(set) var nextItemY: [Double]
    /// The items placed so far, so the next one's index within its section.
    private(set) var itemCount = 0

    init(metrics: WaterfallSectionMetrics, contentTop: Double) {
        self.metrics = metrics
        self.contentTop = contentTop
        self.nextItemY = Array(repeating: contentTop, count: metrics.configuration.columnCount)
    }

    /// The bottom of the section's items, where its bottom inset starts: CHT's
    /// `longestColumn - minimumInteritemSpacing`, or `contentTop` while the section has no
    /// item (CHT subtracts the spacing there too, lifting the footer above the header).
    var itemsBottom: Double {
        guard itemCount > 0 else { return contentTop }
        return nextItemY.max()! - metrics.configuration.minimumInteritemSpacing
    }

    /// Places `items` after those already placed, appending one element each to `elements`.
    ///
    /// Throws ``CollectionLayoutError/invalidItemSize(section:index:size:)`` for the first
    /// invalid height or reference size; the items before it are placed by then.
    ///
    /// - Complexity: O(k · c) for k items and c columns with `.shortestFirst`, O(k) otherwise.
    mutating func place(
        _ items: WaterfallItems, direction: WaterfallItemRenderDirection, into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) {
        switch items {
        case .heights(let heights):
            for height in heights {
                let checked = try metrics.checkedHeight(height, index: itemCount)
                placeItem(height: checked, direction: direction, into: &elements)
            }
        case .referenceSizes(let sizes):
            for size in sizes {
                let scaled = try metrics.scaledHeight(reference: size, index: itemCount)
                placeItem(height: scaled, direction: direction, into: &elements)
            }
        }
    }

    /// Puts the next item, `height` tall, into its column and moves that column down.
    private mutating func placeItem(
        height: Double, direction: WaterfallItemRenderDirection, into elements: inout [LayoutElement]
    ) {
        let column = nextColumn(direction: direction)
        let frame = Rect(x: metrics.columnX[column], y: nextItemY[column], width: metrics.itemWidth, height: height)
        elements.append(LayoutElement(kind: .item, section: metrics.section, index: itemCount, frame: frame))
        nextItemY[column] = frame.maxY + metrics.configuration.minimumInteritemSpacing
        itemCount += 1
    }

    /// The column the next item goes into under `direction`.
    private func nextColumn(direction: WaterfallItemRenderDirection) -> Int {
        let count = nextItemY.count
        switch direction {
        case .shortestFirst:
            var shortest = 0
            for column in 1..<count where nextItemY[column] < nextItemY[shortest] {
                shortest = column
            }
            return shortest
        case .leftToRight:
            return itemCount % count
        case .rightToLeft:
            return (count - 1) - itemCount % count
        }
    }
}
