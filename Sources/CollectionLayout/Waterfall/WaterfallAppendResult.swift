// What appending items to a waterfall's last section changes: new items, the moved footer, the size.

import Geometry

/// The elements an append to a waterfall's last section adds or moves, and the new content
/// size: everything a consumer holding the earlier ``LayoutResult`` needs to bring it up to
/// date.
public struct WaterfallAppendResult: Sendable, Hashable {
    /// The section the items were appended to.
    public var section: Int
    /// The appended items in order, their indices continuing the section's.
    public var items: [LayoutElement]
    /// The section's footer at its new place, below the appended items; nil without a footer.
    public var footer: LayoutElement?
    /// The collection's width by the new bottom of the content.
    public var contentSize: Size

    public init(section: Int, items: [LayoutElement], footer: LayoutElement?, contentSize: Size) {
        self.section = section
        self.items = items
        self.footer = footer
        self.contentSize = contentSize
    }

    /// Brings `result`, the layout before this append, up to date: drops the section's old
    /// footer (its last element), adds the items and the moved footer, and sets the content
    /// size. The result is then equal to a full layout of all the items.
    ///
    /// - Complexity: O(k) for the k appended items (amortised).
    public func apply(to result: inout LayoutResult) {
        if let last = result.elements.last, last.kind == .footer, last.section == section {
            result.elements.removeLast()
        }
        result.elements.append(contentsOf: items)
        if let footer { result.elements.append(footer) }
        result.contentSize = contentSize
    }
}
