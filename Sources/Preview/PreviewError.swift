// The errors drawing a preview reports, each naming what was wrong.
import TextEngine

/// Why a preview could not be drawn or written.
public enum PreviewError: Error, Equatable, Sendable {
    /// A label's glyphs could not be laid out: `record` is the card's id, `field` the label.
    case label(record: String, field: String, error: TextEngineError)
    /// A label cannot be written as HTML text that the browser lays out as it was measured.
    case htmlLabel(record: String, field: String, reason: String)
    /// FreeType could not open a font face the glyphs come from.
    case fontFace(path: String, reason: String)
    /// A drawing option is out of range: `field` names it.
    case invalidValue(field: String, reason: String)
    /// zlib could not compress the picture.
    case compression(code: Int32)
}

extension PreviewError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .label(let record, let field, let error): "record \(record), \(field): \(error)"
        case .htmlLabel(let record, let field, let reason): "record \(record), \(field): \(reason)"
        case .fontFace(let path, let reason): "font face '\(path)': \(reason)"
        case .invalidValue(let field, let reason): "\(field): \(reason)"
        case .compression(let code): "zlib compression failed with code \(code)"
        }
    }
}
