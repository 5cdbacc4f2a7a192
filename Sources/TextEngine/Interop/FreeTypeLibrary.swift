// FreeType: opening font files to validate them and read their names.
import CFreeType
import CFreeTypeErrors
import Locked

/// The process's FreeType library. `FT_New_Face` and `FT_Done_Face` on one library are not
/// thread-safe, so every use holds the lock; faces are opened briefly and closed again.
final class FreeTypeLibrary: Sendable {
    static let shared = FreeTypeLibrary()

    private let library: Locked<FT_Library?>

    private init() {
        var library: FT_Library?
        FT_Init_FreeType(&library)
        self.library = Locked(library)
    }

    /// The version of the FreeType library loaded, such as "2.12.1".
    var version: String {
        library.withLock { library in
            guard let library else { return "unknown" }
            var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
            FT_Library_Version(library, &major, &minor, &patch)
            return "\(major).\(minor).\(patch)"
        }
    }

    /// What FreeType reads from a face of a font file.
    struct FaceInfo {
        var family: String
        var style: String
        var faceCount: Int
    }

    /// Opens face `faceIndex` of the file at `path` (`FT_New_Face`) and reads its names.
    /// Returns FreeType's error code when the file is missing, unreadable or not a font.
    func inspect(path: String, faceIndex: Int) -> Result<FaceInfo, FreeTypeError> {
        library.withLock { library -> Result<FaceInfo, FreeTypeError> in
            guard let library else { return .failure(FreeTypeError(code: -1)) }
            var face: FT_Face?
            let error = FT_New_Face(library, path, FT_Long(faceIndex), &face)
            guard error == 0, let face else { return .failure(FreeTypeError(code: error)) }
            defer { FT_Done_Face(face) }
            let record = face.pointee
            return .success(
                FaceInfo(
                    family: record.family_name.map { String(cString: $0) } ?? "",
                    style: record.style_name.map { String(cString: $0) } ?? "",
                    faceCount: Int(record.num_faces)))
        }
    }
}

extension Result {
    /// The error of a failure; nil for a success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// A FreeType error code with FreeType's own message for it ("cannot open resource").
package struct FreeTypeError: Error, CustomStringConvertible {
    package var code: Int32

    package init(code: Int32) { self.code = code }

    package var description: String {
        guard let message = cardsize_freetype_error_message(code) else { return "FreeType error \(code)" }
        return "\(String(cString: message)) (FreeType error \(code))"
    }
}
