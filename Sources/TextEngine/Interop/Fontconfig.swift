// fontconfig: finding installed fonts by family name, with fontconfig's sorted fallback.
import CFontconfig

/// Looks up system fonts through fontconfig's default configuration.
enum Fontconfig {
    /// The faces fontconfig sorts for `family` (`FcFontSort` after the default
    /// substitutions), best first, each with its file and face index, without duplicates.
    /// Only when asked for: the engine's default chain is the bundled fonts.
    static func sortedFaces(family: String, language: String?, limit: Int) -> [(path: String, faceIndex: Int, family: String)] {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        add(family, as: FC_FAMILY, to: pattern)
        if let language { add(language, as: FC_LANG, to: pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let fontSet = FcFontSort(nil, pattern, FcTrue, nil, &result) else { return [] }
        defer { FcFontSetDestroy(fontSet) }

        var faces: [(path: String, faceIndex: Int, family: String)] = []
        var seen = Set<String>()
        for index in 0..<Int(fontSet.pointee.nfont) where faces.count < limit {
            guard let font = fontSet.pointee.fonts[index] else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            var faceFamily: UnsafeMutablePointer<FcChar8>?
            var faceIndex: Int32 = 0
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &faceIndex)
            _ = FcPatternGetString(font, FC_FAMILY, 0, &faceFamily)
            let path = String(cString: file)
            guard seen.insert("\(path)#\(faceIndex)").inserted else { continue }
            faces.append((path, Int(faceIndex), faceFamily.map { String(cString: $0) } ?? ""))
        }
        return faces
    }
}

extension Fontconfig {
    /// Whether an installed font has `family` among its family names (`FcFontList`, which
    /// compares them ignoring case and spaces). Generic names such as `sans-serif` are
    /// fontconfig aliases, not installed families.
    static func hasInstalledFamily(_ family: String) -> Bool {
        guard FcInit() != 0, let pattern = FcPatternCreate() else { return false }
        defer { FcPatternDestroy(pattern) }
        add(family, as: FC_FAMILY, to: pattern)
        guard let properties = FcObjectSetCreate() else { return false }
        defer { FcObjectSetDestroy(properties) }
        FcObjectSetAdd(properties, FC_FAMILY)
        guard let fonts = FcFontList(nil, pattern, properties) else { return false }
        defer { FcFontSetDestroy(fonts) }
        return fonts.pointee.nfont > 0
    }

    /// Adds `value` to `pattern` under `property` (`FC_FAMILY`, `FC_LANG`).
    private static func add(_ value: String, as property: UnsafePointer<CChar>, to pattern: OpaquePointer) {
        _ = value.withCString { string in
            string.withMemoryRebound(to: FcChar8.self, capacity: value.utf8.count + 1) {
                FcPatternAddString(pattern, property, $0)
            }
        }
    }
}
