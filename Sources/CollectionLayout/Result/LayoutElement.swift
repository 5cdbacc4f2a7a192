// One placed element of a layout: what it is, where it belongs, and its frame.

import Geometry

/// One element of a ``LayoutResult``: an item, header or footer with its frame.
///
/// `section` is the element's index in the input's sections; `index` is an item's index
/// within its section, and 0 for headers and footers (a section has at most one of each).
/// Frames are in the collection's content coordinates: points, origin at the top-left of
/// the content, y growing downwards.
public struct LayoutElement: Sendable, Hashable, Codable {
    public var kind: ElementKind
    public var section: Int
    /// The item's index within its section; 0 for a header or footer.
    public var index: Int
    public var frame: Rect

    public init(kind: ElementKind, section: Int, index: Int, frame: Rect) {
        self.kind = kind
        self.section = section
        self.index = index
        self.frame = frame
    }
}
