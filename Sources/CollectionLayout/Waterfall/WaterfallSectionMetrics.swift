// The fixed numbers of one waterfall section: column width, column positions, item heights.

import Geometry

/// A waterfall section's checked options and the geometry they imply, computed once per
/// section: the column (item) width, each column's x, and how an item's height is found.
struct WaterfallSectionMetrics: Sendable, Hashable {
    let section: Int
    let configuration: WaterfallLayoutConfiguration
    let collectionWidth: Double
    let displayScale: Double
    /// `floorToPixel((W - (n-1) * minimumColumnSpacing) / n)`, W between the section insets.
    let itemWidth: Double
    /// The left edge of each column: `sectionInset.left + (itemWidth + minimumColumnSpacing) * c`.
    let columnX: [Double]

    /// Checks `configuration` for section `section` and computes its column geometry.
    ///
    /// Throws ``CollectionLayoutError/invalidValue(field:reason:)`` for invalid options or
    /// columns that leave no item width. `collectionWidth` and `displayScale` must already be
    /// checked.
    ///
    /// - Complexity: O(c) for the c columns.
    init(
        section: Int, configuration: WaterfallLayoutConfiguration, collectionWidth: Double, displayScale: Double
    ) throws(CollectionLayoutError) {
        let width = try configuration.validatedAvailableWidth(section: section, collectionWidth: collectionWidth)
        let count = configuration.columnCount
        let spacing = configuration.minimumColumnSpacing
        let itemWidth = PixelGrid.roundDown((width - Double(count - 1) * spacing) / Double(count), scale: displayScale)
        guard itemWidth > 0 else {
            throw .invalidValue(
                field: "section \(section) columnCount",
                reason: "\(count) columns \(spacing) apart leave no item width in \(width) points")
        }
        self.section = section
        self.configuration = configuration
        self.collectionWidth = collectionWidth
        self.displayScale = displayScale
        self.itemWidth = itemWidth
        self.columnX = (0..<count).map { configuration.sectionInset.left + (itemWidth + spacing) * Double($0) }
    }

    /// A self-sized item's height, used as given; throws unless it is finite and non-negative.
    func checkedHeight(_ height: Double, index: Int) throws(CollectionLayoutError) -> Double {
        guard height.isFinite, height >= 0 else {
            throw .invalidItemSize(section: section, index: index, size: Size(width: itemWidth, height: height))
        }
        return height
    }

    /// CHT's height for a reference size: `floorToPixel(height * itemWidth / width)` when both
    /// sides are positive, else 0.
    ///
    /// Throws ``CollectionLayoutError/invalidItemSize(section:index:size:)`` for a negative or
    /// non-finite side, or a ratio too large to give a finite height (CHT takes negative
    /// sides as empty; here they are reported).
    func scaledHeight(reference size: Size, index: Int) throws(CollectionLayoutError) -> Double {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            throw .invalidItemSize(section: section, index: index, size: size)
        }
        guard size.width > 0, size.height > 0 else { return 0 }
        let height = PixelGrid.roundDown(size.height * itemWidth / size.width, scale: displayScale)
        guard height.isFinite else { throw .invalidItemSize(section: section, index: index, size: size) }
        return height
    }

    /// The frame of a header or footer `height` tall at `y`: the collection's width less the
    /// insets' left and right.
    func supplementaryFrame(y: Double, height: Double, insets: EdgeInsets) -> Rect {
        Rect(x: insets.left, y: y, width: collectionWidth - (insets.left + insets.right), height: height)
    }
}
