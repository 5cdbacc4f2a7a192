// The image element: a cover whose height follows the width by a ratio.
import Geometry

/// A width:height ratio, such as a book cover's 7:10.
public struct AspectRatio: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// 7:10, the cover ratio of the book-search card's image constraint.
    public static let bookCover = AspectRatio(width: 7, height: 10)

    /// The height for `width` at this ratio: `width × height ÷ width`, unrounded.
    public func height(forWidth width: Double) -> Double {
        width * height / self.width
    }

    /// `7:10`: the form JSON templates use.
    public var description: String { "\(Self.format(width)):\(Self.format(height))" }

    /// Parses `W:H` with two decimal numbers; `nil` otherwise (range checks are the template's).
    public init?(parsing text: String) {
        let sides = text.split(separator: ":", omittingEmptySubsequences: false)
        guard sides.count == 2, let width = DecimalNumber.value(of: sides[0]), let height = DecimalNumber.value(of: sides[1])
        else { return nil }
        self.init(width: width, height: height)
    }

    /// A whole number without its `.0`, any other number as Swift prints it.
    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// Where an image's ratio comes from.
public enum ImageSizing: String, Hashable, Sendable, CaseIterable {
    /// Always the element's ``ImageElement/aspectRatio``.
    case aspectRatio
    /// The record's ``CardRecord/imageSize``, or the element's ratio when the record has none.
    case recordCover
}

/// An image as wide as its column, its height set by a ratio, optionally clamped.
///
/// Its height is `width × ratio.height ÷ ratio.width`, clamped to `minHeight...maxHeight`,
/// then rounded up to the display's pixel grid (UIKit sizes image views on whole pixels).
///
/// ```swift
/// ImageElement(aspectRatio: .bookCover)                       // 127 wide → 181.43, 182 at @1x
/// ImageElement(sizing: .recordCover, maxHeight: 240)          // the record's own cover ratio
/// ```
public struct ImageElement: Hashable, Sendable {
    /// The ratio; with ``ImageSizing/recordCover``, the fallback for records without a size.
    public var aspectRatio: AspectRatio
    public var sizing: ImageSizing
    public var minHeight: Double?
    public var maxHeight: Double?
    /// Whether the image is left out (no height, no spacing) when the record has no cover size.
    public var hidesWhenEmpty: Bool
    /// The name its frame reports; `image` when `nil`.
    public var name: String?

    public init(
        aspectRatio: AspectRatio = .bookCover, sizing: ImageSizing = .aspectRatio, minHeight: Double? = nil,
        maxHeight: Double? = nil, hidesWhenEmpty: Bool = false, name: String? = nil
    ) {
        self.aspectRatio = aspectRatio
        self.sizing = sizing
        self.minHeight = minHeight
        self.maxHeight = maxHeight
        self.hidesWhenEmpty = hidesWhenEmpty
        self.name = name
    }
}
