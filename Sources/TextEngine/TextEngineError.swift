// The errors the text engine reports, each naming what was wrong.

/// Why the engine could not load fonts or measure a text.
public enum TextEngineError: Error, Equatable, Sendable {
    /// A font file is missing, unreadable, not a font, or lacks the requested face.
    case fontFile(path: String, reason: String)
    /// The bundled `Fonts/` folder or its manifest could not be found or read.
    case bundledFonts(reason: String)
    /// fontconfig found no installed font for a family name.
    case systemFontNotFound(family: String)
    /// ICU refused to open a line breaker for a locale.
    case lineBreaker(locale: String, reason: String)
    /// A style or layout value is out of range; `field` names it (`size`, `width`, …).
    case invalidValue(field: String, reason: String)
}

extension TextEngineError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .fontFile(let path, let reason): "font file '\(path)': \(reason)"
        case .bundledFonts(let reason): "bundled fonts: \(reason)"
        case .systemFontNotFound(let family): "no installed font for family '\(family)'"
        case .lineBreaker(let locale, let reason): "ICU line breaker for '\(locale)': \(reason)"
        case .invalidValue(let field, let reason): "\(field): \(reason)"
        }
    }
}
