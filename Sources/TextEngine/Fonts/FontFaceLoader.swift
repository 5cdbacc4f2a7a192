// Opening one face of a chain: checked, named by FreeType, loaded by HarfBuzz, checked again.

/// Loads the faces a ``FontChain`` is made of.
enum FontFaceLoader {
    /// Opens `reference`: ``FontFaceValidator`` checks its tables (naming a damaged table, or
    /// FreeType's error for a file that is missing or not a font), FreeType reads its names,
    /// HarfBuzz loads it, and what HarfBuzz loaded must agree with the tables, since HarfBuzz
    /// drops a table it finds damaged and then measures with zeros.
    /// - Throws: ``TextEngineError/fontFile(path:reason:)`` naming the file and what is wrong.
    static func load(_ reference: FontFaceReference) throws(TextEngineError) -> (face: FontFace, harfBuzz: HarfBuzzFace) {
        let facts = try FontFaceValidator.validate(reference) {
            FreeTypeLibrary.shared.inspect(path: reference.path, faceIndex: reference.faceIndex).failure
        }
        let info: FreeTypeLibrary.FaceInfo
        switch FreeTypeLibrary.shared.inspect(path: reference.path, faceIndex: reference.faceIndex) {
        case .success(let found): info = found
        case .failure(let error): throw .fontFile(path: reference.description, reason: error.description)
        }
        guard let face = HarfBuzzFace(path: reference.path, faceIndex: reference.faceIndex) else {
            throw .fontFile(path: reference.description, reason: "HarfBuzz could not load the face")
        }
        if let disagreement = face.disagreement(with: facts) {
            throw .fontFile(path: reference.description, reason: "HarfBuzz rejected part of the face: \(disagreement)")
        }
        return (FontFace(reference: reference, family: info.family, style: info.style, version: face.fontVersion), face)
    }
}
