// The row element: children side by side, as tall as the tallest.

/// How wide a row child is.
///
/// Fixed widths are served first; the width left after them and the spacing is shared by
/// fractions: a child of fraction `f` is `f × (rowWidth − Σ fixed − spacing × (n − 1))`
/// wide (never less than 0). Fractions of a row add up to at most 1.
public enum RowChildWidth: Hashable, Sendable {
    /// A width in points.
    case fixed(Double)
    /// A share of the width the fixed children and the spacing leave, in (0, 1].
    case fraction(Double)
}

/// One child of a row: its width rule and the element in it.
public struct RowChild: Hashable, Sendable {
    public var width: RowChildWidth
    public var element: CardElement

    public init(width: RowChildWidth, _ element: some CardElementConvertible) {
        self.width = width
        self.element = element.cardElement
    }
}

/// Elements side by side, left to right, top-aligned; the row is as tall as its tallest
/// visible child.
///
/// Every child keeps its column, visible or not, so hiding one never moves the others. The
/// row itself is hidden when all its children are.
///
/// ```swift
/// RowElement(spacing: 8, children: [
///     RowChild(width: .fraction(0.5), LabelElement(field: .other("rating"), style: LabelStyle(fontSize: 13))),
///     RowChild(width: .fraction(0.5), LabelElement(field: .other("price"), style: LabelStyle(fontSize: 13))),
/// ])
/// ```
public struct RowElement: Hashable, Sendable {
    /// The horizontal gap between neighbouring children.
    public var spacing: Double
    public var children: [RowChild]
    /// The name its frame reports; `row` when `nil`.
    public var name: String?

    public init(spacing: Double = 0, children: [RowChild], name: String? = nil) {
        self.spacing = spacing
        self.children = children
        self.name = name
    }

    /// Each child's width for a row `rowWidth` wide, in order.
    func childWidths(rowWidth: Double) -> [Double] {
        var fixedTotal = 0.0
        for case .fixed(let width) in children.map(\.width) { fixedTotal += width }
        let shared = max(0, rowWidth - fixedTotal - spacing * Double(max(0, children.count - 1)))
        return children.map { child in
            switch child.width {
            case .fixed(let width): width
            case .fraction(let fraction): fraction * shared
            }
        }
    }
}
