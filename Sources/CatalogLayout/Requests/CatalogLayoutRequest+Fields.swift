// The request's names for the values the layouts name as their Swift API does, so that every
// door's error names the field as its caller spells it.
import CollectionLayout

extension CatalogLayoutRequest {
    /// The request's name for a value the layouts name as their Swift API does
    /// (`columnCount`, `sectionInset.left`): `columns`, `insets[1]`.
    public static func field(naming name: String, kind: CatalogLayoutKind) -> String {
        // A request lays out one section: "section 0 columnCount" is its columns.
        let name = name.hasPrefix("section 0 ") ? String(name.dropFirst("section 0 ".count)) : name
        return switch name.prefix(while: { $0 != "." && $0 != "[" }) {
        case "columnCount": "columns"
        case "collectionWidth": "width"
        case "collectionSize": name.hasSuffix(".height") ? "height" : "width"
        case "displayScale": "scale"
        case "minimumColumnSpacing", "interitemSpacing": "column_gap"
        // A waterfall's spacing between items is vertical: the request's row gap.
        case "minimumInteritemSpacing": kind == .waterfall ? "row_gap" : "column_gap"
        case "minimumLineSpacing": "row_gap"
        case "sectionInset", "insets": insetsField(name)
        default: name
        }
    }

    /// `insets[N]` for an inset named `….top`, `….left`, `….bottom` or `….right`: a request
    /// gives them as `[top, left, bottom, right]`.
    private static func insetsField(_ name: String) -> String {
        let sides = ["top", "left", "bottom", "right"]
        guard let side = name.split(separator: ".").last, let index = sides.firstIndex(of: String(side)) else { return "insets" }
        return "insets[\(index)]"
    }

    /// A layout's error in the request's names: the field, and a message that starts with it.
    public static func named(_ error: CollectionLayoutError, kind: CatalogLayoutKind) -> (field: String, message: String) {
        guard case .invalidValue(let name, let reason) = error else { return ("", "\(error)") }
        let field = field(naming: name, kind: kind)
        return (field, "\(field): \(reason)")
    }
}
