// The product every collection layout makes: placed elements and the content size.

import Geometry

/// The frames of a laid-out collection and the size of its scrollable content.
///
/// Every layout in this module (grid, flow, and the ones built on them) returns this type,
/// so consumers (previews, writers, rect queries) handle all layouts alike.
///
/// `elements` is in a fixed order: sections in input order, and within a section its
/// header (if any), then its items in input order, then its footer (if any). The n-th item
/// of a section is therefore never found by searching, and two runs over the same input
/// give equal results.
///
/// ```swift
/// let result = try FlowLayout(collectionWidth: 375).layout([[Size(width: 100, height: 140)]])
/// for element in result.elements where element.kind == .item { print(element.frame) }
/// ```
public struct LayoutResult: Sendable, Hashable, Codable {
    /// Headers, items and footers, section by section (header, items in order, footer).
    public var elements: [LayoutElement]
    /// The collection's width by the height of everything laid out, insets included.
    public var contentSize: Size

    public init(elements: [LayoutElement], contentSize: Size) {
        self.elements = elements
        self.contentSize = contentSize
    }

    /// Each element's item number counted across sections (the position of its item in one
    /// list of every section's items, as the heights given to a multi-section preset are),
    /// `nil` for headers and footers.
    public var itemNumbers: [Int?] {
        var next = 0
        return elements.map { element in
            guard element.kind == .item else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
