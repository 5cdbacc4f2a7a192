// The font files the viewer's HTML pages load, by number, so that no page says where a file is.
import Locked
import TextEngine

/// The fonts of the catalog's HTML pages, numbered in the order the pages first use them.
///
/// Only the fonts the catalog's own labels were measured with enter (the operator's chains,
/// never a client's), so the list is as long as the template's chains, and a client can ask
/// for no file but those.
final class PageFonts: Sendable {
    private let references = Locked<[FontFaceReference]>([])

    /// The URL a page loads `reference` from.
    func url(of reference: FontFaceReference) -> String {
        let number = references.withLock { references in
            if let number = references.firstIndex(of: reference) { return number }
            references.append(reference)
            return references.count - 1
        }
        return "/v1/catalog/fonts/\(number)"
    }

    /// The font a page's URL named, or `nil` for a number no page uses.
    func reference(number: Int) -> FontFaceReference? {
        references.withLock { references in references.indices.contains(number) ? references[number] : nil }
    }

    /// The `Content-Type` of a font file, from its extension.
    static func mediaType(of reference: FontFaceReference) -> String {
        switch reference.path.split(separator: ".").last?.lowercased() {
        case "otf": "font/otf"
        case "ttc", "otc": "font/collection"
        case "woff2": "font/woff2"
        case "woff": "font/woff"
        default: "font/ttf"
        }
    }
}
