// The layouts of the C interface: heights in, frames out, and rect queries over them.
import CCardsize
import CatalogLayout
import CollectionLayout
import Geometry

/// What a `cardsize_layout` handle holds: the elements as C sees them and a rect index over
/// them, immutable.
final class LayoutHandle: Sendable {
    let contentSize: Size
    /// The elements in layout order, each item numbered across sections (the position of
    /// its height in the caller's array; the library numbers items within their section).
    let elements: [cardsize_element]
    let index: RectIndex

    init(_ result: LayoutResult) {
        contentSize = result.contentSize
        elements = zip(result.elements, result.itemNumbers).map { element, number in
            cardsize_element(element, itemNumber: Int64(number ?? -1))
        }
        index = RectIndex(result)
    }
}

/// A `cardsize_layout_options`, checked, as the library's ``ItemLayout``.
extension ItemLayout {
    init(_ options: UnsafePointer<cardsize_layout_options>?) throws {
        guard let options = options?.pointee else { throw InterfaceError.null("options") }
        for (value, field) in [
            (options.width, "width"), (options.height, "height"), (options.scale, "scale"),
            (options.column_gap, "column_gap"), (options.row_gap, "row_gap"), (options.inset_top, "inset_top"),
            (options.inset_left, "inset_left"),
            (options.inset_bottom, "inset_bottom"), (options.inset_right, "inset_right"),
        ] {
            _ = try finite(value, field)
        }
        let kind: Kind =
            switch try CatalogLayoutKind(options.kind) {
            case .grid: .grid
            case .waterfall: .waterfall
            case .tagFlow: .tagFlow
            case .compositional: .compositional
            }
        self.init(
            kind: kind, collectionWidth: options.width, collectionHeight: options.height, displayScale: options.scale,
            columns: Int(options.columns), columnGap: options.column_gap, rowGap: options.row_gap,
            insets: EdgeInsets(
                top: options.inset_top, left: options.inset_left, bottom: options.inset_bottom,
                right: options.inset_right))
    }
}

extension cardsize_element: @unchecked @retroactive Sendable {
    init(_ element: LayoutElement, itemNumber: Int64) {
        let kind: cardsize_element_kind =
            switch element.kind {
            case .item: CARDSIZE_ELEMENT_ITEM
            case .header: CARDSIZE_ELEMENT_HEADER
            case .footer: CARDSIZE_ELEMENT_FOOTER
            }
        self.init(
            frame: cardsize_rect(
                x: element.frame.origin.x, y: element.frame.origin.y, width: element.frame.size.width,
                height: element.frame.size.height),
            index: itemNumber, kind: kind)
    }
}

extension CatalogLayoutKind {
    /// The layout a C caller names, or an error naming `kind`.
    init(_ kind: cardsize_layout_kind) throws {
        switch kind {
        case CARDSIZE_LAYOUT_GRID: self = .grid
        case CARDSIZE_LAYOUT_WATERFALL: self = .waterfall
        case CARDSIZE_LAYOUT_TAG_FLOW: self = .tagFlow
        case CARDSIZE_LAYOUT_COMPOSITIONAL: self = .compositional
        default: throw InterfaceError.invalid("kind", "unknown layout \(kind.rawValue)")
        }
    }
}

/// What `body` makes, its layout error naming the field as the options' struct does
/// (`columns`, `row_gap`, `insets[1]`), not as the layouts' Swift API does.
private func inRequestNames<Value>(
    _ options: UnsafePointer<cardsize_layout_options>?, _ body: () throws(CollectionLayoutError) -> Value
) throws -> Value {
    do {
        return try body()
    } catch {
        let kind = (options.flatMap { try? CatalogLayoutKind($0.pointee.kind) }) ?? .grid
        let (field, message) = CatalogLayoutRequest.named(error, kind: kind)
        throw InterfaceError(CARDSIZE_ERROR_LAYOUT, field: field, message)
    }
}

@_cdecl("cardsize_layout_options_init")
public func cardsize_layout_options_init(
    _ options: UnsafeMutablePointer<cardsize_layout_options>?, _ kind: cardsize_layout_kind
) {
    // An unknown kind keeps its number, so that creating a layout from it names the field.
    let request = CatalogLayoutRequest(kind: (try? CatalogLayoutKind(kind)) ?? .grid)
    let (screen, insets) = (request.screen, request.insets)
    options?.pointee = cardsize_layout_options(
        kind: kind, width: screen.width, height: screen.height, scale: screen.scale, columns: Int32(request.columns),
        column_gap: request.columnGap, row_gap: request.effectiveRowGap, inset_top: insets.top, inset_left: insets.left,
        inset_bottom: insets.bottom, inset_right: insets.right)
}

@_cdecl("cardsize_layout_item_width")
public func cardsize_layout_item_width(
    _ options: UnsafePointer<cardsize_layout_options>?, _ width: UnsafeMutablePointer<Double>?,
    _ error: UnsafeMutablePointer<cardsize_error>?
) -> cardsize_status {
    reporting(error) {
        guard let width else { throw InterfaceError.null("width") }
        let layout = try ItemLayout(options)
        guard layout.kind == .grid || layout.kind == .waterfall else {
            throw InterfaceError.invalid("kind", "\(layout.kind.rawValue) items have widths of their own")
        }
        width.pointee = try inRequestNames(options) { () throws(CollectionLayoutError) in try layout.itemWidth() }
    }
}

