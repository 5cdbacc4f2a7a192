// A laid-out element as an output record: what the layout commands write.
import CatalogIO
import CollectionLayout
import Geometry

/// One line of a layout's output: an element with the id of its record (`nil` for headers
/// and footers), `{id, kind, section, x, y, width, height}`; or, last, the content size,
/// `{id: null, kind: "content", section: null, x: 0, y: 0, width, height}`.
public enum LayoutElementRecord: OutputSchema, Hashable {
    case element(id: String?, LayoutElement)
    case content(Size)

    public static let fields: [OutputField<LayoutElementRecord>] = [
        OutputField("id") { $0.id.map(OutputValue.string) ?? .null },
        OutputField("kind") { .string($0.kind) },
        OutputField("section") { $0.section.map(OutputValue.integer) ?? .null },
        OutputField("x") { .number($0.frame.minX) },
        OutputField("y") { .number($0.frame.minY) },
        OutputField("width") { .number($0.frame.width) },
        OutputField("height") { .number($0.frame.height) },
    ]

    public var id: String? {
        guard case .element(let id, _) = self else { return nil }
        return id
    }

    /// `item`, `header`, `footer` or `content`.
    public var kind: String {
        switch self {
        case .element(_, let element): element.kind.rawValue
        case .content: "content"
        }
    }

    public var section: Int? {
        guard case .element(_, let element) = self else { return nil }
        return element.section
    }

    /// The element's frame; the content's size at the origin.
    public var frame: Rect {
        switch self {
        case .element(_, let element): element.frame
        case .content(let size): Rect(origin: Point(x: 0, y: 0), size: size)
        }
    }
}
