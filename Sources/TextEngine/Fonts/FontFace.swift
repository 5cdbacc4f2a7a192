// Font faces: a file, a face index in it, and the names FreeType reads from it.

/// A font face named by its file and, for a collection (`.ttc`), its face index.
///
/// Written as a string, a face is `path` or `path#N` (`NotoSansCJK-Regular.ttc#0`).
public struct FontFaceReference: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var faceIndex: Int

    public init(path: String, faceIndex: Int = 0) {
        self.path = path
        self.faceIndex = faceIndex
    }

    /// Parses `path` or `path#N`; a `#` followed by anything but digits is part of the path.
    public init(parsing spec: String) {
        if let hash = spec.lastIndex(of: "#"), case let digits = spec[spec.index(after: hash)...],
            !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }), let index = Int(digits)
        {
            self.init(path: String(spec[..<hash]), faceIndex: index)
        } else {
            self.init(path: spec)
        }
    }

    /// `path#N`, or just `path` for face 0.
    public var description: String { faceIndex == 0 ? path : "\(path)#\(faceIndex)" }
}

/// A loaded face: its reference and the names in its `name` table.
public struct FontFace: Hashable, Sendable {
    public var reference: FontFaceReference
    public var family: String
    public var style: String
    /// The version its `name` table gives, such as "2.37".
    public var version: String
}
