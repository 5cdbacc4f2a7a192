// A laid-out element as an output record: what the layout commands write.
import CatalogIO
import CollectionLayout
import Geometry
import JSON

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

    /// The same bytes as the fields' (``OutputSchema/appendJSONLine(to:)``; the
    /// differential is `LayoutElementJSONTests`), written into one stretch of the buffer
    /// reserved for the longest line: through the fields, each value was boxed in an
    /// `OutputValue` (a reference count on the id) and each append reserved on its own,
    /// most of the writing thread's work for a layout of a million cards.
    public func appendJSONLine(to bytes: inout [UInt8]) {
        switch self {
        case .element(let id, let element):
            let idLength = id.map(JSONBytes.maximumStringLength) ?? 4
            bytes.append(addingCapacity: idLength + Self.maximumLineLengthWithoutID) { span in
                JSONBytes.write("{\"id\":", to: &span)
                if let id { JSONBytes.writeString(id, to: &span) } else { JSONBytes.write("null", to: &span) }
                JSONBytes.write(",\"kind\":", to: &span)
                JSONBytes.writeString(element.kind.rawValue, to: &span)
                JSONBytes.write(",\"section\":", to: &span)
                JSONBytes.writeInteger(Int64(element.section), to: &span)
                Self.writeFrame(element.frame, to: &span)
            }
        case .content(let size):
            bytes.append(addingCapacity: 4 + Self.maximumLineLengthWithoutID) { span in
                JSONBytes.write("{\"id\":null,\"kind\":\"content\",\"section\":null", to: &span)
                Self.writeFrame(Rect(origin: Point(x: 0, y: 0), size: size), to: &span)
            }
        }
    }

    /// A line's bytes besides its id's at most: the keys, the longest kind, the section and
    /// four numbers at their longest, the braces and the newline.
    private static let maximumLineLengthWithoutID =
        #"{"id":,"kind":"content","section":,"x":,"y":,"width":,"height":}"#.utf8.count + 1
        + JSONBytes.maximumIntegerLength + 4 * JSONBytes.maximumNumberLength

    /// `,"x":…,"y":…,"width":…,"height":…}` and the newline.
    private static func writeFrame(_ frame: Rect, to span: inout OutputSpan<UInt8>) {
        JSONBytes.write(",\"x\":", to: &span)
        JSONBytes.writeNumber(frame.minX, to: &span)
        JSONBytes.write(",\"y\":", to: &span)
        JSONBytes.writeNumber(frame.minY, to: &span)
        JSONBytes.write(",\"width\":", to: &span)
        JSONBytes.writeNumber(frame.width, to: &span)
        JSONBytes.write(",\"height\":", to: &span)
        JSONBytes.writeNumber(frame.height, to: &span)
        JSONBytes.write("}\n", to: &span)
    }

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
