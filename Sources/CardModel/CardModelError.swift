// The errors the card model reports, each naming the element and field at fault.
import TextEngine

/// Why a template could not be loaded or a card could not be measured.
///
/// Element paths are written as in the JSON template: `elements[2]`,
/// `elements[3].children[0].element`, with a field after a dot (`elements[2].maxLines`).
public enum CardModelError: Error, Equatable, Sendable {
    /// A template value is missing, of the wrong type or out of range, or the JSON is not
    /// valid; `path` names the value (`elements[2].maxLines`), empty for the whole document.
    case invalidTemplate(path: String, reason: String)
    /// A template file could not be read.
    case unreadableTemplate(file: String, reason: String)
    /// An argument of the measurer is out of range: `width` or `displayScale`.
    case invalidValue(field: String, reason: String)
    /// A record's value cannot be used by an element (a cover size that is not positive).
    case invalidRecord(id: String, element: String, field: String, reason: String)
    /// The text engine could not measure a label: `element` is its path, `field` the record
    /// field it shows.
    case textEngine(element: String, field: String, error: TextEngineError)
}

extension CardModelError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidTemplate(let path, let reason): path.isEmpty ? "template: \(reason)" : "\(path): \(reason)"
        case .unreadableTemplate(let file, let reason): "template file '\(file)': \(reason)"
        case .invalidValue(let field, let reason): "\(field): \(reason)"
        case .invalidRecord(let id, let element, let field, let reason):
            "record \(id), \(element) (\(field)): \(reason)"
        case .textEngine(let element, let field, let error): "\(element) (\(field)): \(error)"
        }
    }
}
