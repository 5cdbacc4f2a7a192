// Layouts that place cards as they are measured: the waterfall's columns, the grid's rows.
import CardModel
import CollectionLayout
import Geometry

/// A layout in progress that places each card as soon as it is measured, so a catalog of
/// any size is laid out in flat memory; the elements are those of the whole layout.
public protocol CardStreamingLayout: Sendable {
    /// Places one card at the end of section `section` (opening the sections up to it),
    /// appending the elements now placed; those of a row may come a card or more later.
    mutating func place(
        cover: Size?, measurement: CardMeasurement, toSection section: Int, into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError)
    /// Opens the sections up to `section` without placing a card (an empty catalog's one
    /// section, with its header and footer).
    mutating func open(section: Int, into elements: inout [LayoutElement]) throws(CollectionLayoutError)
    /// Places what waits and the last footer; returns the content size.
    mutating func finish(into elements: inout [LayoutElement]) -> Size
}

/// A waterfall of cards, each as tall as it measured, or (CHT-compatible) each cover size
/// scaled to the column width.
public struct WaterfallCardStream: CardStreamingLayout {
    public private(set) var state: WaterfallState
    public let scalesCoverSizes: Bool
    // One-item arrays, reused: the state takes items in arrays.
    private var height = [0.0]
    private var coverSize = [Size.zero]

    /// - Parameters:
    ///   - layout: the waterfall the cards are placed in.
    ///   - scalesCoverSizes: place each card's cover size scaled to the column width
    ///     (CHTCollectionViewWaterfallLayout's reference sizes) instead of its measured height.
    public init(layout: WaterfallLayout, scalesCoverSizes: Bool) throws(CollectionLayoutError) {
        state = try layout.streamingState()
        self.scalesCoverSizes = scalesCoverSizes
    }

    public mutating func place(
        cover: Size?, measurement: CardMeasurement, toSection section: Int, into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) {
        if scalesCoverSizes {
            coverSize[0] = cover ?? .zero
            try state.stream(referenceSizes: coverSize, toSection: section, into: &elements)
        } else {
            height[0] = measurement.size.height
            try state.stream(heights: height, toSection: section, into: &elements)
        }
    }

    public mutating func open(section: Int, into elements: inout [LayoutElement]) throws(CollectionLayoutError) {
        try state.stream(heights: [], toSection: section, into: &elements)
    }

    public mutating func finish(into elements: inout [LayoutElement]) -> Size {
        state.finish(into: &elements)
    }
}

/// A grid of cards in flow-layout rows, each card its measured size.
public struct GridCardStream: CardStreamingLayout {
    public private(set) var state: FlowState
    private var size = [Size.zero]

    public init(layout: FlowLayout) throws(CollectionLayoutError) {
        state = try layout.streamingState()
    }

    public mutating func place(
        cover: Size?, measurement: CardMeasurement, toSection section: Int, into elements: inout [LayoutElement]
    ) throws(CollectionLayoutError) {
        size[0] = measurement.size
        try state.stream(size, toSection: section, into: &elements)
    }

    public mutating func open(section: Int, into elements: inout [LayoutElement]) throws(CollectionLayoutError) {
        try state.stream([], toSection: section, into: &elements)
    }

    public mutating func finish(into elements: inout [LayoutElement]) -> Size {
        state.finish(into: &elements)
    }
}