@_cdecl("cardsize_layout_create")
public func cardsize_layout_create(
    _ options: UnsafePointer<cardsize_layout_options>?, _ heights: UnsafePointer<Double>?,
    _ widths: UnsafePointer<Double>?, _ count: Int, _ error: UnsafeMutablePointer<cardsize_error>?
) -> OpaquePointer? {
    cardsize_layout_create_sections(options, nil, heights, widths, count, error)
}

@_cdecl("cardsize_layout_sections_init")
public func cardsize_layout_sections_init(_ sections: UnsafeMutablePointer<cardsize_layout_sections>?) {
    sections?.pointee = cardsize_layout_sections(section_size: 0, header_height: 0, footer_height: 0)
}

@_cdecl("cardsize_layout_create_sections")
public func cardsize_layout_create_sections(
    _ options: UnsafePointer<cardsize_layout_options>?, _ sections: UnsafePointer<cardsize_layout_sections>?,
    _ heights: UnsafePointer<Double>?, _ widths: UnsafePointer<Double>?, _ count: Int,
    _ error: UnsafeMutablePointer<cardsize_error>?
) -> OpaquePointer? {
    making(error) {
        var layout = try ItemLayout(options)
        if let sections = sections?.pointee {
            try layout.divide(into: sections)
        }
        guard count >= 0 else { throw InterfaceError.invalid("count", "must be ≥ 0") }
        guard count == 0 || heights != nil else { throw InterfaceError.null("heights") }
        let heightList = count == 0 ? [] : Array(UnsafeBufferPointer(start: heights, count: count))
        let widthList = widths.map { Array(UnsafeBufferPointer(start: $0, count: count)) }
        do {
            return LayoutHandle(try inRequestNames(options) { () throws(CollectionLayoutError) in
                try layout.layout(heights: heightList, widths: widthList)
            })
        } catch let error as InterfaceError
            where error.field == "widths" || error.field.hasPrefix("heights[") || error.field.hasPrefix("widths[")
        {
            // The caller's own arrays at fault: an argument, not a layout that cannot be made.
            throw InterfaceError(CARDSIZE_ERROR_INVALID_ARGUMENT, field: error.field, error.message)
        }
    }
}

extension ItemLayout {
    /// The layout in a `cardsize_layout_sections`' sections, checked, errors naming its fields.
    mutating func divide(into sections: cardsize_layout_sections) throws {
        for (value, field) in [(sections.header_height, "header_height"), (sections.footer_height, "footer_height")] {
            guard try finite(value, field) >= 0 else { throw InterfaceError.invalid(field, "must be ≥ 0, got \(value)") }
        }
        // size_t arrives as Int: one past Int.max reads as negative.
        guard sections.section_size >= 0 else { throw InterfaceError.invalid("section_size", "too large") }
        let sectionSize = sections.section_size == 0 ? nil : sections.section_size
        if kind == .compositional && (sectionSize != nil || sections.header_height != 0 || sections.footer_height != 0) {
            throw InterfaceError.invalid("sections", "the compositional preset has sections of its own")
        }
        (self.sectionSize, headerHeight, footerHeight) = (sectionSize, sections.header_height, sections.footer_height)
    }
}

@_cdecl("cardsize_layout_destroy")
public func cardsize_layout_destroy(_ layout: OpaquePointer?) {
    release(layout)
}

@_cdecl("cardsize_layout_element_count")
public func cardsize_layout_element_count(_ layout: OpaquePointer?) -> Int {
    (try? object(layout, as: LayoutHandle.self, field: "layout"))?.elements.count ?? 0
}

@_cdecl("cardsize_layout_elements")
public func cardsize_layout_elements(
    _ layout: OpaquePointer?, _ elements: UnsafeMutablePointer<cardsize_element>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?, _ error: UnsafeMutablePointer<cardsize_error>?
) -> cardsize_status {
    reporting(error) {
        let handle = try object(layout, as: LayoutHandle.self, field: "layout")
        guard let count else { throw InterfaceError.null("count") }
        try copy(handle.elements, into: elements, capacity: capacity, count: count, field: "elements")
    }
}

@_cdecl("cardsize_layout_content_size")
public func cardsize_layout_content_size(
    _ layout: OpaquePointer?, _ width: UnsafeMutablePointer<Double>?, _ height: UnsafeMutablePointer<Double>?
) {
    let size = (try? object(layout, as: LayoutHandle.self, field: "layout"))?.contentSize
    width?.pointee = size?.width ?? 0
    height?.pointee = size?.height ?? 0
}

@_cdecl("cardsize_layout_query")
public func cardsize_layout_query(
    _ layout: OpaquePointer?, _ rect: cardsize_rect, _ elements: UnsafeMutablePointer<cardsize_element>?,
    _ capacity: Int, _ count: UnsafeMutablePointer<Int>?, _ error: UnsafeMutablePointer<cardsize_error>?
) -> cardsize_status {
    reporting(error) {
        let handle = try object(layout, as: LayoutHandle.self, field: "layout")
        guard let count else { throw InterfaceError.null("count") }
        for (value, field) in [(rect.x, "rect.x"), (rect.y, "rect.y"), (rect.width, "rect.width"), (rect.height, "rect.height")] {
            _ = try finite(value, field)
        }
        let found = handle.index.elementIndices(in: Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height))
        try copy(found.map { handle.elements[$0] }, into: elements, capacity: capacity, count: count, field: "elements")
    }
}
