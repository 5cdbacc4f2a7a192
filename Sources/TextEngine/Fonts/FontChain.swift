// The font chain: a primary face and its fallbacks, loaded once and shared.

/// An ordered list of font faces: the primary face first, then fallbacks.
///
/// A grapheme cluster is drawn with the first face that has all its characters. Chains load
/// their files once; share one chain between styles and threads.
///
/// ```swift
/// let chain = try BundledFonts.chain()                      // Fonts/manifest.json order (BundledFonts)
/// let custom = try FontChain(references: [.init(parsing: "MyFont.ttf"),
///                                         .init(parsing: "NotoSansCJK-Regular.ttc#0")])
/// ```
public final class FontChain: Sendable, Hashable {
    /// The faces, primary first.
    public let faces: [FontFace]
    let harfBuzzFaces: [HarfBuzzFace]

    /// Loads the faces from their files, checking that each is a TrueType or OpenType face
    /// whose tables (`cmap`, `head`, `hhea`, `hmtx`, `maxp`, `OS/2`, glyph data) lie inside
    /// its file with sane values, as FreeType and HarfBuzz then load them.
    /// - Throws: ``TextEngineError/fontFile(path:reason:)`` naming the first bad file and
    ///   what is wrong with it.
    public init(references: [FontFaceReference]) throws(TextEngineError) {
        guard !references.isEmpty else {
            throw .invalidValue(field: "fonts", reason: "the font chain is empty")
        }
        var faces: [FontFace] = []
        var harfBuzzFaces: [HarfBuzzFace] = []
        for reference in references {
            let loaded = try FontFaceLoader.load(reference)
            faces.append(loaded.face)
            harfBuzzFaces.append(loaded.harfBuzz)
        }
        guard faces.count <= 64 else {
            throw .invalidValue(field: "fonts", reason: "a chain holds at most 64 faces, got \(faces.count)")
        }
        self.faces = faces
        self.harfBuzzFaces = harfBuzzFaces
    }

    /// The faces picked from chains already loaded, in order (each a chain and a face's
    /// position in it), sharing what those chains loaded: no file is opened, so a server
    /// makes the chains its requests name from faces it loaded once.
    public init(picking picks: [(chain: FontChain, face: Int)]) throws(TextEngineError) {
        guard !picks.isEmpty, picks.count <= 64 else {
            throw .invalidValue(field: "fonts", reason: "a chain holds 1 to 64 faces, got \(picks.count)")
        }
        faces = picks.map { $0.chain.faces[$0.face] }
        harfBuzzFaces = picks.map { $0.chain.harfBuzzFaces[$0.face] }
    }

    public static func == (lhs: FontChain, rhs: FontChain) -> Bool {
        lhs === rhs || lhs.faces.map(\.reference) == rhs.faces.map(\.reference)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(faces.map(\.reference))
    }
}

extension FontChain {
    /// The faces fontconfig picks for `family` (its sorted fallback list, best first, at
    /// most `limit` faces). Only when asked for: results then depend on the machine.
    ///
    /// fontconfig always finds something: for a family that is not installed, its default
    /// (often DejaVu Sans) comes first. Check ``isInstalledFamily(_:)`` to tell.
    /// - Throws: ``TextEngineError/systemFontNotFound(family:)`` when nothing is installed.
    public static func system(family: String, language: String? = nil, limit: Int = 8) throws(TextEngineError) -> FontChain {
        let found = Fontconfig.sortedFaces(family: family, language: language, limit: limit)
        guard !found.isEmpty else { throw .systemFontNotFound(family: family) }
        return try FontChain(references: found.map { FontFaceReference(path: $0.path, faceIndex: $0.faceIndex) })
    }

    /// Whether an installed font is of `family` (compared ignoring case and spaces, with
    /// every family name a font gives). When not, ``system(family:language:limit:)`` gets
    /// fontconfig's substitute; a generic name such as `sans-serif` is always substituted.
    public static func isInstalledFamily(_ family: String) -> Bool {
        Fontconfig.hasInstalledFamily(family)
    }
}
